package dev.weft.internal;

/**
 * A thread that keeps its cooperative budget in a field instead of a {@link ThreadLocal}, so that
 * {@link Coop} costs one {@code instanceof} and a field access on executor workers.
 *
 * <p>Fields: {@code budget} is touched by the owning thread only (it is the current thread's
 * budget), so it is a plain field.
 */
public class CoopThread extends Thread {
    int budget = Coop.UNLIMITED;

    /**
     * A budget-keeping thread.
     *
     * @param body what the thread runs
     * @param name the thread name
     */
    public CoopThread(Runnable body, String name) {
        super(body, name);
    }
}
