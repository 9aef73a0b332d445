package dev.weft.exec.internal;

import dev.weft.exec.BlockedWorker;
import dev.weft.internal.FlightRecorderGate;
import dev.weft.task.internal.RawTask;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One thread per runtime ({@code <prefix>watch}, a daemon) that finds polls holding a worker longer
 * than a threshold, and reports each call site once ({@link BlockedWorker}): a log line (System.Logger
 * {@code dev.weft}, WARNING), a JFR event {@code dev.weft.BlockedWorker}, an entry of
 * {@link #reports()}; {@link #blockedPolls()} counts every such poll. It costs the workers nothing
 * but the opaque store of their poll count, which they kept anyway; it wakes every half threshold,
 * reads one number per worker, and looks at a worker's stack only once a poll has lasted the
 * threshold.
 *
 * {@snippet :
 * BlockedWorkerWatch watch = BlockedWorkerWatch.start(scheduler, TimeUnit.MILLISECONDS.toNanos(100), "app-watch");
 * }
 *
 * <h2>Who touches which field</h2>
 * <pre>
 * field                     written by              read by            ordering, and why it suffices
 * Worker.polls              its worker, when a      this thread        opaque store and opaque load: the
 *                           poll starts (before                        compiler keeps every store and the
 *                           the task's run)                            load sees each in order (coherence);
 *                                                                      only equality is asked of it
 * seq[], since[], sampled[] this thread only        this thread        plain
 * sites                     this thread only        this thread        plain (a HashSet)
 * reports                   this thread (append)    any thread         CopyOnWriteArrayList: a reader
 *                                                                      sees whole reports
 * blockedPolls              this thread             any thread         AtomicLong (one add per report)
 * stopped                   the closing thread      this thread        volatile, then an unpark
 * </pre>
 *
 * <h2>Why a report is never false</h2>
 * Each tick, for each worker: a poll count different from the last one seen starts a new watch
 * ({@code since} = now). A count unchanged for the threshold is looked at once: the worker's stack
 * is sampled ({@link Thread#getStackTrace}, a handshake with the worker: the worker's stores before
 * the handshake are visible after it), then the count is read again. A report needs both:
 * <ol>
 *   <li>the count is still the same: no poll started between the first sight of the count and the
 *       sample, and since a count is seen only after the store that begins its poll, that poll
 *       began before {@code since}, at least the threshold before the sample;</li>
 *   <li>the sample shows the worker inside that poll: a frame {@code RawTask.run} called by
 *       {@code Worker.runTask}. A parked worker (idle, driving the reactor), a worker looking for
 *       work, and one between two polls are never inside it, and every call of {@code RawTask.run}
 *       by {@code runTask} comes after a count; so a poll that ended long ago and a worker idle
 *       since are not reported.</li>
 * </ol>
 * A task that runs long but yields makes a new poll at each yield, so its count moves on at every
 * tick: it is never looked at. A poll that lasts the threshold plus half of it is always seen; one
 * between the two may be, or not.
 */
public final class BlockedWorkerWatch implements Runnable {
    /** At most this many reports are kept for {@link #reports()}; later call sites are still logged. */
    static final int KEPT_REPORTS = 256;
    private static final System.Logger LOG = System.getLogger("dev.weft");
    private static final String RUN_CLASS = RawTask.class.getName();
    private static final String LOOP_CLASS = Worker.class.getName();

    private final Worker[] workers;
    private final long thresholdNanos;
    private final long tickNanos;
    private final long[] seq;
    private final long[] since;
    private final boolean[] sampled;
    private final Set<String> sites = new HashSet<>();
    private final List<BlockedWorker> reports = new CopyOnWriteArrayList<>();
    private final AtomicLong blockedPolls = new AtomicLong();
    private final Thread thread;
    private volatile boolean stopped;

    private BlockedWorkerWatch(Scheduler scheduler, long thresholdNanos, String threadName) {
        this.workers = scheduler.workers;
        this.thresholdNanos = thresholdNanos;
        this.tickNanos = Math.max(TimeUnit.MILLISECONDS.toNanos(1), thresholdNanos / 2);
        int n = workers.length;
        this.seq = new long[n];
        this.since = new long[n];
        this.sampled = new boolean[n];
        Arrays.fill(seq, -1);
        this.thread = new Thread(this, threadName);
        thread.setDaemon(true);
    }

    /**
     * Starts watching the workers of {@code scheduler}.
     *
     * @param scheduler the scheduler, started
     * @param thresholdNanos the longest poll that is not reported, positive
     * @param threadName the watcher thread's name
     * @return the watch, to {@link #stop} at close
     */
    public static BlockedWorkerWatch start(Scheduler scheduler, long thresholdNanos, String threadName) {
        if (thresholdNanos <= 0) throw new IllegalArgumentException("threshold must be positive: " + thresholdNanos);
        BlockedWorkerWatch w = new BlockedWorkerWatch(scheduler, thresholdNanos, threadName);
        w.thread.start();
        return w;
    }

    /** The watcher's loop: a tick every half threshold until stopped. */
    @Override
    public void run() {
        while (!stopped) {
            LockSupport.parkNanos(this, tickNanos);
            if (stopped) return;
            long now = System.nanoTime();
            for (int i = 0; i < workers.length; i++) look(i, now);
        }
    }

    /** One worker at one tick. */
    private void look(int i, long now) {
        Worker w = workers[i];
        long s = w.pollSequence();
        if (s != seq[i]) {
            seq[i] = s;
            since[i] = now;
            sampled[i] = false;
            return;
        }
        if (sampled[i] || now - since[i] < thresholdNanos) return;
        sampled[i] = true; // once per poll, whatever the sample shows
        StackTraceElement[] stack = w.getStackTrace();
        long blocked = System.nanoTime() - since[i];
        if (w.pollSequence() != s) return; // the poll ended meanwhile: the sample may be of the next one
        int depth = pollDepth(stack);
        if (depth < 0) return; // not inside a poll: parked, looking for work, between two polls
        blockedPolls.incrementAndGet();
        StackTraceElement site = CallSite.of(stack, depth);
        if (!sites.add(site.toString())) return;
        report(new BlockedWorker(w.getName(), site, blocked, List.of(stack).subList(0, depth + 1)));
    }

    /**
     * @param stack a worker's stack, innermost frame first
     * @return the index of the frame {@code RawTask.run} called by {@code Worker.runTask}: the
     *     frames above it are the poll's; -1 if there is none (the worker is not polling)
     */
    static int pollDepth(StackTraceElement[] stack) {
        for (int i = 0; i + 1 < stack.length; i++) {
            StackTraceElement f = stack[i];
            StackTraceElement caller = stack[i + 1];
            if (f.getClassName().equals(RUN_CLASS) && f.getMethodName().equals("run")
                    && caller.getClassName().equals(LOOP_CLASS) && caller.getMethodName().equals("runTask")) {
                return i;
            }
        }
        return -1;
    }

    private void report(BlockedWorker r) {
        if (reports.size() < KEPT_REPORTS) reports.add(r);
        LOG.log(System.Logger.Level.WARNING, r.messageWithStack());
        if (FlightRecorderGate.open() && BlockedWorkerEvent.PROBE.isEnabled()) BlockedWorkerEvent.commit(r);
    }

    /** @return the reports so far, one per call site (the first {@value #KEPT_REPORTS}); any thread */
    public List<BlockedWorker> reports() {
        return List.copyOf(reports);
    }

    /** @return the polls seen holding a worker longer than the threshold, at any call site; any thread */
    public long blockedPolls() {
        return blockedPolls.get();
    }

    /** @return the watcher thread */
    public Thread thread() {
        return thread;
    }

    /**
     * Stops the watcher and waits for its thread, at most until {@code deadlineNanos}.
     *
     * @param deadlineNanos a {@link System#nanoTime()} deadline
     * @return whether the thread has ended
     */
    public boolean stop(long deadlineNanos) {
        stopped = true;
        LockSupport.unpark(thread);
        return Scheduler.joinBy(thread, deadlineNanos);
    }
}
