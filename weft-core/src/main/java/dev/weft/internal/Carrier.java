package dev.weft.internal;

/**
 * The platform thread that runs the current code: the current thread, or, inside a stackful
 * coroutine body (a virtual thread mounted on a worker for one step), the worker carrying it.
 * Everything that asks "which worker am I on" (spawning, the cooperative budget, the runtime's
 * drivers) asks here, so that a coroutine body behaves as code of the worker polling it.
 *
 * <p>A coroutine body is recognised by its virtual thread's uncaught-exception handler being a
 * {@link Body} (the coroutine layer's future is); this class knows nothing else of coroutines.
 *
 * {@snippet :
 * Thread t = Carrier.current();   // a worker, inside a task or a coroutine body on it
 * }
 */
public final class Carrier {
    private Carrier() {}

    /** What a coroutine body's virtual thread has as its uncaught-exception handler. */
    public interface Body {
        /** @return the platform thread carrying the body's current step, or {@code null} between steps */
        Thread carrier();

        /**
         * @return the context (waker) of the task that polls the body, or {@code null} if none
         *     has: what a body running on a thread that is not a worker (a spare carrier, after the
         *     JDK handed it a monitor) spawns beside
         */
        default Object pollingContext() {
            return null;
        }

        /**
         * @return the {@link Ambient} context of the body: what it bound itself, else what the
         *     code polling it had when it last stepped it
         */
        default Object ambient() {
            return null;
        }

        /**
         * Binds the body's own {@link Ambient} context (on the body's thread).
         *
         * @param ambient the context, or {@code null} to go back to the poller's
         */
        default void ambient(Object ambient) {}

        /**
         * Weft committed a JFR event on the body's thread, during the current step: the thread that
         * runs the step commits a {@link VirtualThreadCommits#resync() resync} when it returns.
         */
        default void committedEvent() {}
    }

    /** @return the carrier of the current coroutine body, else the current thread */
    public static Thread current() {
        Thread t = Thread.currentThread();
        if (t.isVirtual() && t.getUncaughtExceptionHandler() instanceof Body b) {
            Thread c = b.carrier();
            if (c != null) return c;
        }
        return t;
    }
}
