package dev.weft.bench.workload;

import java.util.List;

/**
 * The training run of the benchmarks' ahead-of-time cache: runs Weft's implementation of each named
 * workload (warm-up pass and measured pass, as {@link RunOne} does) in one JVM, so that a JVM started
 * with {@code -XX:AOTCacheOutput=<file>} records the classes they load and link and the method
 * profiles they gather, and writes the cache when this run exits. {@code weft-bench/paired --aot}
 * trains with it and gives the cache to a {@code weft-aot} contender.
 *
 * {@snippet lang=shell :
 * java -XX:AOTCacheOutput=weft-bench/target/bench.aot -cp weft-bench/target/weft-bench.jar \
 *     dev.weft.bench.workload.TrainingRun W1 W2 W3 W4 W7 W8
 * }
 */
public final class TrainingRun {
    private TrainingRun() {}

    /**
     * @param args workload ids (default W1 W2 W3 W4 W7 W8: those that need no second process)
     * @throws Exception if a workload failed
     */
    public static void main(String[] args) throws Exception {
        List<String> ids = args.length > 0 ? List.of(args) : List.of("W1", "W2", "W3", "W4", "W7", "W8");
        for (String id : ids) {
            Workload w = Registry.load(id).orElseThrow(() -> new IllegalArgumentException("workload " + id + " is not built yet"));
            long t0 = System.nanoTime();
            Workload.Result r = w.run("weft", false);
            System.out.printf("trained %s: %.4g %s in %d ms%n", id, r.value(), r.unit(), (System.nanoTime() - t0) / 1_000_000);
        }
        System.exit(0); // the JVM writes the cache on its way out; peers may leave non-daemon threads behind
    }
}
