package dev.weft.coro;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Outcomes;
import java.util.concurrent.CancellationException;

/**
 * The base class of the state machines the weaver ({@code weft-weaver}) generates from
 * {@code Weft.async} bodies: Rust's {@code async} block lowered to a {@code Future}. Users never
 * write or subclass it; it is public because generated code in the user's packages extends it.
 *
 * <p>A generated subclass {@code Foo$bar$0} holds the body's captured values, its resume label and
 * the live locals spilled at the await it is suspended in; its {@link #resume(Context)} calls the
 * woven body, which stays in the user's class as a synthetic overload of the lambda method, so
 * stack traces read {@code Foo.lambda$bar$0(Foo.java:42)}. At each {@code await} the body calls
 * {@link #awaitStep(Future, Context)} and gets the child's output at once when it is ready; only
 * when it is {@link #SUSPENDED} does the body spill its live state into the fields and return.
 *
 * {@snippet :
 * // What the user writes; with the weaver, the lambda becomes a WovenFuture subclass.
 * Future<Integer> f = dev.weft.Weft.async(() -> dev.weft.Weft.await(Future.ready(20)) + 1);
 * }
 *
 * <h2>State (owner-polled, never concurrently: the {@link Future} contract)</h2>
 * <pre>
 * phase        meaning                                   child
 * RUNNING      not started, or suspended at an await     the awaited future, or null if not started
 * CANCELLING   cancel() is re-entering the body           null (already cancelled)
 * DONE         returned a value, or unwound after cancel null
 * POISONED     the body threw                            null
 * </pre>
 * <pre>
 * transition                          from -&gt; to
 * poll: body returns a value          RUNNING -&gt; DONE
 * poll: body throws                   RUNNING -&gt; POISONED
 * poll: body suspends                 RUNNING -&gt; RUNNING (child set)
 * cancel, never started               RUNNING -&gt; DONE
 * cancel, suspended                   RUNNING -&gt; CANCELLING -&gt; DONE (body unwound once)
 * cancel, otherwise                   no change
 * </pre>
 * Polling in DONE or POISONED throws {@link IllegalStateException}. In CANCELLING, every await
 * throws {@link CancellationException} at once, so {@code cancel()} never suspends.
 *
 * <p>Memory consistency effects: none of its own; a task's state word orders successive polls and
 * the cancel.
 *
 * @param <T> the output type
 */
public abstract class WovenFuture<T> implements Future<T> {
    /** What {@link #awaitStep} and the woven body return when the awaited child is pending. */
    public static final Object SUSPENDED = new Object() {
        @Override
        public String toString() {
            return "SUSPENDED";
        }
    };

    private static final byte RUNNING = 0;
    private static final byte CANCELLING = 1;
    private static final byte DONE = 2;
    private static final byte POISONED = 3;

    private Future<?> child;
    private byte phase;

    /** For generated subclasses. */
    protected WovenFuture() {}

    /**
     * Runs the woven body from its current label to its next suspension or its end.
     *
     * @param cx the polling task's context
     * @return {@link #SUSPENDED}, or the body's output
     * @throws Throwable what the body throws
     */
    protected abstract Object resume(Context cx) throws Throwable;

    @Override
    @SuppressWarnings("unchecked")
    public final Poll<T> poll(Context cx) throws Exception {
        if (phase != RUNNING) throw pollAfterEnd();
        Object out;
        try {
            out = resume(cx);
        } catch (Throwable t) {
            phase = POISONED;
            child = null;
            throw Sneaky.<Exception>rethrow(t);
        }
        if (out == SUSPENDED) return Poll.pending();
        phase = DONE;
        return Poll.ready((T) out);
    }

    /**
     * Cancellation is drop: cancels the awaited child, then resumes the body once with a
     * {@link CancellationException} thrown at that await, so its {@code finally} blocks and
     * try-with-resources run exactly once. A body never polled never runs. An exception other than
     * the cancellation itself that escapes the unwinding body is rethrown to the canceller.
     */
    @Override
    public final void cancel() {
        if (phase != RUNNING) return;
        Future<?> awaited = child;
        if (awaited == null) {
            phase = DONE;
            return;
        }
        phase = CANCELLING;
        child = null;
        try {
            awaited.cancel();
        } finally {
            unwind();
        }
    }

    private void unwind() {
        try {
            resume(Context.noop());
        } catch (CancellationException expected) {
            // the body did not catch it: the normal end of an unwinding
        } catch (Throwable t) {
            throw Outcomes.rethrow(t);
        } finally {
            phase = DONE;
        }
    }

    /**
     * One await: polls {@code awaited} with {@code cx}. For generated code only.
     *
     * @param awaited the future the body awaits
     * @param cx the polling task's context
     * @return the child's output, or {@link #SUSPENDED} (the child is then kept by this object)
     * @throws CancellationException if this future is being cancelled
     * @throws RuntimeException the child's unchecked failure as it was thrown; a checked one is
     *     wrapped in {@link java.util.concurrent.CompletionException}, as {@code Weft.await} does
     */
    public final Object awaitStep(Future<?> awaited, Context cx) {
        if (phase == CANCELLING) {
            throw new CancellationException("woven future cancelled; await of " + awaited + " refused");
        }
        Poll<?> p;
        try {
            p = awaited.poll(cx);
        } catch (Throwable t) {
            child = null;
            throw Outcomes.rethrow(t);
        }
        if (p instanceof Poll.Ready<?> r) {
            child = null;
            return r.value();
        }
        child = awaited;
        return SUSPENDED;
    }

    /**
     * For generated code only: the child this future is suspended on, reloaded when it resumes.
     *
     * @return the awaited child, or {@code null} while cancelling
     */
    public final Future<?> awaitedChild() {
        return child;
    }

    /** @return whether the body returned, threw or was cancelled */
    public final boolean isDone() {
        return phase >= DONE;
    }

    private IllegalStateException pollAfterEnd() {
        String what = phase == POISONED ? "after it threw" : phase == DONE ? "after it completed or was cancelled"
                : "while it is being cancelled";
        return new IllegalStateException("woven future " + getClass().getName() + " polled " + what);
    }

    /** Rethrows any throwable without wrapping (the body's checked exceptions are the poll's). */
    private static final class Sneaky {
        @SuppressWarnings("unchecked")
        static <E extends Throwable> E rethrow(Throwable t) throws E {
            throw (E) t;
        }
    }
}
