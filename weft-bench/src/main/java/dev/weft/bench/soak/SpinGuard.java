package dev.weft.bench.soak;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The selector spin guard: the server JVM with {@code connections} idle connections (each has made
 * one round trip, so the server reads on it), 3 s to settle, then the server process's CPU time
 * (user and system, from the OS) over {@code seconds}; it passes below 5% of one core.
 */
final class SpinGuard {
    private SpinGuard() {}

    static int run(int connections, int seconds) throws Exception {
        try (ServerProcess server = ServerProcess.start("512m")) {
            ServerProcess.Stats base = server.stats();
            List<Socket> idle = new ArrayList<>();
            try {
                for (int i = 0; i < connections; i++) {
                    Socket s = new Socket();
                    s.connect(new InetSocketAddress("127.0.0.1", server.port()), 30_000);
                    s.setSoTimeout(30_000);
                    s.getOutputStream().write(i);
                    InputStream in = s.getInputStream();
                    if (in.read() != (i & 0xff)) {
                        throw new IOException("connection " + i + ": no echo");
                    }
                    idle.add(s);
                }
                ServerProcess.Stats open = server.stats();
                Thread.sleep(3_000);
                Duration c0 = server.cpu();
                long t0 = System.nanoTime();
                Thread.sleep(seconds * 1000L);
                Duration c1 = server.cpu();
                long wall = System.nanoTime() - t0;
                double share = 100.0 * c1.minus(c0).toNanos() / wall;
                boolean ok = share < 5.0 && server.alive();
                System.out.printf(Locale.ROOT, "[spin] server pid %d: %d idle connections (server fds %d, %d before), threads %d%n",
                        server.pid(), idle.size(), open.fds(), base.fds(), open.threads());
                System.out.printf(Locale.ROOT, "[spin] server CPU time over %.1f s: %d ms = %.2f%% of one core (limit 5%%)%n",
                        wall / 1e9, c1.minus(c0).toMillis(), share);
                System.out.println("[spin] VERDICT: " + (ok ? "PASS" : "FAIL"));
                return ok ? 0 : 1;
            } finally {
                for (Socket s : idle) {
                    s.close();
                }
            }
        }
    }
}
