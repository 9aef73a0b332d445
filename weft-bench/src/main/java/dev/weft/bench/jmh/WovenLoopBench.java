package dev.weft.bench.jmh;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Whether C2 still compiles a loop well once the weaver has cut it at an {@code await}: each
 * woven loop beside the same loop written by hand as a poll state machine (locals in registers,
 * spilled into fields only when the awaited future is pending, the shape the weaver aims for).
 * Every await here is of a ready future, so each invocation makes one future, polls it once and
 * it runs to its end; a score is per loop iteration (one await), {@value #N} per invocation.
 * <ul>
 *   <li>{@link #wovenSumArray} / {@link #handSumArray}: sums an {@code int[]}, awaiting a ready
 *       {@code Future<Void>} (its answer is a shared instance) before adding each element;</li>
 *   <li>{@link #wovenReadyAwaits} / {@link #handReadyAwaits}: a counted loop adding the output of
 *       a ready {@code Future<Integer>}, whose every poll answers a new {@link Poll.Ready}: with
 *       {@code -prof gc} it shows whether that answer is scalar-replaced (no bytes per await).</li>
 * </ul>
 * The woven benchmarks fail at setup unless weft-bench was built with the weaver. Run:
 * {@code java -jar weft-bench/target/weft-bench.jar WovenLoopBench -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(WovenLoopBench.N)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class WovenLoopBench {
    /** Loop iterations (awaits) per invocation. */
    static final int N = 1_000;

    private final Context cx = Context.noop();
    private final Future<Void> go = Future.ready(null);
    private final Future<Integer> one = Future.ready(1);
    private int[] values;

    /** JMH's constructor. */
    public WovenLoopBench() {}

    /**
     * Fills the array and checks that both ways of each loop are woven or hand-written as they
     * claim, and agree.
     *
     * @throws Exception if a future gives a wrong sum
     */
    @Setup(Level.Trial)
    public void setup() throws Exception {
        values = new SplittableRandom(42).ints(N, -1_000_000, 1_000_000).toArray();
        long sum = 0;
        for (int v : values) sum += v;
        Future<Long> woven = wovenSum(values, go);
        if (!(woven instanceof WovenFuture<?>)) {
            woven.cancel();
            throw new IllegalStateException("WovenLoopBench needs the weaver: build weft-bench with the weft-weaver plugin");
        }
        expect(sum, woven);
        expect(sum, new SumLoop(values, go));
        expect(N, wovenCount(N, one));
        expect(N, new CountLoop(N, one));
    }

    private void expect(long expected, Future<Long> loop) throws Exception {
        if (!(loop.poll(cx) instanceof Poll.Ready<Long>(Long v)) || v != expected) {
            throw new IllegalStateException(loop.getClass().getName() + " did not end with " + expected);
        }
    }

    /** {@code for (int x : a) { await(go); sum += x; }} as a woven body. */
    private static Future<Long> wovenSum(int[] a, Future<Void> go) {
        return Weft.async(() -> {
            long sum = 0;
            for (int x : a) {
                await(go);
                sum += x;
            }
            return sum;
        });
    }

    /** {@code for (int i = 0; i < n; i++) sum += await(one);} as a woven body. */
    private static Future<Long> wovenCount(int n, Future<Integer> one) {
        return Weft.async(() -> {
            long sum = 0;
            for (int i = 0; i < n; i++) sum += await(one);
            return sum;
        });
    }

    /** The hand-written state machine of {@link #wovenSum}. */
    static final class SumLoop implements Future<Long> {
        private final int[] a;
        private final Future<Void> go;
        private int i;
        private long sum;

        SumLoop(int[] a, Future<Void> go) {
            this.a = a;
            this.go = go;
        }

        @Override
        public Poll<Long> poll(Context cx) throws Exception {
            int i = this.i;
            long sum = this.sum;
            for (; i < a.length; i++) {
                if (go.poll(cx).isPending()) {
                    this.i = i;
                    this.sum = sum;
                    return Poll.pending();
                }
                sum += a[i];
            }
            return Poll.ready(sum);
        }
    }

    /** The hand-written state machine of {@link #wovenCount}. */
    static final class CountLoop implements Future<Long> {
        private final int n;
        private final Future<Integer> one;
        private int i;
        private long sum;

        CountLoop(int n, Future<Integer> one) {
            this.n = n;
            this.one = one;
        }

        @Override
        public Poll<Long> poll(Context cx) throws Exception {
            int i = this.i;
            long sum = this.sum;
            for (; i < n; i++) {
                if (!(one.poll(cx) instanceof Poll.Ready<Integer>(Integer v))) {
                    this.i = i;
                    this.sum = sum;
                    return Poll.pending();
                }
                sum += v;
            }
            return Poll.ready(sum);
        }
    }

    /**
     * @return the woven sum's answer
     * @throws Exception never in practice (the poll of the body)
     */
    @Benchmark
    public Poll<Long> wovenSumArray() throws Exception {
        return wovenSum(values, go).poll(cx);
    }

    /**
     * @return the hand-written sum's answer
     * @throws Exception never in practice (the poll)
     */
    @Benchmark
    public Poll<Long> handSumArray() throws Exception {
        return new SumLoop(values, go).poll(cx);
    }

    /**
     * @return the woven counted loop's answer
     * @throws Exception never in practice (the poll of the body)
     */
    @Benchmark
    public Poll<Long> wovenReadyAwaits() throws Exception {
        return wovenCount(N, one).poll(cx);
    }

    /**
     * @return the hand-written counted loop's answer
     * @throws Exception never in practice (the poll)
     */
    @Benchmark
    public Poll<Long> handReadyAwaits() throws Exception {
        return new CountLoop(N, one).poll(cx);
    }
}
