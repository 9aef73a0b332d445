package dev.weft.bench.workload;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.task.Task;
import dev.weft.time.Sleep;
import dev.weft.time.Time;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where W4's lateness comes from, for the {@code weft} shape of W4 (the same N, delays and spawns
 * from a {@code blockOn}): each task's lateness is split into <em>fire lateness</em> (from the
 * deadline to the moment the timer called the task's waker) and <em>queue wait</em> (from that
 * wake to the poll that saw the sleep ready). The waker is wrapped per task to see the first part,
 * so the tasks are bigger than W4's own and the passes are not W4's measurement; the split is
 * what this is for. Prints, for the warm-up and the measured pass: the p99 and mean lateness, when
 * the last task had its first poll, the fire lateness over all tasks, and for the tasks at or above
 * the p99 the medians and maxima of both parts, and the collector's pauses in the pass ({@link GcPauses}).
 *
 * {@snippet lang=shell :
 * java -cp weft-bench/target/weft-bench.jar dev.weft.bench.workload.W4Breakdown
 * }
 */
public final class W4Breakdown {
    private static final int N = 100_000;
    private static final long MS = 1_000_000L;

    private W4Breakdown() {}

    /**
     * @param args none
     * @throws InterruptedException if interrupted while waiting for a pass
     */
    public static void main(String[] args) throws InterruptedException {
        try (WeftRuntime rt = Peers.weft()) {
            for (String pass : new String[] {"warm-up", "measured"}) {
                Times t = new Times(N);
                Signal done = new Signal();
                AtomicInteger left = new AtomicInteger(N);
                GcPauses gc = GcPauses.start();
                t.start = System.nanoTime();
                rt.blockOn(cx -> {
                    for (int i = 0; i < N; i++) Task.spawn(new Timed(i, t, left, done)).detach();
                    return Poll.ready(null);
                });
                rt.blockOn(done);
                t.print(pass, gc.stop());
            }
        }
        System.exit(0);
    }

    /** Per task, nanoTime stamps: first poll, deadline, wake by the timer, the ready poll. */
    private static final class Times {
        final long[] began;
        final long[] deadline;
        final long[] fired;
        final long[] woke;
        long start;

        Times(int n) {
            began = new long[n];
            deadline = new long[n];
            fired = new long[n];
            woke = new long[n];
        }

        void print(String pass, String pauses) {
            int n = began.length;
            long[] late = new long[n];
            long[] fire = new long[n];
            for (int i = 0; i < n; i++) {
                late[i] = woke[i] - deadline[i];
                fire[i] = fired[i] == 0 ? 0 : fired[i] - deadline[i]; // 0: ready without a timer
            }
            long[] sortedLate = late.clone();
            Arrays.sort(sortedLate);
            long p99 = sortedLate[n * 99 / 100];
            long lastBegan = Arrays.stream(began).max().orElse(start) - start;
            long[] tailFire = new long[n];
            long[] tailWait = new long[n];
            int m = 0;
            for (int i = 0; i < n; i++) {
                if (late[i] < p99) continue;
                tailFire[m] = fire[i];
                tailWait[m] = late[i] - fire[i];
                m++;
            }
            tailFire = Arrays.copyOf(tailFire, m);
            tailWait = Arrays.copyOf(tailWait, m);
            Arrays.sort(tailFire);
            Arrays.sort(tailWait);
            long[] sortedFire = fire.clone();
            Arrays.sort(sortedFire);
            System.out.printf(Locale.ROOT, "%s pass: p99 %.1f ms, mean %.2f ms, last first poll at %.1f ms; fire lateness"
                            + " of all: p50 %.2f ms, p99 %.2f ms; %s%n", pass, p99 / (double) MS,
                    Arrays.stream(late).average().orElse(0) / MS, lastBegan / (double) MS,
                    sortedFire[n / 2] / (double) MS, sortedFire[n * 99 / 100] / (double) MS, pauses);
            System.out.printf(Locale.ROOT, "  the %d at or above the p99: fire lateness median %.1f ms (max %.1f),"
                            + " queue wait median %.1f ms (max %.1f)%n", m, tailFire[m / 2] / (double) MS,
                    tailFire[m - 1] / (double) MS, tailWait[m / 2] / (double) MS, tailWait[m - 1] / (double) MS);
        }
    }

    /** W4's task with stamps, polling its sleep with a waker that notes when the timer fired. */
    private static final class Timed implements Future<Void> {
        private final int i;
        private final Times t;
        private final AtomicInteger left;
        private final Signal done;
        private Sleep sleep;
        private Context noting;

        Timed(int i, Times t, AtomicInteger left, Signal done) {
            this.i = i;
            this.t = t;
            this.left = left;
            this.done = done;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (sleep == null) {
                long now = System.nanoTime();
                t.began[i] = now;
                t.deadline[i] = now + ((i * 7919L) % 1000) * MS;
                sleep = Time.sleepUntil(t.deadline[i]);
                Waker w = cx.waker();
                noting = Context.of(() -> {
                    if (t.fired[i] == 0) t.fired[i] = System.nanoTime();
                    w.wake();
                });
            }
            if (sleep.poll(noting).isPending()) return Poll.pending();
            t.woke[i] = System.nanoTime();
            if (left.decrementAndGet() == 0) done.fire();
            return Poll.ready(null);
        }

        @Override
        public void cancel() {
            if (sleep != null) sleep.cancel();
        }
    }
}
