package dev.weft.bench.jmh;

import dev.weft.Weft;
import dev.weft.future.Future;
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
 * Cost of {@code blockOn} on a future that is ready at once, and on one that yields once (one
 * self-wake: the parker's token path, no real park), beside a plain CompletableFuture.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"})
public class BlockOnBench {
    private final Future<Integer> ready = Future.ready(42);

    /** @return the output of blockOn on a ready future */
    @Benchmark
    public Integer blockOnReady() {
        return Weft.blockOn(ready);
    }

    /** @return the output of blockOn on a future that is pending once after waking itself */
    @Benchmark
    public Integer blockOnYieldOnce() {
        return Weft.blockOn(Future.yieldNow().map(v -> 42));
    }

    /** @return the join of an already completed CompletableFuture (the baseline) */
    @Benchmark
    public Integer completableFutureJoinCompleted() {
        return java.util.concurrent.CompletableFuture.completedFuture(42).join();
    }
}
