package dev.weft.bench.jmh;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.future.Pair;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of building and running combinator chains with {@code blockOn}, each beside the same shape
 * with {@link CompletableFuture}: a chain of 10 {@code map}/{@code then} steps, a join of two, and
 * a race of two. Every iteration builds the chain anew (as real code does), so allocation per op
 * ({@code -prof gc}) shows the combinator objects.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"})
public class CombinatorBench {
    private int seed = 1;

    /** @return the output of 5 map + 5 then steps over a ready future */
    @Benchmark
    public Integer chainOf10MapThen() {
        Future<Integer> f = Future.ready(seed);
        for (int i = 0; i < 5; i++) f = f.map(x -> x + 1).then(x -> Future.ready(x * 2));
        return Weft.blockOn(f);
    }

    /** @return the same chain with thenApply/thenCompose on a completed CompletableFuture (baseline) */
    @Benchmark
    public Integer chainOf10CompletableFuture() {
        CompletableFuture<Integer> f = CompletableFuture.completedFuture(seed);
        for (int i = 0; i < 5; i++) f = f.thenApply(x -> x + 1).thenCompose(x -> CompletableFuture.completedFuture(x * 2));
        return f.join();
    }

    /** @return the join of two ready futures */
    @Benchmark
    public Pair<Integer, Integer> joinOf2() {
        return Weft.blockOn(Future.join(Future.ready(seed), Future.ready(2)));
    }

    /** @return thenCombine of two completed CompletableFutures (baseline) */
    @Benchmark
    public Pair<Integer, Integer> joinOf2CompletableFuture() {
        return CompletableFuture.completedFuture(seed).thenCombine(CompletableFuture.completedFuture(2), Pair::new).join();
    }

    /** @return the race of a pending and a ready future (the pending one is cancelled) */
    @Benchmark
    public Integer raceOf2() {
        return Weft.blockOn(Future.race(Future.pending(), Future.ready(seed)));
    }

    /** @return anyOf over an incomplete and a completed CompletableFuture (baseline) */
    @Benchmark
    public Object raceOf2CompletableFuture() {
        return CompletableFuture.anyOf(new CompletableFuture<Integer>(), CompletableFuture.completedFuture(seed)).join();
    }
}
