package dev.weft.internal;

import dev.weft.future.Context;

/**
 * The cooperative budget (Tokio's {@code coop}): each poll of a task may complete a bounded number
 * of leaf operations before it must give the worker away.
 *
 * <p>A leaf future that is about to complete (a channel receive that found a message, a socket read
 * that found bytes) calls {@link #proceed(Context)} first; when that answers {@code false} the
 * budget of the current task poll is spent, the task has been woken, and the leaf returns pending
 * instead, so a task that always finds work ready cannot starve the others on its worker.
 *
 * <p>The executor sets the budget before each task poll ({@link #reset()}) and the budget is kept
 * per thread: in a field of {@link CoopThread} on executor workers, in a thread-local elsewhere.
 * Outside an executor (plain {@code blockOn}) the budget is unlimited. Inside a coroutine body (a
 * virtual thread carried by a worker, inside that worker's poll of the coroutine's task) the
 * budget is the carrying worker's: the body's operations are part of that poll.
 */
public final class Coop {
    /** Budget of one task poll; Tokio's figure. */
    public static final int BUDGET = 128;

    static final int UNLIMITED = Integer.MIN_VALUE;
    private static final ThreadLocal<int[]> LEFT = ThreadLocal.withInitial(() -> new int[] {UNLIMITED});

    private Coop() {}

    /**
     * @return the executor thread whose budget the current code spends: the current thread, or the
     *     worker carrying the current coroutine body; {@code null} for other threads
     */
    private static CoopThread coopThread() {
        Thread t = Thread.currentThread();
        if (t instanceof CoopThread c) return c;
        // a coroutine body: no thread-local map per coroutine, and the carrier's poll is charged
        return t.isVirtual() && Carrier.current() instanceof CoopThread c ? c : null;
    }

    /** Gives the current thread a fresh budget; the executor calls this before each task poll. */
    public static void reset() {
        CoopThread t = coopThread();
        if (t != null) t.budget = BUDGET;
        else LEFT.get()[0] = BUDGET;
    }

    /** Makes the budget of the current thread unlimited again; the executor calls this after a poll. */
    public static void unlimited() {
        CoopThread t = coopThread();
        if (t != null) t.budget = UNLIMITED;
        else LEFT.get()[0] = UNLIMITED;
    }

    /**
     * Consumes one unit of budget.
     *
     * @param cx the context of the leaf future's poll; woken when the budget is spent
     * @return {@code true} to go on and complete; {@code false} if the budget is spent (the task has
     *     been woken and the leaf must return pending)
     */
    public static boolean proceed(Context cx) {
        CoopThread t = coopThread();
        if (t != null) {
            int n = t.budget;
            if (n == UNLIMITED) return true;
            if (n > 0) {
                t.budget = n - 1;
                return true;
            }
        } else {
            int[] left = LEFT.get();
            int n = left[0];
            if (n == UNLIMITED) return true;
            if (n > 0) {
                left[0] = n - 1;
                return true;
            }
        }
        cx.waker().wake();
        return false;
    }

    /** @return the budget left to the current thread, or {@link Integer#MAX_VALUE} if unlimited */
    public static int remaining() {
        CoopThread t = coopThread();
        int n = t != null ? t.budget : LEFT.get()[0];
        return n == UNLIMITED ? Integer.MAX_VALUE : n;
    }
}
