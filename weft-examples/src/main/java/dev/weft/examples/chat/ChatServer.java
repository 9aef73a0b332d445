package dev.weft.examples.chat;

import dev.weft.Weft;
import dev.weft.examples.Accepting;
import dev.weft.examples.Shutdown;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.task.Task;
import java.io.IOException;
import java.time.Duration;

/**
 * A line-based TCP chat: a client sends its name, then lines that every other client gets as
 * {@code name: text}; each client has a bounded outbox drained by a writer task of its own, and
 * a client whose outbox stays full for the configured patience is dropped as slow, so one stalled
 * reader never holds the others up for long nor grows the server's memory. See {@link ChatConnection} for the protocol.
 *
 * {@snippet :
 * try (ChatServer server = ChatServer.start(ChatConfig.onPort(0))) {
 *     int port = server.port(); // nc 127.0.0.1 <port>
 * }
 * }
 *
 * <p>One {@link WeftRuntime} runs it all: the server is one task ({@link Accepting#serve}), each
 * client a task of the server's task tracker that owns a task scope for its writer. The server
 * stops ({@link #shutdown(Duration)}, a client's {@code /shutdown}, Ctrl-C or SIGTERM) by closing
 * the room, which gives every client a last notice and closes its outbox, and then beginning the
 * server's {@link Shutdown}: connects are refused, reads end, writers deliver what is queued, and
 * what is still running after the grace is cancelled.
 */
public final class ChatServer implements AutoCloseable {
    /** The last line every client gets when the server stops. */
    static final String STOPPING = "* the server is shutting down";

    private final TcpListener listener;
    private final WeftRuntime runtime;
    private final ChatConfig config;
    private final Room room;
    private final Shutdown shutdown = new Shutdown();
    private final Task<Long> server;

    private ChatServer(TcpListener listener, WeftRuntime runtime, ChatConfig config) {
        this.listener = listener;
        this.runtime = runtime;
        this.config = config;
        this.room = new Room(config.patience());
        Runnable stop = () -> shutdown(config.drainGrace());
        this.server = runtime.spawn(Accepting.serve(listener, shutdown,
                s -> ChatConnection.serve(s, room, config, shutdown.token(), stop)));
    }

    /**
     * Binds and starts serving.
     *
     * @param config where and how
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static ChatServer start(ChatConfig config) throws IOException {
        WeftRuntime rt = WeftRuntime.builder().workers(config.workers()).threadNamePrefix("chat-worker-").build();
        TcpListener l = Accepting.bindOn(rt, config.address());
        return new ChatServer(l, rt, config);
    }

    /**
     * @return the port the server listens on
     * @throws IOException if the server is closed
     */
    public int port() throws IOException {
        return listener.localAddress().getPort();
    }

    /** @return the server's configuration */
    public ChatConfig config() {
        return config;
    }

    /** @return the runtime the server runs on (for its metrics and task dumps) */
    public WeftRuntime runtime() {
        return runtime;
    }

    /** @return how many connection tasks are alive */
    public int connections() {
        return shutdown.connections();
    }

    /**
     * Shuts the server down: every client gets {@value #STOPPING} after what is queued for it,
     * connects are refused, and writers get {@code grace} to deliver; then the rest is cancelled.
     * Never blocks; only the first call counts.
     *
     * @param grace how long the writers may take
     * @return the server's task: complete once every connection task has ended
     */
    public Task<Long> shutdown(Duration grace) {
        room.close(STOPPING);
        shutdown.begin(grace);
        return server;
    }

    /** @return the server's task, which ends once the server is shut down and its connections ended */
    public Future<Long> stopped() {
        return server;
    }

    /**
     * Shuts down with {@code drainGrace}, waits until every connection task has ended, and stops
     * the runtime.
     *
     * @throws IOException if closing the listener failed
     */
    @Override
    public void close() throws IOException {
        try {
            Weft.blockOn(shutdown(config.drainGrace()));
        } finally {
            listener.close();
            runtime.close();
        }
    }
}
