package dev.weft.bench.workload;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * A measured pass: its wall-clock nanoseconds and the CPU nanoseconds this whole process spent
 * over the same interval (every thread: workers, JIT compiler, GC). CPU time leaves out the time
 * the hypervisor stole from this machine, which wall-clock time does not. The CPU clock is
 * {@code clock_gettime(CLOCK_PROCESS_CPUTIME_ID)} through the FFM API (nanoseconds; the JVM's
 * {@code OperatingSystemMXBean.getProcessCpuTime()} counts in clock ticks of 10 ms here, too coarse
 * for a 50 ms pass), or that bean where the C library has no such clock. Either end may be off by
 * up to a scheduler tick per CPU (the kernel adds a thread running on another CPU to the process's
 * time at its tick): a few milliseconds, which matters for the quick passes only.
 *
 * @param wallNanos {@code System.nanoTime()} difference over the pass
 * @param cpuNanos process CPU time difference over the pass
 */
record Measured(long wallNanos, long cpuNanos) {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** The key of the extra {@link #cpuPerOp} gives, which the {@link Runner} reads. */
    static final String CPU_KEY = "cpu_ns_per_op";

    /**
     * Times {@code pass} once.
     *
     * @param pass the pass
     * @return its wall-clock and process CPU nanoseconds
     * @throws Exception what the pass threw
     */
    static Measured of(Peers.Pass pass) throws Exception {
        long c0 = processCpuNanos();
        long t0 = System.nanoTime();
        pass.run();
        long wall = System.nanoTime() - t0;
        return new Measured(wall, processCpuNanos() - c0);
    }

    private static final int CLOCK_PROCESS_CPUTIME_ID = 2; // Linux, <time.h>
    private static final MethodHandle CLOCK_GETTIME = clockGettime();

    static {
        processCpuNanos(); // links the call site now, not inside the first measured interval
    }

    /** @return the CPU time of this process so far, in nanoseconds */
    static long processCpuNanos() {
        if (CLOCK_GETTIME == null) return OS.getProcessCpuTime();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ts = a.allocate(2 * Long.BYTES, Long.BYTES); // struct timespec on LP64
            int rc = (int) CLOCK_GETTIME.invokeExact(CLOCK_PROCESS_CPUTIME_ID, ts);
            if (rc != 0) return OS.getProcessCpuTime();
            return ts.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + ts.get(ValueLayout.JAVA_LONG, Long.BYTES);
        } catch (Throwable t) {
            throw new IllegalStateException("clock_gettime failed", t);
        }
    }

    /** @return {@code int clock_gettime(clockid_t, struct timespec *)}, or null off 64-bit Linux */
    private static MethodHandle clockGettime() {
        if (!System.getProperty("os.name").equals("Linux") || ValueLayout.ADDRESS.byteSize() != Long.BYTES) return null;
        Linker linker = Linker.nativeLinker();
        return linker.defaultLookup().find("clock_gettime")
                .map(f -> linker.downcallHandle(f, FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS)))
                .orElse(null);
    }

    /**
     * @param ops the operations of the pass (tasks, yields, round trips ...)
     * @return {@code cpu_ns_per_op=<cpu ns / ops>}, the extra the {@link Runner} takes the median of
     */
    String cpuPerOp(long ops) {
        return cpuPerOp(cpuNanos, ops);
    }

    /**
     * @param cpuNanos CPU nanoseconds of a process over an interval
     * @param ops the operations done in it
     * @return {@code cpu_ns_per_op=<cpuNanos / ops>}
     */
    static String cpuPerOp(long cpuNanos, long ops) {
        return String.format(Locale.ROOT, "%s=%.1f", CPU_KEY, cpuNanos / (double) Math.max(1, ops));
    }
}
