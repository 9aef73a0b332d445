package dev.weft.task.internal;

import dev.weft.internal.CoopThread;

/**
 * Which task the current thread is polling (or cancelling), so that {@link RawTask#cancel()} can
 * tell a call from inside that very poll, which must not wait for itself. Kept in a field of
 * executor threads ({@link CoopThread}) and in a thread-local elsewhere. Owner thread only.
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

    /** @return whether this thread is inside a poll (or the cancellation) of {@code task} */
    static boolean isPolling(Object task) {
        Object cur = Thread.currentThread() instanceof CoopThread c ? c.polling() : CURRENT.get();
        return cur == task;
    }
}
