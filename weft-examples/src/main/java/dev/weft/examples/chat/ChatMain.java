package dev.weft.examples.chat;

import dev.weft.Weft;
import dev.weft.examples.Shutdown;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Starts a {@link ChatServer} on 127.0.0.1 and serves until it is shut down; what
 * {@code weft-examples/run chat [PORT]} runs.
 *
 * {@snippet lang=shell :
 * weft-examples/run chat 7070    # prints: listening on 127.0.0.1:7070
 * nc 127.0.0.1 7070              # first line: your name; then chat; /quit leaves
 * }
 *
 * <p>The server shuts down (every client is told, writers get a second to deliver) when a client
 * sends {@code /shutdown}, when {@code /shutdown} is typed on the server's standard input, or when
 * the process is stopped (Ctrl-C, SIGTERM). Workers: 2 unless {@code -Dweft.chat.workers=N};
 * outbox: 64 messages unless {@code -Dweft.chat.outbox=N}.
 */
public final class ChatMain {
    private ChatMain() {}

    /**
     * @param args [PORT] (default 7070; 0: any free port)
     * @throws Exception if the port cannot be bound or is not a number
     */
    public static void main(String[] args) throws Exception {
        if (args.length > 1) {
            System.err.println("usage: ChatMain [PORT]");
            System.exit(2);
        }
        int port;
        try {
            port = args.length == 1 ? Integer.parseInt(args[0]) : 7070;
        } catch (NumberFormatException e) {
            System.err.println("ChatMain: PORT must be a number, got '" + args[0] + "'");
            System.exit(2);
            return;
        }
        ChatConfig config = ChatConfig.onPort(port)
                .withWorkers(Integer.getInteger("weft.chat.workers", 2))
                .withOutbox(Integer.getInteger("weft.chat.outbox", ChatConfig.DEFAULT_OUTBOX));
        ChatServer server = ChatServer.start(config);
        System.out.println("listening on 127.0.0.1:" + server.port());
        System.out.flush();
        Shutdown.onExit(grace -> server.shutdown(config.drainGrace()));
        Thread.ofPlatform().daemon().name("chat-stdin").start(() -> watchStdin(server));
        Weft.blockOn(server.stopped());
    }

    /** Shuts the server down when {@code /shutdown} is typed on standard input. */
    private static void watchStdin(ChatServer server) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.strip().equals("/shutdown")) {
                    server.shutdown(server.config().drainGrace());
                    return;
                }
            }
        } catch (IOException closed) {
            // no standard input: the other ways to stop remain
        }
    }
}
