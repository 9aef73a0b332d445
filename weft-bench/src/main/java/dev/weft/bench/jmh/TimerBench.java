package dev.weft.bench.jmh;

import dev.weft.future.Waker;
import dev.weft.time.MonotonicClock;
import dev.weft.time.internal.TimerEntry;
import dev.weft.time.internal.Timers;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of registering and cancelling a timer (the "timeout that never fires" case) in the locked
 * timing wheel, alone and with two threads contending for the lock, with 100,000 other timers
 * registered.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"})
public class TimerBench {
    private Timers timers;

    /** Registers 100,000 background timers, 1 ms to 1 h ahead. */
    @Setup
    public void setup() {
        timers = new Timers(MonotonicClock.system(), () -> {});
        long now = System.nanoTime();
        for (int i = 0; i < 100_000; i++) {
            timers.register(new TimerEntry(), now + (1 + (i * 7919L) % 3_600_000L) * 1_000_000L, Waker.noop());
        }
    }

    /** One entry per thread, reused. */
    @State(Scope.Thread)
    public static class Entry {
        final TimerEntry entry = new TimerEntry();
    }

    /**
     * Register then cancel, one thread.
     *
     * @param e this thread's entry
     */
    @Benchmark
    @Threads(1)
    public void registerCancel(Entry e) {
        timers.register(e.entry, System.nanoTime() + 5_000_000_000L, Waker.noop());
        timers.cancel(e.entry);
    }

    /**
     * Register then cancel, two threads on the same wheel.
     *
     * @param e this thread's entry
     */
    @Benchmark
    @Threads(2)
    public void registerCancelContended(Entry e) {
        timers.register(e.entry, System.nanoTime() + 5_000_000_000L, Waker.noop());
        timers.cancel(e.entry);
    }
}
