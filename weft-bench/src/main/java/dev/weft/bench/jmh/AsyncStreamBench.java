package dev.weft.bench.jmh;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Cost of one element of an {@link AsyncStream}: each benchmark drains a stream of {@value #N}
 * elements (pre-boxed, so no {@code Integer} is made) and counts one operation per element, so
 * {@code -prof gc}'s {@code gc.alloc.rate.norm} is bytes per element.
 * <ul>
 *   <li>{@link #pollNextLoop}: a hand-written loop over {@code pollNext} of
 *       {@code AsyncStream.fromIterable}, everything inlinable (what escape analysis can
 *       remove);</li>
 *   <li>{@link #pollNextNotInlined}: the loop with {@code pollNext} called through a method the JIT
 *       may not inline, so every answer escapes (the cost where the stream's call site is
 *       megamorphic, or the stream is too big to inline);</li>
 *   <li>{@link #pollNextSometimesPending}: a stream that is pending before every 16th element
 *       (waking itself), as real streams are: the answer then merges a shared pending poll with a
 *       new ready one, which the JIT does not scalar-replace;</li>
 *   <li>{@link #mapFilterForEach}: {@code fromIterable(..).map(..).filter(..).forEach(..)}, the
 *       combinators' own per-element cost;</li>
 *   <li>{@link #iteratorBaseline}: a plain {@link java.util.Iterator} over the same list (the
 *       floor).</li>
 * </ul>
 * Run: {@code java -jar weft-bench/target/weft-bench.jar AsyncStreamBench -prof gc}. Measured
 * before and after {@code pollNext} answered {@code Poll<T>} instead of {@code Poll<Optional<T>>},
 * and before and after the end became a {@code Poll.End}: RESULTS.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"})
public class AsyncStreamBench {
    static final int N = 1000;

    private final List<Integer> items = new ArrayList<>();

    /** Fills the list once with pre-boxed elements. */
    public AsyncStreamBench() {
        for (int i = 0; i < N; i++) items.add(i + 1000);
    }

    /** @return the sum of the elements, polled in an inlinable loop */
    @Benchmark
    @OperationsPerInvocation(N)
    public long pollNextLoop() throws Exception {
        return drain(AsyncStream.fromIterable(items));
    }

    /** @return the sum of the elements, each answer escaping through a call that is not inlined */
    @Benchmark
    @OperationsPerInvocation(N)
    public long pollNextNotInlined() throws Exception {
        AsyncStream<Integer> s = AsyncStream.fromIterable(items);
        Context cx = Context.noop();
        long sum = 0;
        while (true) {
            Poll<Integer> p = pollOnce(s, cx);
            if (p.isPending()) continue;
            if (AsyncStream.isEnd(p)) return sum;
            sum += p.value();
        }
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private static Poll<Integer> pollOnce(AsyncStream<Integer> s, Context cx) throws Exception {
        return s.pollNext(cx);
    }

    /** @return the sum of the elements of a stream that is pending before every 16th one */
    @Benchmark
    @OperationsPerInvocation(N)
    public long pollNextSometimesPending() throws Exception {
        return drain(new SometimesPending(items));
    }

    /**
     * @param bh sink of the elements
     * @throws Exception never: the stream is always ready
     */
    @Benchmark
    @OperationsPerInvocation(N)
    public void mapFilterForEach(Blackhole bh) throws Exception {
        AsyncStream.fromIterable(items).map(i -> i).filter(i -> i != 0).forEach(bh::consume).poll(Context.noop());
    }

    /** @return the sum of the elements through a plain iterator */
    @Benchmark
    @OperationsPerInvocation(N)
    public long iteratorBaseline() {
        long sum = 0;
        for (Integer i : items) sum += i;
        return sum;
    }

    private static long drain(AsyncStream<Integer> s) throws Exception {
        Context cx = Context.noop();
        long sum = 0;
        while (true) {
            Poll<Integer> p = s.pollNext(cx);
            if (p.isPending()) continue; // the noop waker: poll again at once
            if (AsyncStream.isEnd(p)) return sum;
            sum += p.value();
        }
    }

    /** The elements of a list, pending (after waking its waker) before every 16th one. */
    private static final class SometimesPending implements AsyncStream<Integer> {
        private final List<Integer> items;
        private int next;
        private boolean paused;

        SometimesPending(List<Integer> items) {
            this.items = items;
        }

        @Override
        public Poll<Integer> pollNext(Context cx) {
            if (next == items.size()) return AsyncStream.end();
            if ((next & 15) == 15 && !paused) {
                paused = true;
                cx.waker().wake();
                return Poll.pending();
            }
            paused = false;
            return Poll.ready(items.get(next++));
        }
    }
}
