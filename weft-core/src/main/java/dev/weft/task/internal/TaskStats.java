package dev.weft.task.internal;

import dev.weft.task.TaskStatistics;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What one task has done, kept only while per-task statistics are on
 * ({@code WeftRuntime.builder().taskStats(true)} or {@code -Dweft.taskStats=true}): where it was
 * spawned, its polls, wakes and self-wakes (wakes by the thread polling it, during that poll), its
 * busy time (the sum of its polls), its scheduled time (from the wake that queued it to the start
 * of the poll that ran it) and when it last changed state. The executor keeps each task's
 * statistics ({@link Schedule#statsOf}) from its spawn until its release. Off, a task has no such
 * object and each hook in {@link RawTask} costs one bit test of the task's state.
 *
 * <h2>Who writes which field</h2>
 * <pre>
 * field            written by                                          how
 * polls, busy,     the thread polling the task (one at a time: the     plain volatile writes
 *  scheduledTotal,  task's RUNNING bit hands the poll over)
 *  longestPoll,
 *  firstPollAt,
 *  lastPollAt
 * pollStartedAt    the polling thread: the start of its poll, 0 after   volatile write
 * wakes,           any waking thread                                   atomic add
 *  selfWakes
 * scheduledSince   a wake that finds it 0 (CAS 0 -> now); the poller   CAS / volatile write
 *                  (0 at poll start; the poll's end if a wake came
 *                  during the poll, which then queues the task)
 * stateSince       the last wake, poll start or poll end               volatile write
 * </pre>
 * Readers (task dumps) read every field racily: a snapshot may mix two moments of a task that
 * moves on, never a torn value.
 */
public final class TaskStats {
    private static final VarHandle WAKES;
    private static final VarHandle SELF_WAKES;
    private static final VarHandle SCHEDULED_SINCE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            WAKES = l.findVarHandle(TaskStats.class, "wakes", long.class);
            SELF_WAKES = l.findVarHandle(TaskStats.class, "selfWakes", long.class);
            SCHEDULED_SINCE = l.findVarHandle(TaskStats.class, "scheduledSince", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String spawnSite;
    private final long createdAt;
    private volatile long polls;
    private volatile long busy;
    private volatile long scheduledTotal;
    private volatile long longestPoll;
    private volatile long firstPollAt;
    private volatile long lastPollAt;
    private volatile long pollStartedAt;
    private volatile long wakes; // through WAKES
    private volatile long selfWakes; // through SELF_WAKES
    private volatile long scheduledSince; // through SCHEDULED_SINCE; 0: not waiting in a queue
    private volatile long stateSince;

    /** @return where the task was spawned ({@link SpawnSite}) */
    String spawnSite() {
        return spawnSite;
    }

    private TaskStats(String spawnSite, long now) {
        this.spawnSite = spawnSite;
        this.createdAt = now;
        this.scheduledSince = now; // a new task is queued at once
        this.stateSince = now;
    }

    /**
     * Makes the statistics of {@code task} and marks the task as keeping them, before the task is
     * published (queued): the spawn site is the caller's first frame outside weft-core
     * ({@link SpawnSite}). The caller keeps them where {@link Schedule#statsOf} finds them, also
     * before publishing the task.
     *
     * @param task a task just made, not yet queued
     * @return its statistics
     */
    public static TaskStats attach(RawTask<?> task) {
        TaskStats s = new TaskStats(SpawnSite.ofCaller(), System.nanoTime());
        task.markStats(); // a release store: the queue that receives the task publishes it
        return s;
    }

    /** The task was woken; {@code self}: by the thread polling it, during that poll. */
    void woken(boolean self) {
        long now = System.nanoTime();
        WAKES.getAndAdd(this, 1L);
        if (self) SELF_WAKES.getAndAdd(this, 1L);
        if (SCHEDULED_SINCE.compareAndSet(this, 0L, now)) stateSince = now;
    }

    /** @return the start of the poll beginning now, for {@link #pollEnded} */
    long pollStarted() {
        long now = System.nanoTime();
        long since = scheduledSince;
        if (since != 0) scheduledTotal += now - since;
        scheduledSince = 0;
        if (firstPollAt == 0) firstPollAt = now;
        pollStartedAt = now;
        stateSince = now;
        return now;
    }

    /** The poll that began at {@code start} returned (or threw). */
    void pollEnded(long start) {
        long now = System.nanoTime();
        long took = now - start;
        busy += took;
        polls++;
        if (took > longestPoll) longestPoll = took;
        lastPollAt = now;
        pollStartedAt = 0;
        // a wake during the poll queued the task: it waits in the queue from now on
        long since = scheduledSince;
        if (since != 0) SCHEDULED_SINCE.compareAndSet(this, since, now);
        stateSince = now;
    }

    /**
     * A racy snapshot.
     *
     * @return the figures as of now
     */
    public TaskStatistics snapshot() {
        long now = System.nanoTime();
        long started = pollStartedAt;
        long since = scheduledSince;
        long busyNow = busy + (started != 0 ? now - started : 0);
        long scheduledNow = scheduledTotal + (since != 0 && started == 0 ? now - since : 0);
        long idle = Math.max(0, now - createdAt - busyNow - scheduledNow);
        return new TaskStatistics(spawnSite, polls, (long) WAKES.getOpaque(this), (long) SELF_WAKES.getOpaque(this), busyNow,
                scheduledNow, idle, longestPoll, Math.max(0, now - stateSince), now - createdAt,
                ago(now, firstPollAt), ago(now, lastPollAt));
    }

    private static long ago(long now, long at) {
        return at == 0 ? -1 : now - at;
    }
}
