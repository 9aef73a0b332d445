package dev.weft.bench.soak;

import dev.weft.examples.echo.WovenEchoServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The server JVM of the harness: the woven echo server on 127.0.0.1 (any free port), printing
 * {@code listening <port>}, then answering each {@code stats} line on stdin with one line
 * {@code stats <heapUsedAfterGc> <fds> <threads>} (bytes after {@link System#gc()}, entries of
 * {@code /proc/self/fd}, the {@code Threads:} of {@code /proc/self/status}), so that the figures
 * are the server's own. It ends when stdin ends (the harness is gone) or on {@code quit}.
 */
public final class SoakServer {
    private SoakServer() {}

    /**
     * @param args unused
     * @throws IOException if the server cannot bind
     */
    public static void main(String[] args) throws IOException {
        try (WovenEchoServer server = WovenEchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
            System.out.println("listening " + server.port());
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line; (line = in.readLine()) != null && !line.equals("quit"); ) {
                if (line.equals("stats")) {
                    System.out.println("stats " + heapAfterGc() + " " + fds() + " " + threads());
                    System.out.flush();
                }
            }
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
