package dev.weft.bench.soak;

import dev.weft.examples.echo.WovenEchoServer;
import dev.weft.net.tls.TlsAcceptor;
import dev.weft.net.tls.TlsContexts;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * The server JVM of the harness: the woven echo server on 127.0.0.1 (any free port), or with
 * arguments {@code tls CERT KEY HANDSHAKE_MS} the {@link TlsEchoServer} with that certificate and
 * handshake deadline, printing {@code listening <port>}, then answering each {@code stats} line on
 * stdin with one line {@code stats <heapUsedAfterGc> <fds> <threads>} (bytes after
 * {@link System#gc()}, entries of {@code /proc/self/fd}, the {@code Threads:} of
 * {@code /proc/self/status}), so that the figures are the server's own, and each {@code endings}
 * line with {@code endings} and the {@link Endings#line()} of the TLS server (nothing after it for
 * the echo server), and each {@code connections} line with {@code connections} and how many
 * connection tasks are alive. It ends when stdin ends (the harness is gone) or on {@code quit}.
 */
public final class SoakServer {
    private SoakServer() {}

    /**
     * @param args none (the echo server), or {@code tls CERT KEY HANDSHAKE_MS}
     * @throws Exception if the server cannot bind or the certificate cannot be read
     */
    public static void main(String[] args) throws Exception {
        InetSocketAddress any = new InetSocketAddress("127.0.0.1", 0);
        if (args.length == 4 && args[0].equals("tls")) {
            TlsAcceptor acceptor = TlsAcceptor.of(TlsContexts.fromPem(Path.of(args[1]), Path.of(args[2])))
                    .withHandshakeTimeout(Duration.ofMillis(Long.parseLong(args[3])));
            try (TlsEchoServer server = TlsEchoServer.start(any, acceptor)) {
                answer(server.port(), server.endings(), server::connections);
            }
        } else {
            try (WovenEchoServer server = WovenEchoServer.start(any)) {
                answer(server.port(), null, server::connections);
            }
        }
    }

    /** Prints the port, then answers stdin's lines until it ends or says {@code quit}. */
    private static void answer(int port, Endings endings, java.util.function.IntSupplier connections) throws IOException {
        System.out.println("listening " + port);
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null && !line.equals("quit"); ) {
            if (line.equals("stats")) {
                System.out.println("stats " + heapAfterGc() + " " + fds() + " " + threads());
            } else if (line.equals("connections")) {
                System.out.println("connections " + connections.getAsInt());
            } else if (line.equals("endings")) {
                System.out.println("endings" + (endings == null ? "" : endings.line()));
            }
            System.out.flush();
        }
    }

    private static long heapAfterGc() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long fds() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            return s.count() - 1; // less the directory stream's own descriptor
        }
    }

    private static long threads() throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (l.startsWith("Threads:")) {
                return Long.parseLong(l.substring(8).trim());
            }
        }
        return -1;
    }
}
