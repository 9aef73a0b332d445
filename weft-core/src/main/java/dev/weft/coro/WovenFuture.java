package dev.weft.coro;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.coro.internal.AwaitCancelled;
import dev.weft.future.internal.Awaiting;
import dev.weft.future.internal.EndFromFuture;
import dev.weft.future.internal.Shielded;
import dev.weft.future.internal.Wakes;
import dev.weft.future.Poll;
import dev.weft.internal.BodyCounts;
import dev.weft.internal.Outcomes;
import java.util.concurrent.CancellationException;

/**
 * The base class of the state machines the weaver ({@code weft-weaver}) generates from
 * {@code Weft.async} bodies: Rust's {@code async} block lowered to a {@code Future}. Users never
 * write or subclass it; it is public because generated code in the user's packages extends it.
 *
 * <p>A generated subclass {@code Foo$bar$0} holds the body's captured values, its resume label and
 * the live locals spilled at the await it is suspended in; its own {@code poll} calls the woven body,
 * which stays in the user's class as a synthetic overload of the lambda method, so stack traces
 * read {@code Foo.lambda$bar$0(Foo.java:42)}. At each {@code await} the body polls the child
 * inline (a call site of its own, so the JIT sees each await's own future type) and goes on with
 * its output at once when it is ready; only when it is pending does the body spill its live state
 * into the fields, {@linkplain #suspendOn record the child} and return {@link #SUSPENDED}.
 *
 * {@snippet :
 * // What the user writes; with the weaver, the lambda becomes a WovenFuture subclass.
 * Future<Integer> f = dev.weft.Weft.async(() -> dev.weft.Weft.await(Future.ready(20)) + 1);
 * }
 *
 * <h2>State (owner-polled, never concurrently: the {@link Future} contract)</h2>
 * <pre>
 * phase        meaning                                        child
 * RUNNING      not started, or suspended at an await          the awaited future, or null if not started
 * CANCELLING   cancelled; the awaited child is cancelling     the cancelled child
 * UNWINDING    the body runs its finally blocks: every await  null while it runs; a shielded future
 *              throws CancellationException but one of a       while it is suspended on one
 *              shielded future, which suspends as usual
 * DONE         returned a value, or unwound after cancel      null
 * POISONED     the body threw                                 null
 * </pre>
 * <pre>
 * transition                                 from -&gt; to
 * poll: body returns a value                 RUNNING -&gt; DONE
 * poll: body throws                          RUNNING -&gt; POISONED
 * poll: body suspends                        RUNNING -&gt; RUNNING (child set)
 * cancel, never started                      RUNNING -&gt; DONE
 * cancel, suspended                          RUNNING -&gt; CANCELLING (child.cancel())
 * cancel, suspended on a shielded future     RUNNING -&gt; UNWINDING (the child goes on, not cancelled)
 * the child is done cancelling               CANCELLING -&gt; UNWINDING (its pollCancel is ready)
 * the body unwinds to its end                UNWINDING -&gt; DONE (what it threw: to the failure hook)
 * the body suspends on a shielded future     UNWINDING -&gt; UNWINDING (child set)
 * cancel, otherwise                          no change
 * </pre>
 * {@code cancel()} goes as far along these as it can at once (polling with a no-op context);
 * {@link #pollCancel(Context)} goes on with the owner's context and is ready in DONE. Polling in
 * any phase but RUNNING throws {@link IllegalStateException}.
 *
 * <p>Memory consistency effects: none of its own; a task's state word orders successive polls and
 * the cancel.
 *
 * @param <T> the output type
 */
public abstract class WovenFuture<T> implements Future<T>, Awaiting {
    /** What the woven body returns when it suspended. For generated code. */
    public static final Object SUSPENDED = new Object() {
        @Override
        public String toString() {
            return "SUSPENDED";
        }
    };

    /**
     * For generated code only: what a woven body polls at {@code await(Future.yieldNow())} in place
     * of a new yield future. Its poll wakes the task and is pending; the body then suspends on
     * {@link #YIELDED}, which is ready, so the await completes on the next poll. A yield in a woven
     * body therefore allocates nothing, as Rust's {@code yield_now().await} keeps its state inside
     * the parent future. The weaver uses it only where {@code Future.yieldNow()}'s result goes
     * straight into the await, so it is never polled twice; anywhere else use
     * {@link Future#yieldNow()}.
     */
    public static final Future<Void> YIELD = new Yield(false);

