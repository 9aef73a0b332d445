package dev.weft.future;

import java.util.Objects;

/**
 * What a future is polled with: today, the {@link Waker} of the task doing the polling.
 *
 * <p>A context is immutable and cheap to keep: an executor makes one per task, once, and passes
 * it to every poll of that task, so polling allocates nothing. A combinator that needs to know
 * which of its children woke it makes a context of its own with {@link #withWaker(Waker)}.
 *
 * {@snippet :
 * Context cx = Context.of(Waker.noop());
 * Poll<Integer> p = Future.ready(42).poll(cx);
 * }
 */
public final class Context {
    private static final Context NOOP = new Context(Waker.noop());

    private final Waker waker;

    private Context(Waker waker) {
        this.waker = Objects.requireNonNull(waker, "waker");
    }

    /**
     * A context carrying {@code waker}.
     *
     * @param waker the waker futures polled with this context register
     * @return a new context
     */
    public static Context of(Waker waker) {
        return waker == Waker.noop() ? NOOP : new Context(waker);
    }

    /** @return a context whose waker does nothing */
    public static Context noop() {
        return NOOP;
    }

    /** @return the waker of the task being polled */
    public Waker waker() {
        return waker;
    }

    /**
     * A context like this one but with another waker.
     *
     * @param other the waker for the new context
     * @return a context carrying {@code other}
     */
    public Context withWaker(Waker other) {
        return other == waker ? this : of(other);
    }

    @Override
    public String toString() {
        return "Context[" + waker + "]";
    }
}
