package dev.weft.coro.internal;

import dev.weft.future.Waker;
import java.util.concurrent.Executor;

/**
 * Everything one coroutine hands out, in one small object per coroutine (W5 counts bytes):
 * <ul>
 *   <li>the <b>scheduler</b> of its virtual thread: the JDK calls {@link #execute(Runnable)} with
 *       the thread's continuation whenever the thread becomes runnable (started, unparked,
 *       unblocked from a monitor, done sleeping, after {@code Thread.yield}); the coroutine runs
 *       it on the thread of its next poll. Virtual threads that the body starts inherit this
 *       scheduler (JDK 25); their continuations are not the coroutine's and go on to the JDK's
 *       default scheduler;</li>
 *   <li>the <b>task</b> of that thread ({@link #run()}: the coroutine body);</li>
 *   <li>the thread's <b>uncaught-exception handler</b>, which is how
 *       {@link VirtualCoroutine#current()} finds the coroutine of the current thread with one field
 *       read and no ThreadLocal map per coroutine (the body catches everything, so the handler is
 *       never called for the coroutine's own failures);</li>
 *   <li>the <b>waker</b> of the coroutine's own context, which resumes a body suspended in
 *       {@code await} ({@code VirtualCoroutine.wake()}).</li>
 * </ul>
 * Called from any thread; keeps no state of its own ({@code coroutine} is final).
 */
final class CoroutineHooks implements Executor, Runnable, Thread.UncaughtExceptionHandler, Waker {
    final VirtualCoroutine<?> coroutine;

    CoroutineHooks(VirtualCoroutine<?> coroutine) {
        this.coroutine = coroutine;
    }

    @Override
    public void execute(Runnable continuation) {
        if (!coroutine.submit(continuation)) VirtualThreads.defaultScheduler().execute(continuation);
    }

    @Override
    public void run() {
        // The body is called from this frame directly: one frame less in every frozen stack.
        Object v = null;
        Throwable f = null;
        try {
            v = coroutine.body.call();
        } catch (Throwable t) {
            f = t;
        }
        coroutine.finish(v, f);
    }

    @Override
    public void uncaughtException(Thread t, Throwable e) {
        t.getThreadGroup().uncaughtException(t, e);
    }

    @Override
    public void wake() {
        coroutine.wake();
    }

    @Override
    public String toString() {
        return "CoroutineHooks[" + coroutine + "]";
    }
}
