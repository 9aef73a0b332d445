package dev.weft.bench.workload;

import dev.weft.Weft;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.time.Sleep;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * W4 timers: N tasks each sleep {@code d_i = (i * 7919 mod 1000)} ms and record their lateness
 * (wake time minus deadline). Value: p99 lateness in ms; extra: wall time and mean lateness.
 *
 * <p>{@code weft}: two threads each {@code blockOn} a future that awaits half of the sleeps
 * (polling only the woken ones), so the timers are driven by those threads and the
 * {@code weft-driver} fallback; lateness is taken when the awaiting future sees a sleep ready.
 * {@code vthreads}: one virtual thread per task doing {@code Thread.sleep}. {@code --quick}: N =
 * 10,000.
 *
 * {@snippet :
 * Workload.Result r = new W4Timers().run("weft", true);
 * }
 */
public final class W4Timers implements Workload {
    private static final int N = 100_000;
    private static final int QUICK_N = 10_000;
    private static final int THREADS = 2;
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
        pass(impl, n); // warm-up
        return pass(impl, n);
    }

    private static Result pass(String impl, int n) throws Exception {
        Histogram lateness = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
        long t0 = System.nanoTime();
        switch (impl) {
            case "weft" -> weft(n, lateness);
            case "vthreads" -> vthreads(n, lateness);
            default -> throw new IllegalArgumentException("unknown impl " + impl);
        }
        long wallNanos = System.nanoTime() - t0;
        if (lateness.getTotalCount() != n) {
            throw new IllegalStateException("recorded " + lateness.getTotalCount() + " of " + n + " sleeps");
        }
        double p99 = lateness.getValueAtPercentile(99) / (double) MS;
        return new Result(p99, "ms", String.format("wall_ms=%.1f,mean_ms=%.3f,max_ms=%.3f",
                wallNanos / (double) MS, lateness.getMean() / MS, lateness.getMaxValue() / (double) MS));
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

    private static void weft(int n, Histogram lateness) throws InterruptedException {
        List<List<Sleep>> parts = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) parts.add(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        CountDownLatch created = new CountDownLatch(THREADS);
        for (int t = 0; t < THREADS; t++) {
            int part = t;
            threads.add(Thread.ofPlatform().name("w4-weft-" + t).start(() -> {
                List<Sleep> mine = parts.get(part);
                for (int i = part; i < n; i += THREADS) mine.add(Time.sleep(Duration.ofMillis(delayMs(i))));
                created.countDown();
                Weft.blockOn(new AwaitAll(mine.toArray(Sleep[]::new), lateness));
            }));
        }
        created.await();
        for (Thread t : threads) t.join();
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

    /** Awaits every sleep, polling only the woken ones; records each one's lateness when ready. */
    private static final class AwaitAll implements Future<Void> {
        private final Sleep[] sleeps;
        private final Histogram lateness;
        private final boolean[] done;
        private final Waker[] wakers;
        private final ConcurrentLinkedQueue<Integer> woken = new ConcurrentLinkedQueue<>();
        private volatile Waker parent;
        private int left;
        private boolean started;

        AwaitAll(Sleep[] sleeps, Histogram lateness) {
            this.sleeps = sleeps;
            this.lateness = lateness;
            this.done = new boolean[sleeps.length];
            this.wakers = new Waker[sleeps.length];
            this.left = sleeps.length;
            for (int i = 0; i < sleeps.length; i++) {
                Integer index = i;
                wakers[i] = () -> {
                    woken.add(index);
                    parent.wake();
                };
            }
        }

        @Override
        public Poll<Void> poll(Context cx) {
            parent = cx.waker();
            if (!started) {
                started = true;
                for (int i = 0; i < sleeps.length; i++) pollOne(i);
            }
            Integer i;
            while ((i = woken.poll()) != null) {
                if (!done[i]) pollOne(i);
            }
            return left == 0 ? Poll.ready(null) : Poll.pending();
        }

        private void pollOne(int i) {
            if (sleeps[i].poll(Context.of(wakers[i])).isReady()) {
                record(lateness, System.nanoTime() - sleeps[i].deadline());
                done[i] = true;
                left--;
            }
        }
    }
}
