package dev.weft.coro.internal;

import java.util.concurrent.Executor;

/**
 * The scheduler of one coroutine's virtual thread. The JDK calls {@link #execute(Runnable)} with
 * the thread's continuation whenever the thread becomes runnable (started, unparked, unblocked
 * from a monitor, done sleeping, after {@code Thread.yield}); this hands it to the coroutine, which
 * runs it on the thread of its next poll.
 *
 * <p>Virtual threads that the coroutine body starts inherit this scheduler (JDK 25); their
 * continuations are not the coroutine's and go on to the JDK's default scheduler.
 *
 * <p>Called from any thread (the owner's poll, JDK helper threads such as the timed-park unparker,
 * other virtual threads); keeps no state of its own.
 */
final class CoroutineScheduler implements Executor {
    private final VirtualCoroutine<?> coroutine;

    CoroutineScheduler(VirtualCoroutine<?> coroutine) {
        this.coroutine = coroutine;
    }

    @Override
    public void execute(Runnable continuation) {
        if (!coroutine.submit(continuation)) VirtualThreads.defaultScheduler().execute(continuation);
    }

    @Override
    public String toString() {
        return "CoroutineScheduler[" + coroutine + "]";
    }
}
