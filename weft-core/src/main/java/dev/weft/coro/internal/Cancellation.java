package dev.weft.coro.internal;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.internal.EndFromFuture;
import dev.weft.future.internal.Shielded;
import dev.weft.future.internal.Wakes;
import dev.weft.internal.Outcomes;
import java.util.concurrent.CancellationException;

/**
 * How a {@link VirtualCoroutine} is cancelled, from the owner's side ({@link #cancel},
 * {@link #pollCancel}) to the body's (an await in a cancelled body, {@link #awaitCancelled}).
 * Holds no state: the flags are {@code cancelled} and {@code draining} of {@link StepState}.
 *
 * <p>A cancel marks the coroutine and resumes a body suspended in an await at once, on the
 * cancelling thread, so that await throws {@link CancellationException} and the body unwinds; a
 * body blocked in a JDK call is interrupted instead ({@link #nudge}). Each later await throws
 * again, but one of a shielded future ({@code Time.cleanup}, a task scope's closing), which
 * suspends as usual. Before it throws, an await cancels its future and waits until that future is
 * done cancelling ({@link Future#pollCancel}), so a child's {@code finally} blocks run before the
 * body's own. The owner then drives what is left through {@link #pollCancel}, which is ready once
 * the body has ended; until an owner calls it, submissions of a cancelled body run on a spare
 * carrier ({@link Steps#abandoned}). What the body throws while it unwinds, other than the
 * cancellation, is reported to the failure sink of the thread that last polled or cancelled it (a
 * worker: the runtime's failure hook).
 */
final class Cancellation {
    private Cancellation() {}

    /** {@link VirtualCoroutine#cancel()}: see there. */
    static void cancel(VirtualCoroutine<?> c) {
        if (c.isCancelled() || c.isDone()) return;
        c.markCancelled();
        if (c.thread() == null) return;
        c.captureSink();
        Steps.run(c, true);
        if (!c.isDone() && !c.isDraining() && c.isSubmitted()) Carriers.run(() -> Steps.abandoned(c));
    }

    /** {@link VirtualCoroutine#pollCancel(Context)}: see there. */
    static Poll<Void> pollCancel(VirtualCoroutine<?> c, Context cx) {
        if (c.isDone() || c.thread() == null || c.isInlined()) return Poll.ready(null);
        c.polledBy(cx);
        c.captureSink();
        c.markDraining(); // volatile, after taskContext: a submitter that sees it wakes this context
        Steps.run(c, false);
        if (c.isDone()) return Poll.ready(null);
        if (c.isSubmitted()) cx.waker().wake();
        return Poll.pending();
    }

    /**
     * Cancelled: a body suspended in await is woken (the await throws), a body blocked in a JDK
     * call is interrupted. A runnable body is woken too: it may be inside an await's poll (resumed
     * from a park there), past the await's look at {@code cancelled}, and the wake makes the
     * suspension it is heading for end at once (WOKEN), so it looks again.
     */
    static void nudge(VirtualCoroutine<?> c) {
        if (!c.isSubmitted() && !c.isHeld()) c.thread().interrupt();
        else c.wake();
    }

    /**
     * An await in a cancelled (or interrupted) body: a shielded future is awaited through the
     * cancellation; any other makes the await throw. A future not polled yet is neither polled nor
     * cancelled (a cancelled body starts no await); one that was polled is cancelled, and the await
     * waits until it is done cancelling before it throws. Off the hot path: its own method.
     *
     * @param polled whether the await polled {@code future} already
     * @return the shielded future's output
     * @throws CancellationException for any other future
     */
    static <R> R awaitCancelled(VirtualCoroutine<?> c, Future<R> future, byte enclosing, boolean polled) {
        if (future instanceof Shielded) return awaitThroughCancel(c, future, enclosing);
        CancellationException stop = polled ? stopped(c, future)
                : new AwaitCancelled("coroutine cancelled; await refused of ", future);
        c.leaveAwait(enclosing);
        throw stop;
    }

    /**
     * A pending await stops, and the awaited future is cancelled: the coroutine was cancelled, or
     * else its thread was interrupted (the status is cleared while the future is cancelled, then
     * set again, and the cause is an {@link InterruptedException}).
     */
    private static CancellationException stopped(VirtualCoroutine<?> c, Future<?> future) {
        if (c.isCancelled()) {
            cancelAndDrain(c, future);
            return new AwaitCancelled("coroutine cancelled while awaiting ", future);
        }
        Thread.interrupted();
        try {
            cancelAndDrain(c, future);
        } finally {
            Thread.currentThread().interrupt();
        }
        CancellationException e = new CancellationException("interrupted while awaiting " + future);
        e.initCause(new InterruptedException());
        return e;
    }

    /**
     * Cancels the awaited future and waits, suspending, until it is done cancelling: its
     * {@code finally} blocks run before the body's. What its cancel hook throws is reported.
     */
    private static void cancelAndDrain(VirtualCoroutine<?> c, Future<?> future) {
        try {
            future.cancel();
        } catch (Throwable t) {
            Wakes.report(t);
        }
        awaitThroughCancel(c, future::pollCancel, AwaitState.OUTSIDE);
    }

    /**
     * An await that neither cancellation nor an interrupt stops: of a shielded future in a
     * cancelled body, or of a cancelled child's {@code pollCancel}. The interrupt status is kept
     * aside meanwhile and set again at the end. Off the hot path, so its own method, with the
     * suspension protocol of {@link VirtualCoroutine#await}.
     */
    private static <R> R awaitThroughCancel(VirtualCoroutine<?> c, Future<R> future, byte enclosing) {
        boolean interrupted = Thread.interrupted();
        try {
            while (true) {
                Poll<R> p;
                c.enterPoll();
                try {
                    p = future.poll(c);
                } catch (Throwable t) {
                    c.leavePoll();
                    throw Outcomes.rethrow(t);
                }
                boolean selfWoken = c.leavePoll();
                if (p instanceof Poll.Ready<R>(R v)) return v;
                EndFromFuture.check(p, future);
                if (selfWoken || c.takeWoken()) {
                    Thread.yield();
                    continue;
                }
                c.enterYield();
                Thread.yield();
                if (c.yieldWasPinned()) c.blockPinned();
                interrupted |= Thread.interrupted();
            }
        } finally {
            c.leaveAwait(enclosing);
            if (interrupted) Thread.currentThread().interrupt();
        }
    }
}
