package dev.weft.task.internal;

import dev.weft.internal.CoopThread;

/**
 * Which task the current thread is polling (or cancelling), so that {@link RawTask#cancel()} can
 * tell a call from inside that very poll, which must not wait for itself. Kept in a field of
 * executor threads ({@link CoopThread}) and in a thread-local elsewhere. Owner thread only.
 * Executor threads also keep the record of a task that woke itself during its own poll
 * ({@link #recordSelfWake}, {@link #takeSelfWake}), so such a wake needs no atomic instruction.
 */
final class Polling {
    private static final ThreadLocal<Object> CURRENT = new ThreadLocal<>();

    private Polling() {}

    /** Marks {@code task} as being polled by this thread; returns what was marked before. */
    static Object enter(Object task) {
        if (Thread.currentThread() instanceof CoopThread c) {
            Object prev = c.polling();
            c.polling(task);
            return prev;
        }
        Object prev = CURRENT.get();
        CURRENT.set(task);
        return prev;
    }

    /** Restores the mark that {@link #enter} returned. */
    static void exit(Object prev) {
        if (Thread.currentThread() instanceof CoopThread c) c.polling(prev);
        else CURRENT.set(prev);
    }

    /** @return the task this thread is polling (or cancelling) now, or {@code null} */
    static Object current() {
        return Thread.currentThread() instanceof CoopThread c ? c.polling() : CURRENT.get();
    }

    /** @return whether this thread is inside a poll (or the cancellation) of {@code task} */
    static boolean isPolling(Object task) {
        Object cur = Thread.currentThread() instanceof CoopThread c ? c.polling() : CURRENT.get();
        return cur == task;
    }

    /**
     * Records a wake of {@code task} by the thread polling it, during that poll, so that the poll's
     * end re-queues the task without an atomic instruction. Only executor threads keep the record,
     * and only one task at a time (the outermost poll that woke itself first; a nested poll of
     * another task that wakes itself meanwhile takes the atomic path).
     *
     * @return whether the wake was recorded (else the caller must wake the task the usual way)
     */
    static boolean recordSelfWake(Object task) {
        if (Thread.currentThread() instanceof CoopThread c && c.polling() == task) {
            Object w = c.wokenInPoll();
            if (w == null || w == task) {
                c.wokenInPoll(task);
                return true;
            }
        }
        return false;
    }

    /** @return whether {@link #recordSelfWake} recorded a wake of {@code task}; clears that record */
    static boolean takeSelfWake(Object task) {
        if (Thread.currentThread() instanceof CoopThread c && c.wokenInPoll() == task) {
            c.wokenInPoll(null);
            return true;
        }
        return false;
    }
}
