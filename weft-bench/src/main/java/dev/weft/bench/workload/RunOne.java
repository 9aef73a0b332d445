package dev.weft.bench.workload;

import java.util.Locale;

/**
 * Runs one workload for one implementation in this JVM (warm-up pass, then the measured pass) and
 * prints {@code RESULT impl=<impl> workload=<W> value=<v> unit=<u> extra=<...>} on standard output.
 * The {@link Runner} starts one fresh JVM per run with this class as its main.
 *
 * {@snippet lang=shell :
 * java -cp weft-bench/target/weft-bench.jar dev.weft.bench.workload.RunOne W1 weft --quick
 * }
 */
public final class RunOne {
    private RunOne() {}

    /**
     * @param args workload id, implementation, and optionally {@code --quick}
     * @throws Exception if the workload failed (its result was wrong)
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: RunOne <workload> <impl> [--quick]");
            System.exit(2);
        }
        boolean quick = args.length > 2 && args[2].equals("--quick");
        Workload w = Registry.load(args[0]).orElseThrow(() -> new IllegalArgumentException("workload " + args[0] + " is not built yet"));
        if (!w.impls().contains(args[1])) throw new IllegalArgumentException(w.id() + " has no impl " + args[1] + "; it has " + w.impls());
        Workload.Result r = w.run(args[1], quick);
        // a measured pass after more (or fewer) warm-up passes than WORKLOADS.md's one says so
        String extra = Peers.warmups() == 1 ? r.extra() : r.extra() + ",warmups=" + Peers.warmups();
        System.out.println(String.format(Locale.ROOT, "RESULT impl=%s workload=%s value=%.1f unit=%s extra=%s",
                args[1], w.id(), r.value(), r.unit(), extra));
        System.exit(0); // peers may leave non-daemon threads behind
    }
}
