package dev.weft.bench.jmh;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import dev.weft.task.Task;
import java.util.List;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a task scope adds to a spawn, per child (W8's first half at steady state): a task on a
 * 2-worker runtime spawns a batch of {@value #N} children that each return {@code i + 1} at once,
 * then
 * <ul>
 *   <li>{@link #plain()}: awaits each handle in spawn order ({@code Task.spawn}, W1's pattern);</li>
 *   <li>{@link #scoped()}: spawned into a {@link TaskScope} ({@code open()}, fail-fast), awaits
 *       {@code join()} and {@code closing()}, then reads each handle's output;</li>
 *   <li>{@link #scopedAllInOrder()}: spawned into a scope with {@code Joiner.allInOrder()}, whose
 *       {@code join()} gives the outputs (as W8 does).</li>
 * </ul>
 * Each sums the outputs and checks the sum. One operation is one child: the batch's spawn of its
 * driver task and the main thread's wait for it are shared by its {@value #N} children, alike in
 * the three. Read {@code -prof gc}'s {@code gc.alloc.rate.norm} as bytes per child.
 *
 * {@snippet lang=shell :
 * java -jar weft-bench/target/weft-bench.jar ScopeBench -prof gc
 * }
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"})
public class ScopeBench {
    static final int N = 100;
    private static final long SUM = (long) N * (N + 1) / 2;

    private WeftRuntime rt;

    /** Two workers. */
    @Setup(Level.Trial)
    public void setup() {
        rt = WeftRuntime.builder().workers(2).threadNamePrefix("scope-bench-").build();
    }

    /** Stops it. */
    @TearDown(Level.Trial)
    public void tearDown() {
        rt.close();
    }

    /** @return the sum of the outputs */
    @Benchmark
    @OperationsPerInvocation(N)
    public long plain() {
        return check(rt.blockOn(rt.spawn(new PlainBatch())));
    }

    /** @return the sum of the outputs */
    @Benchmark
    @OperationsPerInvocation(N)
    public long scoped() {
        return check(rt.blockOn(rt.spawn(new ScopedBatch())));
    }

    /** @return the sum of the outputs */
    @Benchmark
    @OperationsPerInvocation(N)
    public long scopedAllInOrder() {
        return check(rt.blockOn(rt.spawn(new AllInOrderBatch())));
    }

    private static long check(long sum) {
        if (sum != SUM) throw new IllegalStateException("sum " + sum + " != " + SUM);
        return sum;
    }

    /** Child {@code i}: ready at once with {@code i + 1}. */
    private static Future<Integer> child(int i) {
        Integer v = i + 1;
        return cx -> Poll.ready(v);
    }

    /** Spawns N children on its first poll, then awaits their handles in order. */
    private static final class PlainBatch implements Future<Long> {
        @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation
        private final Task<Integer>[] handles = new Task[N];
        private boolean spawned;
        private int next;
        private long sum;

        @Override
        public Poll<Long> poll(Context cx) throws Exception {
            if (!spawned) {
                spawned = true;
                for (int i = 0; i < N; i++) handles[i] = Task.spawn(child(i));
            }
            while (next < N) {
                Poll<Integer> p = handles[next].poll(cx);
                if (p.isPending()) return Poll.pending();
                sum += p.value();
                handles[next++] = null;
            }
            return Poll.ready(sum);
        }
    }

    /**
     * Spawns N children into a fail-fast scope, awaits its join and its close, then reads the
     * handles. A handle is polled, not read with {@code isDone()}: right after the join its task
     * may still be finishing its last poll (the scope counts a child ended from inside that
     * poll), and the poll then waits for it.
     */
    private static final class ScopedBatch implements Future<Long> {
        @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation
        private final Task<Integer>[] handles = new Task[N];
        private TaskScope<Object, Void> scope;
        private Future<Void> join;
        private boolean closed;
        private int next;
        private long sum;

        @Override
        public Poll<Long> poll(Context cx) throws Exception {
            if (scope == null) {
                scope = TaskScope.open();
                for (int i = 0; i < N; i++) handles[i] = scope.spawn(child(i));
                join = scope.join();
            }
            if (join != null) {
                if (join.poll(cx).isPending()) return Poll.pending();
                join = null;
            }
            if (!closed) {
                if (scope.closing().poll(cx).isPending()) return Poll.pending();
                closed = true;
            }
            while (next < N) {
                Poll<Integer> p = handles[next].poll(cx);
                if (p.isPending()) return Poll.pending();
                sum += p.value();
                handles[next++] = null;
            }
            return Poll.ready(sum);
        }
    }

    /** Spawns N children into an {@code allInOrder} scope, awaits its join (the outputs) and its close. */
    private static final class AllInOrderBatch implements Future<Long> {
        private TaskScope<Integer, List<Integer>> scope;
        private Future<List<Integer>> join;
        private long sum = -1;

        @Override
        public Poll<Long> poll(Context cx) throws Exception {
            if (scope == null) {
                scope = TaskScope.open(Joiner.allInOrder());
                for (int i = 0; i < N; i++) scope.spawn(child(i));
                join = scope.join();
            }
            if (sum < 0) {
                Poll<List<Integer>> p = join.poll(cx);
                if (p.isPending()) return Poll.pending();
                sum = 0;
                for (int v : p.value()) sum += v;
            }
            if (scope.closing().poll(cx).isPending()) return Poll.pending();
            return Poll.ready(sum);
        }
    }
}
