package dev.weft.time;

import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Outcomes;
import java.util.concurrent.TimeoutException;

/**
 * The future of {@link Time#timeout}: the output of an inner future, or a
 * {@link TimeoutException} if the inner future is not done by the deadline.
 *
 * <p>Each poll polls the inner future first (so an inner future that is ready at the deadline
 * wins), then the deadline's {@link Sleep}. When time runs out, the inner future is cancelled
 * exactly once ({@link Future#cancel()}) and, once it has finished cancelling (its
 * {@link Future#pollCancel} is ready: its {@code finally} blocks ran), the poll throws
 * {@link TimeoutException}. What the inner future throws while it unwinds does not replace the
 * {@code TimeoutException}: it goes to the runtime's failure hook. When the
 * inner future completes (or throws) first, the timer entry is removed and the inner future is
 * not cancelled. {@link #cancel()} cancels both.
 *
 * <p>What wakes it: whatever wakes the inner future, or the timer driver at the deadline. Throws
 * what the inner future throws, as it is, or {@link TimeoutException}, which is what its type
 * declares ({@code Fallible<T, TimeoutException>}); a timeout of a {@code Fallible} future made by
 * {@link Time#timeout(Fallible, java.time.Duration)} declares {@code Exception}, covering both.
 * Cancel-safe if the inner future is.
 *
 * {@snippet :
 * try {
 *     dev.weft.Weft.await(Time.timeout(Time.sleep(java.time.Duration.ofSeconds(10)),
 *                                      java.time.Duration.ofMillis(5)));
 * } catch (java.util.concurrent.TimeoutException e) {
 *     // the sleep was cancelled
 * }
 * }
 *
 * @param <T> the output type
 */
public final class Timeout<T> implements Fallible<T, TimeoutException> {
    private final Future<T> inner;
    private final Sleep deadline;
    private final long afterNanos;
    private boolean done;
    private boolean innerCancelled; // the inner future was cancelled and may still be cancelling
    private boolean expired; // the deadline passed: TimeoutException once the inner one is done cancelling

    Timeout(Future<T> inner, Sleep deadline, long afterNanos) {
        this.inner = inner;
        this.deadline = deadline;
        this.afterNanos = afterNanos;
    }

    @Override
    public Poll<T> poll(Context cx) throws TimeoutException {
        if (expired) return expiredOnceCancelled(cx);
        if (done) throw new IllegalStateException("timeout polled after completion");
        Poll<T> p;
        try {
            p = inner.poll(cx);
        } catch (Throwable t) {
            done = true;
            deadline.cancel();
            throw Outcomes.rethrow(t); // the inner future's failure, as it is
        }
        if (p.isReady()) {
            done = true;
            deadline.cancel();
            return p;
        }
        if (deadline.poll(cx).isPending()) return Poll.pending();
        done = true;
        expired = true;
        innerCancelled = true;
        inner.cancel();
        return expiredOnceCancelled(cx);
    }

    private Poll<T> expiredOnceCancelled(Context cx) throws TimeoutException {
        if (inner.pollCancel(cx).isPending()) return Poll.pending();
        expired = false;
        innerCancelled = false;
        throw new TimeoutException("timed out after " + afterNanos + " ns");
    }

    /** Cancels the inner future and removes the timer entry. */
    @Override
    public void cancel() {
        expired = false;
        if (done) return;
        done = true;
        innerCancelled = true;
        inner.cancel();
        deadline.cancel();
    }

    /** Ready once the inner future, if it was cancelled, has finished cancelling. */
    @Override
    public Poll<Void> pollCancel(Context cx) {
        if (innerCancelled && inner.pollCancel(cx).isPending()) return Poll.pending();
        innerCancelled = false;
        return Poll.ready(null);
    }

    /** @return whether the deadline's timer entry is in the wheel (for tests and diagnostics) */
    boolean isTimerRegistered() {
        return deadline.isRegistered();
    }

    @Override
    public String toString() {
        return "Timeout[" + inner + ", " + afterNanos + " ns]";
    }
}
