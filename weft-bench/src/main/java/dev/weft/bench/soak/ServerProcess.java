package dev.weft.bench.soak;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@link SoakServer} in a JVM of its own (this JVM's {@code java} and class path), its stderr
 * inherited: {@link #stats()} asks it for its figures, {@link #endings()} for how its TLS
 * connections ended, {@link #cpu()} reads its process CPU time
 * from the OS, {@link #alive()} says whether it still runs.
 */
final class ServerProcess implements AutoCloseable {
    /** The server's figures at one moment. */
    record Stats(long heapAfterGc, long fds, long threads) {}

    private final Process process;
    private final BufferedReader out;
    private final PrintWriter in;
    private final int port;

    private ServerProcess(Process process) throws IOException {
        this.process = process;
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.in = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
        String first = out.readLine();
        if (first == null || !first.startsWith("listening ")) {
            process.destroyForcibly();
            throw new IOException("the server JVM did not start: " + first);
        }
        this.port = Integer.parseInt(first.substring(10).trim());
    }

    static ServerProcess start(String heap) throws IOException {
        return start(heap, List.of());
    }

    /** The {@link TlsEchoServer} with {@code cert}, {@code key} and a handshake deadline of {@code handshakeMillis}. */
    static ServerProcess startTls(String heap, Path cert, Path key, long handshakeMillis) throws IOException {
        return start(heap, List.of("tls", cert.toString(), key.toString(), String.valueOf(handshakeMillis)));
    }

    private static ServerProcess start(String heap, List<String> args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        // native access: the server runs on the runtime's native epoll poller, as a deployed one would
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx" + heap, "--enable-native-access=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), SoakServer.class.getName()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        return new ServerProcess(p);
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    synchronized Stats stats() throws IOException {
        in.println("stats");
        String l = out.readLine();
        if (l == null || !l.startsWith("stats ")) {
            throw new IOException("the server JVM answered " + l + " (alive: " + alive() + ")");
        }
        String[] f = l.split(" ");
        return new Stats(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]));
    }

    /** @return how the TLS server's connections have ended so far, by reason (empty for the echo server) */
    synchronized Map<String, Long> endings() throws IOException {
        in.println("endings");
        String l = out.readLine();
        if (l == null || !l.startsWith("endings")) {
            throw new IOException("the server JVM answered " + l + " (alive: " + alive() + ")");
        }
        return Endings.parse(l.substring("endings".length()));
    }

    /** @return how many connection tasks the server has alive */
    synchronized long connections() throws IOException {
        in.println("connections");
        String l = out.readLine();
        if (l == null || !l.startsWith("connections ")) {
            throw new IOException("the server JVM answered " + l + " (alive: " + alive() + ")");
        }
        return Long.parseLong(l.substring("connections ".length()));
    }

    /** @return the server process's CPU time so far (user and system), from the OS */
    Duration cpu() {
        return process.toHandle().info().totalCpuDuration().orElseThrow();
    }

    @Override
    public void close() throws IOException {
        in.println("quit");
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
