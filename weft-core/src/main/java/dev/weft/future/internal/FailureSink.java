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
}
