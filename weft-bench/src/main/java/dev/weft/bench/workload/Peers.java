package dev.weft.bench.workload;

import dev.weft.exec.WeftRuntime;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ForkJoinPool;

/** How each implementation is set up for a workload: 2 workers everywhere (WORKLOADS.md). */
final class Peers {
    static final int WORKERS = Integer.getInteger("weft.bench.workers", 2);

    private Peers() {}

    /** @return Weft's work-stealing runtime with 2 workers */
    static WeftRuntime weft() {
        return WeftRuntime.builder().workers(WORKERS).threadNamePrefix("weft-bench-").build();
    }

    /** @return the ForkJoinPool of the cf-fjp peer */
    static ForkJoinPool forkJoinPool() {
        return new ForkJoinPool(WORKERS);
    }

    /**
     * Fails unless this JVM's virtual thread scheduler has parallelism 2 (set by the runner with
     * {@code -Djdk.virtualThreadScheduler.parallelism=2}).
     */
    static void checkVirtualThreadParallelism() {
        String p = System.getProperty("jdk.virtualThreadScheduler.parallelism");
        if (!String.valueOf(WORKERS).equals(p)) {
            throw new IllegalStateException("run with -Djdk.virtualThreadScheduler.parallelism=" + WORKERS + " (got " + p + ")");
        }
    }

    /** The system property that sets the warm-up passes ({@link #warmups()}). */
    static final String WARMUPS_PROPERTY = "weft.bench.warmups";

    /**
     * @return the warm-up passes before the measured one: {@code -Dweft.bench.warmups}, default 1
     *     (WORKLOADS.md's one warm-up pass). More of them measure the JIT's steady state instead.
     */
    static int warmups() {
        return Integer.getInteger(WARMUPS_PROPERTY, 1);
    }

    /**
     * Runs {@code pass} for the JIT warm-up ({@link #warmups()} times), then measures it once.
     *
     * @return the measured pass's wall-clock and process CPU nanoseconds (warm-up excluded)
     */
    static Measured warmThenMeasure(Pass pass) throws Exception {
        // Links the CPU clock's FFM downcall before the warm-up: linking it loads and compiles
        // enough code to compete with a short measured pass for this machine's two cores.
        Measured.processCpuNanos();
        for (int i = warmups(); i > 0; i--) {
            long faults = minorFaults();
            long t0 = System.nanoTime();
            pass.run();
            verbose("warm-up", System.nanoTime() - t0, faults);
        }
        long faults = minorFaults();
        Measured m = Measured.of(pass);
        verbose("measured", m.wallNanos(), faults);
        return m;
    }

    /**
     * With {@code -Dweft.bench.verbose=true}, prints a pass's length, the process's minor page
     * faults during it (first touches of memory: a growing heap, new code) and the JVM uptime at its
     * end (which lines up with the stamps of {@code -XX:+LogCompilation} and {@code -Xlog}).
     */
    private static void verbose(String kind, long nanos, long faultsBefore) {
        if (!VERBOSE) return;
        System.err.printf("%s pass: %.1f ms, %d minor page faults, ended at JVM uptime %.3f s%n",
                kind, nanos / 1e6, minorFaults() - faultsBefore, ManagementFactory.getRuntimeMXBean().getUptime() / 1e3);
    }

    private static final boolean VERBOSE = Boolean.getBoolean("weft.bench.verbose");

    /** @return the process's minor page faults so far ({@code /proc/self/stat}), or 0 if unknown or not verbose */
    private static long minorFaults() {
        if (!VERBOSE) return 0;
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[7]); // minflt, the 10th field of proc(5); f[0] is the 3rd
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
        }
    }

    /** One pass of a workload; throws if its result is wrong. */
    @FunctionalInterface
    interface Pass {
        void run() throws Exception;
    }
}
