package dev.weft.future;

import java.util.Objects;

/**
 * What a future is polled with: today, the {@link Waker} of the task doing the polling.
 *
 * <p>A context is immutable and cheap to keep: an executor's task is its own context (and its own
 * waker), so spawning makes one object and polling allocates nothing. A combinator that needs to
 * know which of its children woke it makes a context of its own with {@link #withWaker(Waker)}.
 * The class is sealed: besides the contexts made by {@link #of(Waker)}, only
 * {@link dev.weft.future.internal.SelfWakingContext} (a context that is its own waker, which the
 * runtime's task and its coroutine extend from the layers above) extends it.
 *
 * {@snippet :
 * Context cx = Context.of(Waker.noop());
 * Poll<Integer> p = Future.ready(42).poll(cx);
 * }
 */
public sealed class Context permits Context.Carrying, dev.weft.future.internal.SelfWakingContext {
    private static final Context NOOP = new Carrying(Waker.noop());

    /** A context of a permitted subclass: a carrying one, or one that is its own waker. */
    protected Context() {}

    /** A context carrying a waker other than itself: what {@link #of(Waker)} makes. */
    static final class Carrying extends Context {
        private final Waker waker;

        Carrying(Waker waker) {
            this.waker = Objects.requireNonNull(waker, "waker");
        }
    }

    /**
     * A context carrying {@code waker}.
     *
     * @param waker the waker futures polled with this context register
     * @return a new context
     */
    public static Context of(Waker waker) {
        return waker == Waker.noop() ? NOOP : new Carrying(waker);
    }

    /** @return a context whose waker does nothing */
    public static Context noop() {
        return NOOP;
    }

    /** @return the waker of the task being polled */
    public final Waker waker() {
        return this instanceof Carrying c ? c.waker : (Waker) this;
    }

    /**
     * A context like this one but with another waker.
     *
     * @param other the waker for the new context
     * @return a context carrying {@code other}
     */
    public final Context withWaker(Waker other) {
        return other == waker() ? this : of(other);
    }

    @Override
    public String toString() {
        return "Context[" + waker() + "]";
    }
}
