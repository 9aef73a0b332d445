package dev.weft.bench.workload;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Bytes a workload allocates per operation in the steady state: the allocation of one measured
 * run after 10 extra warm-up passes minus that of a run without warm-up, over the 10 passes
 * ({@code ThreadMXBean.getTotalThreadAllocatedBytes}, every thread). The difference leaves out what
 * every run pays once (its runtime, its threads' last buffers). A first run warms the JIT.
 *
 * {@snippet lang=shell :
 * java --add-exports java.base/jdk.internal.vm=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED \
 *     -cp weft-bench/target/weft-bench.jar dev.weft.bench.workload.AllocPerOp W7 weft-woven 100000
 * }
 */
public final class AllocPerOp {
    private static final int EXTRA_PASSES = 10;

    private AllocPerOp() {}

    /**
     * @param args workload id, implementation, operations per pass
     * @throws Exception if the workload failed
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: AllocPerOp <workload> <impl> <operations per pass>");
            System.exit(2);
        }
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        Workload w = Registry.load(args[0]).orElseThrow(() -> new IllegalArgumentException("workload " + args[0] + " is not built yet"));
        long ops = Long.parseLong(args[2]);
        w.run(args[1], false);
        System.setProperty("weft.bench.warmups", "0");
        long b0 = threads.getTotalThreadAllocatedBytes();
        w.run(args[1], false);
        long b1 = threads.getTotalThreadAllocatedBytes();
        System.setProperty("weft.bench.warmups", String.valueOf(EXTRA_PASSES));
        w.run(args[1], false);
        long b2 = threads.getTotalThreadAllocatedBytes();
        double perOp = ((b2 - b1) - (b1 - b0)) / (double) (EXTRA_PASSES * ops);
        System.out.println(String.format(Locale.ROOT, "ALLOC impl=%s workload=%s bytes_per_op=%.1f", args[1], w.id(), perOp));
        System.exit(0); // peers may leave non-daemon threads behind
    }
}
