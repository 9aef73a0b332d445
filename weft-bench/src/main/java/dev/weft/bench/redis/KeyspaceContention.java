package dev.weft.bench.redis;

import dev.weft.examples.redis.store.ExpiryScheduler;
import dev.weft.examples.redis.store.Key;
import dev.weft.examples.redis.store.Keyspace;
import dev.weft.examples.redis.store.StringOps;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;

/**
 * The Redis example's keyspace with 64 shards (what the server uses) against the same keyspace
 * with one shard (one lock for every key): {@code T} threads each run GET and SET (9 to 1, as a
 * cache sees them) on random keys of a 100,000-key space, the two variants measured in
 * alternating rounds of the same run. Prints, per variant, the median throughput and the CPU
 * time per operation (thread CPU time: robust on a shared machine, and what lock contention
 * costs), then their ratio:
 * <pre>
 * RESULT impl=shards-64 workload=keyspace-get-set value=&lt;ops/s&gt; unit=ops/s extra=cpu_ns_per_op=..,min=..,max=..,n=..
 * RESULT impl=shards-64/shards-1 workload=keyspace-get-set value=&lt;ratio&gt; unit=x extra=cpu_ratio=..
 * </pre>
 *
 * {@snippet lang=shell :
 * java -cp weft-bench/target/weft-bench.jar dev.weft.bench.redis.KeyspaceContention 2 5
 * }
 */
public final class KeyspaceContention {
    private static final int KEYS = 100_000;
    private static final int OPS_PER_THREAD = 2_000_000;

    private KeyspaceContention() {}

    /** One measured pass: throughput and CPU nanoseconds per operation. */
    private record Pass(double opsPerSecond, double cpuNanosPerOp) {}

    /**
     * @param args [THREADS (default 2)] [ROUNDS (default 5)]
     * @throws Exception if a thread fails
     */
    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        byte[][] keys = new byte[KEYS][];
        for (int i = 0; i < KEYS; i++) keys[i] = ("key:" + i).getBytes(StandardCharsets.US_ASCII);
        int[] variants = {64, 1};
        List<List<Pass>> passes = List.of(new ArrayList<>(), new ArrayList<>());
        for (int v : variants) pass(v, threads, keys); // warm-up, not counted
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < variants.length; i++) {
                int at = (r % 2 == 0) ? i : variants.length - 1 - i; // alternate which goes first
                passes.get(at).add(pass(variants[at], threads, keys));
            }
        }
        double[] ops = new double[2];
        double[] cpu = new double[2];
        for (int i = 0; i < variants.length; i++) {
            double[] o = passes.get(i).stream().mapToDouble(Pass::opsPerSecond).sorted().toArray();
            double[] c = passes.get(i).stream().mapToDouble(Pass::cpuNanosPerOp).sorted().toArray();
            ops[i] = o[o.length / 2];
            cpu[i] = c[c.length / 2];
            System.out.println(String.format(Locale.ROOT,
                    "RESULT impl=shards-%d workload=keyspace-get-set value=%.0f unit=ops/s extra=cpu_ns_per_op=%.1f,min=%.0f,max=%.0f,n=%d,threads=%d",
                    variants[i], ops[i], cpu[i], o[0], o[o.length - 1], o.length, threads));
        }
        System.out.println(String.format(Locale.ROOT,
                "RESULT impl=shards-64/shards-1 workload=keyspace-get-set value=%.3f unit=x extra=cpu_ratio=%.3f",
                ops[0] / ops[1], cpu[0] / cpu[1]));
    }

    private static Pass pass(int shards, int threads, byte[][] keys) throws Exception {
        Keyspace ks = new Keyspace(shards, System::currentTimeMillis, ExpiryScheduler.LAZY_ONLY);
        StringOps strings = new StringOps(ks);
        Key[] k = Arrays.stream(keys).map(Key::of).toArray(Key[]::new);
        for (Key key : k) strings.set(key, key.bytes(), 0, StringOps.Condition.ALWAYS, false);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        CyclicBarrier start = new CyclicBarrier(threads + 1);
        long[] cpuNanos = new long[threads];
        Thread[] workers = new Thread[threads];
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers[t] = new Thread(() -> {
                try {
                    SplittableRandom r = new SplittableRandom(id * 7919L + shards);
                    start.await();
                    long c0 = mx.getCurrentThreadCpuTime();
                    long sink = 0;
                    for (int i = 0; i < OPS_PER_THREAD; i++) {
                        Key key = k[r.nextInt(KEYS)];
                        if (r.nextInt(10) == 0) strings.set(key, key.bytes(), 0, StringOps.Condition.ALWAYS, false);
                        else sink += strings.get(key).length;
                    }
                    cpuNanos[id] = mx.getCurrentThreadCpuTime() - c0;
                    if (sink == 42) System.out.print(""); // keeps the reads live
                } catch (Throwable e) {
                    failure[0] = e;
                }
            });
            workers[t].start();
        }
        start.await();
        long t0 = System.nanoTime();
        for (Thread w : workers) w.join();
        long elapsed = System.nanoTime() - t0;
        if (failure[0] != null) throw new IllegalStateException("a worker failed", failure[0]);
        long ops = (long) threads * OPS_PER_THREAD;
        return new Pass(ops * 1e9 / elapsed, (double) Arrays.stream(cpuNanos).sum() / ops);
    }
}
