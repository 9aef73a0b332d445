package dev.weft.bench.jmh;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
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
 * W1's pattern at steady state (JIT warm, many rounds): from inside the runtime, spawn
 * {@value #N} tasks that each return a number, then await the handles in order. Beside it, the
 * same with CompletableFuture on ForkJoinPool(2). Per task.
 *
 * {@snippet lang=shell :
 * java -jar weft-bench/target/weft-bench.jar SpawnAwaitBench -prof gc
 * }
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"})
public class SpawnAwaitBench {
    static final int N = 10_000;

    private WeftRuntime rt;
    private ForkJoinPool pool;

    /** Two workers each. */
    @Setup(Level.Trial)
    public void setup() {
        rt = WeftRuntime.builder().workers(2).threadNamePrefix("spawn-await-").build();
        pool = new ForkJoinPool(2);
    }

    /** Stops both. */
    @TearDown(Level.Trial)
    public void tearDown() {
        rt.close();
        pool.shutdownNow();
    }

    /** @return the sum of the outputs */
    @Benchmark
    @OperationsPerInvocation(N)
    public long weft() {
        return rt.blockOn(new SpawnAll());
    }

    /** @return the sum of the outputs */
    @Benchmark
    @OperationsPerInvocation(N)
    public long completableFuture() {
        return CompletableFuture.supplyAsync(() -> {
            @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation
            CompletableFuture<Integer>[] fs = new CompletableFuture[N];
            for (int i = 0; i < N; i++) {
                int v = i + 1;
                fs[i] = CompletableFuture.supplyAsync(() -> v, pool);
            }
            long sum = 0;
            for (int i = 0; i < N; i++) sum += fs[i].join();
            return sum;
        }, pool).join();
    }

    /** Spawns N tasks on its first poll, then awaits their handles in order. */
    private static final class SpawnAll implements Future<Long> {
        @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation
        private final Task<Integer>[] handles = new Task[N];
        private boolean spawned;
        private int next;
        private long sum;

        @Override
        public Poll<Long> poll(Context cx) throws Exception {
            if (!spawned) {
                spawned = true;
                for (int i = 0; i < N; i++) {
                    int v = i + 1;
                    handles[i] = Task.spawn(c -> Poll.ready(v));
                }
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
}
