package dev.weft.future.internal;

import dev.weft.future.Waker;

/**
 * Wakes that cannot break their caller: a waker that throws (a user's own waker, a scheduler out
 * of memory) must not stop the wakes after it in a list, nor unwind the code that fired it (a
 * completing task, a channel's send, a worker's loop). Its throwable is {@linkplain #report
 * reported} instead: on a runtime's worker to the runtime's failure hook, elsewhere to the
 * thread's uncaught-exception handler. Nothing is lost and nothing propagates.
 *
 * {@snippet :
 * for (Waker w : waiters) Wakes.wake(w); // every waiter is woken, whatever one of them throws
 * }
 */
public final class Wakes {
    /** The sink of a thread that runs tasks without being a worker (a local executor's caller). */
    private static final ThreadLocal<FailureSink> SINK = new ThreadLocal<>();

    private Wakes() {}

    /**
     * Makes {@code sink} the current thread's sink until the returned previous one is restored
     * with this method again (a local executor does so around its loop).
     *
     * @param sink the sink, or {@code null} for none
     * @return the sink that was installed before
     */
    public static FailureSink installSink(FailureSink sink) {
        FailureSink prev = SINK.get();
        if (sink == null) SINK.remove();
        else SINK.set(sink);
        return prev;
    }

    /**
     * Wakes {@code w}; what it throws is reported, not thrown.
     *
     * @param w the waker (not null)
     */
    public static void wake(Waker w) {
        try {
            w.wake();
        } catch (Throwable t) {
            report(t);
        }
    }

    /**
     * Hands {@code failure} to the current thread's sink ({@link #sinkOfCurrentThread()}: a
     * runtime's worker passes it to the runtime's failure hook), else to its uncaught-exception
     * handler. A handler that throws in turn is ignored, with
     * its throwable suppressed into {@code failure}: reporting must never throw.
     *
     * @param failure what was thrown where nobody can take it
     */
    public static void report(Throwable failure) {
        Thread cur = Thread.currentThread();
        try {
            FailureSink sink = sinkOfCurrentThread();
            if (sink != null) sink.reportFailure(failure);
            else cur.getUncaughtExceptionHandler().uncaughtException(cur, failure);
        } catch (Throwable t) {
            if (t != failure) failure.addSuppressed(t);
        }
    }

    /**
     * {@link #report(Throwable)} with what the failure is, for the report's text.
     *
     * @param what where it comes from and how it came about
     * @param failure what was thrown where nobody can take it
     */
    public static void report(String what, Throwable failure) {
        Thread cur = Thread.currentThread();
        try {
            FailureSink sink = sinkOfCurrentThread();
            if (sink != null) sink.reportFailure(what, failure);
            else cur.getUncaughtExceptionHandler().uncaughtException(cur, failure);
        } catch (Throwable t) {
            if (t != failure) failure.addSuppressed(t);
        }
    }

    /**
     * The sink of the current thread: the thread itself if it is one (a runtime's worker), else its
     * uncaught-exception handler if that is one (a stackful coroutine's body thread, whose
     * coroutine passes failures on to the thread that polls it), else the sink
     * {@linkplain #installSink installed} for it.
     *
     * @return the sink, or {@code null} if the thread has none
     */
    public static FailureSink sinkOfCurrentThread() {
        Thread cur = Thread.currentThread();
        if (cur instanceof FailureSink s) return s;
        if (cur.isVirtual() && cur.getUncaughtExceptionHandler() instanceof FailureSink s) return s;
        return SINK.get();
    }
}
