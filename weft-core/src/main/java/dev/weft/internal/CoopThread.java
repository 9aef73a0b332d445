package dev.weft.internal;

/**
 * An executor thread that keeps its per-thread runtime state in fields instead of
 * {@link ThreadLocal}s: the cooperative budget (so {@link Coop} costs one {@code instanceof} and a
 * field access) and the task being polled.
 *
 * <p>Fields: {@code budget} and {@code polling} are touched by the owning thread only (they describe
 * what the current thread is doing), so they are plain fields.
 */
public class CoopThread extends Thread {
    int budget = Coop.UNLIMITED;
    private Object polling;

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
}
