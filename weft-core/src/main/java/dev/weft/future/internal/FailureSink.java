package dev.weft.future.internal;

/**
 * A thread that takes the throwables nobody else can: a runtime's worker implements it and hands
 * them to the runtime's failure hook. {@link Wakes#report} uses it; on any other thread a report
 * goes to the thread's uncaught-exception handler.
 *
 * {@snippet :
 * final class MyWorker extends Thread implements FailureSink {
 *     @Override public void reportFailure(Throwable t) { hook.accept(t); }
 * }
 * }
 */
public interface FailureSink {
    /**
     * Takes a throwable that nobody awaits (a waker that threw, a failing cancel hook). Must not
     * throw.
     *
     * @param failure what was thrown
     */
    void reportFailure(Throwable failure);

    /**
     * Takes a throwable that nobody awaits, with what it is (the task it comes from, and how it
     * came about) for the report. The default drops {@code what}. Must not throw.
     *
     * @param what where the failure comes from, such as "task 1a2b (...): thrown while it unwound
     *     from a cancellation"
     * @param failure what was thrown
     */
    default void reportFailure(String what, Throwable failure) {
        reportFailure(failure);
    }
}