    /** For generated code only: the child of a body suspended at a yield; ready with {@code null}. */
    public static final Future<Void> YIELDED = new Yield(true);

    private static final byte RUNNING = 0;
    private static final byte CANCELLING = 1;
    private static final byte UNWINDING = 2;
    private static final byte DONE = 3;
    private static final byte POISONED = 4;

    private Future<?> child;
    private byte phase;

    /** For generated subclasses: counts the body ({@code RuntimeMetrics.wovenBodies}). */
    protected WovenFuture() {
        BodyCounts.woven();
    }

    /**
     * Runs the woven body from its current label to its next suspension or its end; what
     * cancellation calls to unwind it. The generated {@code poll} calls the body directly.
     *
     * @param cx the context of the task polling or cancelling this future
     * @return {@link #SUSPENDED}, or the body's output
     * @throws Throwable what the body throws
     */
    protected abstract Object resume(Context cx) throws Throwable;

    /**
     * The first step of every generated {@code poll}.
     *
     * @throws IllegalStateException if the body returned, threw or was cancelled
     */
    protected final void checkRunning() {
        if (phase != RUNNING) throw pollAfterEnd();
    }

    /**
     * The body returned {@code out}.
     *
     * @param out the output
     * @return ready with it
     */
    @SuppressWarnings("unchecked")
    protected final Poll<T> completed(Object out) {
        phase = DONE;
        child = null;
        return Poll.ready((T) out);
    }

    /**
     * The body threw {@code failure}.
     *
     * @param failure what it threw
     * @return {@code failure}, for the generated {@code poll} to rethrow
     */
    protected final Throwable poisoned(Throwable failure) {
        phase = POISONED;
        child = null;
        return failure;
    }

    /**
     * Cancellation is drop: cancels the awaited child and, once it is done cancelling, resumes the
     * body once with a {@link CancellationException} thrown at that await, so its {@code finally}
     * blocks and try-with-resources run exactly once, innermost first, after the child's. A body
     * suspended on a shielded child (a cleanup await in a {@code finally} that ran without a
     * cancellation, a task scope's close) goes on awaiting it, bounded, as an unwinding body does:
     * the child is not cancelled, and only the body's later awaits throw. Goes as far as it can at
     * once; {@link #pollCancel(Context)} does the rest. A body never polled never runs. What the
     * body (or the child's cancel hook) throws while it unwinds, other than the cancellation itself,
     * goes to the runtime's failure hook and not to the canceller.
     */
    @Override
    public final void cancel() {
        if (phase != RUNNING) return;
        Future<?> awaited = child;
        if (awaited == null) {
            phase = DONE;
            return;
        }
        if (awaited instanceof Shielded) {
            phase = UNWINDING; // resumed at that await, which admits a shielded future and polls it on
        } else {
            phase = CANCELLING;
            try {
                awaited.cancel();
            } catch (Throwable t) {
                Wakes.report(t);
            }
        }
        unwind(Context.noop());
    }

    /** Ready once the body has unwound to its end (see the transitions above). */
    @Override
    public final Poll<Void> pollCancel(Context cx) {
        if (phase == CANCELLING || phase == UNWINDING) unwind(cx);
        return phase == CANCELLING || phase == UNWINDING ? Poll.pending() : Poll.ready(null);
    }

    /** One step of cancelling: wait for the child, then run the body's finally blocks. */
    private void unwind(Context cx) {
        if (phase == CANCELLING) {
            try {
                if (child.pollCancel(cx).isPending()) return;
            } catch (Throwable t) {
                Wakes.report(t); // pollCancel must not throw: counted as done
            }
            phase = UNWINDING; // child stays, for the message of the await it was cancelled in
        }
        Object out;
        try {
            out = resume(cx);
        } catch (CancellationException expected) {
            out = null; // the body did not catch it: the normal end of an unwinding
        } catch (Throwable t) {
            ended();
            Wakes.report("woven body " + getClass().getName() + ": thrown while it unwound from a cancellation", t);
            return;
        }
        if (out != SUSPENDED) ended(); // else suspended on a shielded future: pollCancel goes on
    }

