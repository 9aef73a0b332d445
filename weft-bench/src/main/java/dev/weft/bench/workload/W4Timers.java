package dev.weft.bench.workload;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import dev.weft.time.Sleep;
import dev.weft.time.Time;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;

/**
 * W4 timers: N tasks each sleep {@code d_i = (i * 7919 mod 1000)} ms and record their lateness
 * (wake time minus deadline). Value: p99 lateness in ms; extra: wall time, mean and max lateness,
 * the garbage-collector pauses inside the measured pass ({@link GcPauses}: count, sum, longest), and
 * the process CPU time of the measured pass per timer.
 *
 * <p>{@code weft}: N tasks spawned (from inside the runtime) on the work-stealing executor with 2
 * workers; each task's first poll starts its {@code Time.sleep}, and the poll that sees it ready
 * records the lateness. The timers are driven by the idle workers (and the {@code weft-driver}
 * fallback when both are busy). {@code vthreads}: one virtual thread per task doing
 * {@code Thread.sleep}. Each pass checks that every task recorded its lateness and none woke early.
 * {@code --quick}: N = 10,000.
 *
 * {@snippet :
 * Workload.Result r = new W4Timers().run("weft", true);
 * }
 */
public final class W4Timers implements Workload {
    private static final int N = 100_000;
    private static final int QUICK_N = 10_000;
    private static final long MS = 1_000_000L;

    /** For the runner, which loads workloads by name. */
    public W4Timers() {}

    @Override
    public String id() {
        return "W4";
    }

    @Override
    public List<String> impls() {
        return List.of("weft", "vthreads");
    }

    @Override
    public Result run(String impl, boolean quick) throws Exception {
        int n = quick ? QUICK_N : N;
        switch (impl) {
            case "weft" -> {
                try (WeftRuntime rt = Peers.weft()) {
                    pass(n, h -> weft(rt, n, h)); // warm-up
                    return pass(n, h -> weft(rt, n, h));
                }
            }
            case "vthreads" -> {
                Peers.checkVirtualThreadParallelism();
                pass(n, h -> vthreads(n, h));
                return pass(n, h -> vthreads(n, h));
            }
            default -> throw new IllegalArgumentException("unknown impl " + impl);
        }
    }

    /** One pass of one implementation, recording lateness into the histogram. */
    @FunctionalInterface
    private interface Impl {
        void run(Histogram lateness) throws Exception;
    }

    private static Result pass(int n, Impl impl) throws Exception {
        Histogram lateness = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
        GcPauses gc = GcPauses.start();
        Measured m = Measured.of(() -> impl.run(lateness));
        long wallNanos = m.wallNanos();
        String pauses = gc.stop();
        if (lateness.getTotalCount() != n) {
            throw new IllegalStateException("recorded " + lateness.getTotalCount() + " of " + n + " sleeps");
        }
        double p99 = lateness.getValueAtPercentile(99) / (double) MS;
        return new Result(p99, "ms", String.format(Locale.ROOT, "wall_ms=%.1f,mean_ms=%.3f,max_ms=%.3f,%s,%s",
                wallNanos / (double) MS, lateness.getMean() / MS, lateness.getMaxValue() / (double) MS, pauses, m.cpuPerOp(n)));
    }

    private static long delayMs(int i) {
        return (i * 7919L) % 1000;
    }

    private static void record(Histogram h, long latenessNanos) {
        if (latenessNanos < 0) throw new IllegalStateException("woke " + (-latenessNanos) + " ns early");
        synchronized (h) {
            h.recordValue(latenessNanos);
        }
    }

    /** One W4 pass of the weft impl on {@code rt}: spawns the n tasks from a blockOn, waits for all. */
    static void weft(WeftRuntime rt, int n, Histogram lateness) {
        Shared shared = new Shared(lateness, n);
        rt.blockOn(cx -> {
            for (int i = 0; i < n; i++) Task.spawn(new SleepTask((int) delayMs(i), shared)).detach();
            return Poll.ready(null);
        });
        rt.blockOn(shared.allDone);
    }

    private static void vthreads(int n, Histogram lateness) throws InterruptedException {
        List<Thread> threads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long d = delayMs(i);
            threads.add(Thread.ofVirtual().start(() -> {
                long deadline = System.nanoTime() + d * MS;
                try {
                    Thread.sleep(d);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                record(lateness, System.nanoTime() - deadline);
            }));
        }
        for (Thread t : threads) t.join();
    }

    /** What the tasks of one weft pass share (one object, so that each task holds one reference). */
    static final class Shared {
        final Histogram lateness;
        final AtomicInteger left;
        final Signal allDone = new Signal();

        Shared(Histogram lateness, int n) {
            this.lateness = lateness;
            this.left = new AtomicInteger(n);
        }
    }

    /**
     * One W4 task: sleeps from its first poll, records its lateness when the sleep is ready. Like
     * Tokio's W4 body ({@code sleep_until(began + d)}), the deadline is taken at the first poll and
     * given as a {@code nanoTime} deadline ({@link Time#sleepUntil(long)}, no {@code Duration} per
     * task). 24 bytes, plus its 48-byte {@link Sleep}; {@link W4Footprint} measures what a sleeping
     * task keeps alive.
     */
    static final class SleepTask implements Future<Void> {
        private final int delayMs;
        private final Shared shared;
        private Sleep sleep;

        SleepTask(int delayMs, Shared shared) {
            this.delayMs = delayMs;
            this.shared = shared;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (sleep == null) sleep = Time.sleepUntil(System.nanoTime() + delayMs * MS);
            if (sleep.poll(cx).isPending()) return Poll.pending();
            record(shared.lateness, System.nanoTime() - sleep.deadline());
            if (shared.left.decrementAndGet() == 0) shared.allDone.fire();
            return Poll.ready(null);
        }

        @Override
        public void cancel() {
            if (sleep != null) sleep.cancel();
        }
    }
}
