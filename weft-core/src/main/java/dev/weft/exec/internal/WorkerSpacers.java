package dev.weft.exec.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Parked threads started between the workers, so that the JVM's per-thread bookkeeping of two
 * workers does not share a cache line. They do nothing and live as long as the executor.
 *
 * <h2>Why</h2>
 * HotSpot keeps a few object handles per started thread (the thread object, the virtual thread it
 * carries, its scoped-value cache) in slots of a shared storage, taken in the order threads start.
 * A carrier writes some of them every time it mounts or unmounts a virtual thread, and workers
 * started back to back get neighbouring slots. Two workers carrying coroutines then write the same
 * cache lines a few million times a second, and the second worker adds nothing. This is an
 * inference from the measurements below; no tool here shows cache-line traffic (no hardware
 * counters in this VM).
 *
 * <p>Measured with two single-worker runtimes, each running 500 coroutines that await
 * {@code Future.yieldNow()} 1,000 times:
 * <ul>
 *   <li>workers started one after the other: 3.4M to 4.2M yields/s in all, no more than one
 *       runtime alone (5.3M to 5.9M with the other runtime idle);</li>
 *   <li>four live threads started between them: 10.6M to 11.9M;</li>
 *   <li>one or two live threads between them: 5.2M to 5.6M, not enough;</li>
 *   <li>sixty-four threads that had already ended before the second worker started: 3.1M to
 *       4.1M, no help, because their slots were taken again;</li>
 *   <li>four threads alive while the second worker started and ended at once afterwards: 8.5M
 *       to 11.4M, but W3's plain tasks then ran 0.72x to 0.89x (three batches of 9 JVMs),
 *       against 0.94x to 0.96x with the threads kept alive.</li>
 * </ul>
 * So they stay, parked, until {@link #stop}. Plain tasks never mount anything and scale either
 * way.
 *
 * <p>Thread-safe: {@link #stop} may be called by any thread, more than once.
 */
final class WorkerSpacers {
    /** Spacers between two workers: four, since one or two were not enough (above). */
    static final int PER_GAP = 4;

    private final CountDownLatch release = new CountDownLatch(1);
    private final List<Thread> threads = new ArrayList<>();

    private WorkerSpacers() {}

    /**
     * Starts {@code workers} in order, with {@link #PER_GAP} spacer threads started between each
     * two of them.
     *
     * @param workers the threads to start, none started yet
     * @param namePrefix the spacers' name prefix ({@code <prefix>spacer-<n>})
     * @return the spacers, to {@link #stop} when the workers have ended
     */
    static WorkerSpacers startBetween(Thread[] workers, String namePrefix) {
        WorkerSpacers s = new WorkerSpacers();
        try {
            for (int i = 0; i < workers.length; i++) {
                if (i > 0) {
                    for (int k = 0; k < PER_GAP; k++) s.startOne(namePrefix + "spacer-" + s.threads.size());
                }
                workers[i].start();
            }
        } catch (RuntimeException | Error e) {
            s.release.countDown(); // a thread could not be started (out of native threads?): none stays
            throw e;
        }
        return s;
    }

    private void startOne(String name) {
        Thread t = new Thread(this::awaitRelease, name);
        t.setDaemon(true);
        t.start();
        threads.add(t);
    }

    private void awaitRelease() {
        while (true) {
            try {
                release.await();
                return;
            } catch (InterruptedException e) {
                // only stop() ends a spacer
            }
        }
    }

    /**
     * Lets the spacers end and waits for them, at most until {@code deadlineNanos}.
     *
     * @param deadlineNanos a {@link System#nanoTime()} deadline
     * @return whether every spacer has ended
     */
    boolean stop(long deadlineNanos) {
        release.countDown();
        boolean all = true;
        for (Thread t : threads) all &= Scheduler.joinBy(t, deadlineNanos);
        return all;
    }
}
