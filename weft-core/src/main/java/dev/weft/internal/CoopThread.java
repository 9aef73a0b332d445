package dev.weft.internal;

/**
 * An executor thread that keeps its per-thread runtime state in fields instead of
 * {@link ThreadLocal}s: the cooperative budget (so {@link Coop} costs one {@code instanceof} and a
 * field access), the task being polled and the {@link Ambient} context of the code it runs.
 *
 * <p>Fields: {@code budget}, {@code polling}, {@code wokenInPoll} and {@code ambient} are touched
 * by the owning thread only (they describe what the current thread is doing), so they are plain
 * fields. {@code wovenBodies} and {@code stackfulBodies} ({@link BodyCounts}) are written by the
 * owning thread only (or by a coroutine body it carries, on the same OS thread inside its poll)
 * and read racily by metrics: a snapshot may be a little stale, never torn (a 64-bit long).
 */
public class CoopThread extends Thread {
    int budget = Coop.UNLIMITED;
    private Object polling;
    private Object wokenInPoll;
    Object ambient;
    long wovenBodies;
    long stackfulBodies;

    /**
     * A budget-keeping thread.
     *
     * @param body what the thread runs
     * @param name the thread name
     */
    public CoopThread(Runnable body, String name) {
        super(body, name);
    }

    /** @return the task this thread is polling now, or {@code null}; owner thread only */
    public Object polling() {
        return polling;
    }

    /**
     * Records the task this thread is polling now.
     *
     * @param task the task, or {@code null}
     */
    public void polling(Object task) {
        polling = task;
    }

    /** @return woven {@code Weft.async} bodies made on this thread so far ({@link BodyCounts}); any thread, racily */
    public long wovenBodies() {
        return wovenBodies;
    }

    /** @return stackful {@code Weft.async} bodies made on this thread so far ({@link BodyCounts}); any thread, racily */
    public long stackfulBodies() {
        return stackfulBodies;
    }

    /** @return the task that woke itself during its poll on this thread and was not yet told so */
    public Object wokenInPoll() {
        return wokenInPoll;
    }

    /**
     * Records (or, with {@code null}, clears) the task that woke itself during its poll.
     *
     * @param task the task, or {@code null}
     */
    public void wokenInPoll(Object task) {
        wokenInPoll = task;
    }
}
