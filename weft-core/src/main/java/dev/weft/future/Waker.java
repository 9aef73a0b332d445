package dev.weft.future;

/**
 * A handle that tells an executor a future can make progress and should be polled again.
 *
 * <p>A future that returns {@link Poll#pending()} must first have stored the waker of the
 * {@link Context} it was polled with somewhere that will call {@link #wake()} once progress is
 * possible (a timer, a reactor, a channel's wait list, another thread). Waking has
 * <em>by-reference</em> semantics (Rust's {@code wake_by_ref}): it never consumes the waker, may be
 * called any number of times, from any thread, at any moment (before, during or after a poll),
 * and wakes that arrive before the task runs again coalesce into one poll. There is no
 * by-value {@code wake} because Java has no ownership to transfer; dropping a waker is simply
 * forgetting it.
 *
 * <p>Two wakers that wake the same task answer {@code true} to {@link #willWake(Waker)}; a future
 * that is polled repeatedly uses it to skip re-registering an unchanged waker.
 *
 * {@snippet :
 * Waker w = Waker.of(() -> System.out.println("woken"));
 * w.wake();          // prints "woken"
 * w.wake();          // and again: wakers are reusable
 * assert w.willWake(w);
 * Waker.noop().wake(); // does nothing
 * }
 *
 * <p>Memory consistency effects: actions in a thread before it calls {@code wake()}
 * <i>happen-before</i> the poll that the wake causes (every implementation in Weft ensures this
 * with a volatile read-modify-write of the woken task's state).
 */
@FunctionalInterface
public interface Waker {

    /** Asks for the owning task to be polled again. Never blocks; safe from any thread. */
    void wake();

    /**
     * Whether waking this waker and waking {@code other} have the same effect (they wake the same
     * task). The default is identity.
     *
     * @param other another waker, may be {@code null}
     * @return {@code true} if both wake the same task
     */
    default boolean willWake(Waker other) {
        return this == other;
    }

    /**
     * Whether this waker is spent for good: the task it wakes has ended, so no wake can ever cause
     * another poll. A wait list, timer wheel or reactor holding wakers of futures that were dropped
     * without their {@code cancel()} uses it to free those slots early instead of keeping the
     * ended task reachable until the event. The default is {@code false} (a waker of unknown
     * origin is kept); a task's own waker answers {@code true} once the task has its outcome.
     *
     * {@snippet :
     * assert !Waker.of(() -> {}).isSpent();
     * }
     *
     * @return {@code true} only if waking this waker can never cause a poll again
     */
    default boolean isSpent() {
        return false;
    }

    /**
     * A waker that does nothing; for polling by hand when nobody needs to be told.
     *
     * @return the shared no-op waker
     */
    static Waker noop() {
        return NoopWaker.INSTANCE;
    }

    /**
     * A waker that runs {@code onWake} on each wake, on the waking thread. The callback must be
     * quick and must not block (it runs inside whatever code calls {@code wake()}). Two wakers
     * made from the same callback object {@link #willWake(Waker) wake the same task}.
     * This is Weft's counterpart of Rust's {@code RawWaker} / {@code ArcWake}.
     *
     * @param onWake what to do on each wake
     * @return a waker calling {@code onWake}
     */
    static Waker of(Runnable onWake) {
        return new CallbackWaker(onWake);
    }
}
