package dev.weft.bench.jmh;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import dev.weft.task.internal.RawTask;
import dev.weft.task.internal.Schedule;
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
 * What tasks cost, to be read with {@code -prof gc} ({@code gc.alloc.rate.norm} is bytes per
 * operation, summed over all threads):
 * <ul>
 *   <li>{@link #wakeRequeuePoll()}: wake an existing task, re-queue it, poll it (pending): must be
 *       0 B/op;</li>
 *   <li>{@link #yieldOnRuntime()}: the same through the work-stealing executor (a task yielding
 *       1000 times, per yield);</li>
 *   <li>{@link #spawnRaw()}: what a spawn allocates: one object, the task, which is also its
 *       handle and its context;</li>
 *   <li>{@link #spawnOnRuntime()}: spawn of a ready future on the runtime, run to completion by a
 *       worker.</li>
 * </ul>
 *
 * {@snippet lang=shell :
 * java -jar weft-bench/target/weft-bench.jar TaskBench -prof gc
 * }
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"})
public class TaskBench {
    private static final int YIELDS = 1_000;
    private static final int SPAWN_BATCH = 256;

    /** Keeps the task it was given; runs nothing (the benchmark thread runs the task itself). */
    private static final class Slot implements Schedule {
        RawTask<?> queued;

        @Override
        public void schedule(RawTask<?> task, boolean yielded) {
            queued = task;
        }

        @Override
        public boolean track(RawTask<?> task) {
            return true;
        }

        @Override
        public void release(RawTask<?> task, boolean tracked) {}

        @Override
        public void uncaught(Throwable error) {}
    }

    /** Pending on every poll. */
    private static final Future<Void> PENDING = cx -> Poll.pending();
    private static final Future<Integer> READY = cx -> Poll.ready(1);

    private Slot slot;
    private RawTask<Void> task;
    private WeftRuntime rt;
    private final Task<?>[] spawned = new Task<?>[SPAWN_BATCH];
    private int next;

    /** Makes the task that is woken and the runtime. */
    @Setup(Level.Trial)
    public void setup() {
        slot = new Slot();
        task = new RawTask<>(PENDING, slot, true);
        task.run(); // first poll: now idle
        rt = WeftRuntime.builder().workers(1).threadNamePrefix("task-bench-").build();
    }

    /** Closes the runtime. */
    @TearDown(Level.Trial)
    public void tearDown() {
        rt.close();
    }

    /** @return the task that was re-queued and polled */
    @Benchmark
    public RawTask<?> wakeRequeuePoll() {
        task.wake();
        RawTask<?> t = slot.queued;
        slot.queued = null;
        t.run();
        return t;
    }

    /** @return the number of yields done by one task on a 1-worker runtime */
    @Benchmark
    @OperationsPerInvocation(YIELDS)
    public Integer yieldOnRuntime() {
        return rt.blockOn(new Future<Integer>() {
            private int left = YIELDS;

            @Override
            public Poll<Integer> poll(Context cx) {
                if (--left == 0) return Poll.ready(YIELDS);
                cx.waker().wake();
                return Poll.pending();
            }
        });
    }

    /** @return a new task's handle (not scheduled anywhere) */
    @Benchmark
    public Task<Integer> spawnRaw() {
        return new RawTask<>(READY, slot, true);
    }

    /** @return the handle of a task spawned on the runtime; every 256 spawns waits for the last */
    @Benchmark
    public Task<?> spawnOnRuntime() {
        Task<?> t = rt.spawn(READY);
        spawned[next++] = t;
        if (next == SPAWN_BATCH) {
            next = 0;
            rt.blockOn(t);
        }
        return t;
    }
}
