package dev.weft.bench.workload;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * W6 echo (WORKLOADS.md): a TCP echo server on 127.0.0.1 in one process, the one load generator
 * ({@link dev.weft.bench.echo.EchoLoadGenerator}) in another: C = 100 connections, 64-byte
 * messages, each waits for its whole echo (every byte verified), measured for D = 10 s after a
 * 2 s warm-up. {@code --quick}: C = 20, D = 2 s, warm-up 1 s.
 *
 * <p>Servers: {@code weft} (the echo example, {@code dev.weft.examples.echo.EchoServer}, on the
 * native epoll poller: the JVMs here have native access), {@code weft-nio} (the same on NIO's
 * selector, {@code -Dweft.poller=nio}), {@code vthreads} (blocking sockets, one virtual thread per connection), {@code netty-nio} and
 * {@code netty-epoll}. Every JVM gets {@code -Xmx8g} and 2 virtual-thread carriers; when
 * {@code taskset} is there and the machine has 2 or more CPUs, the server runs on CPU 1 and the
 * generator on CPU 0.
 *
 * <pre>
 * mvn -B -q -pl weft-bench -am package -DskipTests
 * java -cp weft-bench/target/weft-bench.jar dev.weft.bench.workload.W6Echo [--quick] [impl ...]
 * </pre>
 * prints {@code RESULT impl=<impl> workload=W6 value=<round trips/s> unit=round-trips/s
 * extra=p50_us=..,p99_us=..,round_trips=..,cpu_ns_per_op=..} per server, where
 * {@code cpu_ns_per_op} is the server process's CPU time over the measured interval (warm-up
 * excluded: from the generator's {@code MEASURING} line to its {@code MEASURED} line) per round
 * trip.
 */
public final class W6Echo implements Workload {
    private static final Pattern PORT = Pattern.compile("127\\.0\\.0\\.1:(\\d+)");
    private static final Pattern LOAD = Pattern.compile("LOAD rtps=([0-9.]+) p50_us=(\\d+) p99_us=(\\d+) n=(\\d+)");

    @Override
    public String id() {
        return "W6";
    }

    @Override
    public List<String> impls() {
        return List.of("weft", "weft-nio", "vthreads", "netty-nio", "netty-epoll");
    }

    @Override
    public Result run(String impl, boolean quick) throws Exception {
        List<String> server = switch (impl) {
            case "weft" -> List.of("dev.weft.examples.echo.EchoServer", "0");
            case "weft-nio" -> List.of("-Dweft.poller=nio", "dev.weft.examples.echo.EchoServer", "0");
            case "vthreads" -> List.of("dev.weft.bench.echo.VThreadEchoServer", "0");
            case "netty-nio" -> List.of("dev.weft.bench.echo.NettyEchoServer", "nio", "0");
            case "netty-epoll" -> List.of("dev.weft.bench.echo.NettyEchoServer", "epoll", "0");
            default -> throw new IllegalArgumentException("unknown impl " + impl);
        };
        Process srv = start(1, server);
        try {
            int port = awaitPort(srv, impl);
            List<String> load = List.of("dev.weft.bench.echo.EchoLoadGenerator", "--port", Integer.toString(port),
                    "--connections", quick ? "20" : "100", "--seconds", quick ? "2" : "10", "--warmup", quick ? "1" : "2");
            Process gen = start(0, load);
            String line = null;
            long cpu0 = -1;
            long cpu1 = -1;
            try (BufferedReader r = reader(gen)) {
                for (String l; (l = r.readLine()) != null; ) {
                    switch (l) {
                        case "MEASURING" -> cpu0 = cpuNanos(srv);
                        case "MEASURED" -> cpu1 = cpuNanos(srv);
                        default -> {
                            if (l.startsWith("LOAD ")) line = l;
                        }
                    }
                }
            }
            int exit = gen.waitFor();
            if (exit != 0 || line == null) throw new IOException("load generator failed for " + impl + " (exit " + exit + ")");
            if (!srv.isAlive()) throw new IOException(impl + " server died during the run");
            Matcher m = LOAD.matcher(line);
            if (!m.find()) throw new IOException("cannot parse: " + line);
            if (cpu0 < 0 || cpu1 < 0) throw new IOException("no CPU time of the " + impl + " server over the measured interval");
            long roundTrips = Long.parseLong(m.group(4));
            return new Result(Double.parseDouble(m.group(1)), "round-trips/s",
                    "p50_us=" + m.group(2) + ",p99_us=" + m.group(3) + ",round_trips=" + roundTrips
                            + "," + Measured.cpuPerOp(cpu1 - cpu0, roundTrips));
        } finally {
            srv.destroy();
            srv.waitFor();
        }
    }

    private static int awaitPort(Process srv, String impl) throws IOException {
        BufferedReader r = reader(srv);
        String first = r.readLine();
        if (first == null) throw new IOException(impl + " server exited before listening");
        Matcher m = PORT.matcher(first);
        if (!m.find()) throw new IOException(impl + " server said: " + first);
        Thread.ofPlatform().daemon().start(() -> { // keep draining so the server never blocks on stdout
            try {
                while (r.readLine() != null) { /* drained */ }
            } catch (IOException ignored) {
                // the server was stopped
            }
        });
        return Integer.parseInt(m.group(1));
    }

    /**
     * @return the CPU time of {@code p} so far (user + system, every thread; from /proc, in clock
     *     ticks of 10 ms on Linux)
     */
    private static long cpuNanos(Process p) throws IOException {
        return p.toHandle().info().totalCpuDuration()
                .orElseThrow(() -> new IOException("the OS gives no CPU time of process " + p.pid()))
                .toNanos();
    }

    private static BufferedReader reader(Process p) {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Starts a JVM on the same class path, pinned to {@code cpu} if {@code taskset} is there. */
    private static Process start(int cpu, List<String> mainAndArgs) throws IOException {
        List<String> cmd = new ArrayList<>();
        if (new File("/usr/bin/taskset").canExecute() && Runtime.getRuntime().availableProcessors() >= 2) {
            cmd.addAll(List.of("/usr/bin/taskset", "-c", Integer.toString(cpu)));
        }
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(List.of("-Xmx8g", "-Djdk.virtualThreadScheduler.parallelism=2", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path")));
        cmd.addAll(mainAndArgs);
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    /**
     * Runs W6 for the named implementations (all by default), one after another, and prints a
     * {@code RESULT} line for each.
     *
     * @param args {@code [--quick] [impl ...]}
     * @throws Exception if a run failed
     */
    public static void main(String[] args) throws Exception {
        boolean quick = false;
        List<String> impls = new ArrayList<>();
        for (String a : args) {
            if (a.equals("--quick")) quick = true;
            else impls.add(a);
        }
        W6Echo w = new W6Echo();
        if (impls.isEmpty()) impls.addAll(w.impls());
        for (String impl : impls) {
            System.err.println("W6 " + impl + (quick ? " (quick)" : "") + " ...");
            Result r = w.run(impl, quick);
            System.out.println(String.format(Locale.ROOT, "RESULT impl=%s workload=W6 value=%.1f unit=%s extra=%s",
                    impl, r.value(), r.unit(), r.extra()));
        }
    }
}