    private void ended() {
        phase = DONE;
        child = null;
    }

    /**
     * For generated code only: whether the body runs to unwind after a cancellation, so that an
     * await must not poll its future but {@linkplain #admitWhileUnwinding admit} it first.
     *
     * @return whether the phase is UNWINDING
     */
    public final boolean unwinding() {
        return phase == UNWINDING;
    }

    /**
     * For generated code only: an await reached while the body unwinds. A shielded future
     * ({@code Time.cleanup}, a task scope's closing) is awaited as usual, suspending the
     * unwinding; any other makes the await throw {@link CancellationException} without polling it.
     *
     * @param awaited the future the await is about to poll
     * @throws CancellationException unless {@code awaited} is shielded
     */
    public static void admitWhileUnwinding(Future<?> awaited) {
        if (!(awaited instanceof Shielded)) throw cancelledAwait(awaited);
    }

    /**
     * For generated code only: the body suspends on {@code awaited}, which this object keeps (to
     * cancel it) until the body resumes or ends.
     *
     * @param awaited the pending child
     */
    public final void suspendOn(Future<?> awaited) {
        child = awaited;
    }

    /**
     * For generated code only: the child this future is suspended on, reloaded when it resumes.
     *
     * @return the awaited child
     */
    public final Future<?> awaitedChild() {
        return child;
    }

    /**
     * Where the body is suspended: the weaver overrides this in each state class with the source
     * position of the await the current state resumes at, such as
     * {@code Foo.lambda$fetch$0(Foo.java:42)}.
     *
     * @return that position, or {@code null} (not suspended, or a class woven without it)
     */
    protected String awaitSite() {
        return null;
    }

    @Override
    public final String waitSite() {
        String at = awaitSite();
        return at == null ? null : "at " + at + " (" + getClass().getSimpleName() + ")";
    }

    @Override
    public final Future<?> awaitedFuture() {
        return child;
    }

    /**
     * For generated code only: what an await throws when its child's poll threw {@code failure},
     * as {@code Weft.await} does everywhere: as it is, checked ones too.
     *
     * @param failure what the child's poll threw
     * @return never; declared so that generated code can {@code athrow} it
     */
    public static RuntimeException awaitFailure(Throwable failure) {
        throw Outcomes.rethrow(failure);
    }

    /**
     * For generated code only: the await's child answered {@code p}, not ready, and the body is
     * about to suspend on it; refuses a child that answered a stream's end (its bug: a future
     * answers ready or pending), which would otherwise be waited on for ever.
     *
     * @param p what the child answered
     * @param child the awaited future, named in the error
     * @throws IllegalStateException if {@code p} is the end of a stream
     */
    public static void refuseEnd(Poll<?> p, Future<?> child) {
        EndFromFuture.check(p, child);
    }

    /** @return what an await throws while the body unwinds after {@link #cancel()} */
    private static CancellationException cancelledAwait(Future<?> awaited) {
        return new AwaitCancelled("woven future cancelled; await refused of ", awaited);
    }

    /** @return whether the body returned, threw or was cancelled */
    public final boolean isDone() {
        return phase >= DONE;
    }

    /** {@link #YIELD} and {@link #YIELDED}: stateless, so shared by every woven body. */
    private static final class Yield implements Future<Void> {
        private static final Poll<Void> READY = Poll.ready(null);
        private final boolean yielded;

        Yield(boolean yielded) {
            this.yielded = yielded;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (yielded) return READY;
            cx.waker().wake();
            return Poll.pending();
        }

        @Override
        public String toString() {
            return "Future.yieldNow()";
        }
    }

    private IllegalStateException pollAfterEnd() {
        String what = phase == POISONED ? "after it threw" : phase == DONE ? "after it completed or was cancelled"
                : "while it is being cancelled";
        return new IllegalStateException("woven future " + getClass().getName() + " polled " + what);
    }
}
