package dev.weft.time;

import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Poll;
import dev.weft.future.internal.Shielded;
import java.util.concurrent.TimeoutException;

/**
 * The future of {@link Time#cleanup}: cleanup work that a cancelled body may still await, for a
 * bounded time. In a body that is being cancelled every await throws
 * {@link java.util.concurrent.CancellationException} at once, so that a {@code catch} cannot keep
 * the body running; an await of this future is the exception (it is <em>shielded</em>): it
 * suspends as usual, woven, stackful or blocking (where the interrupt status is kept aside and set
 * again), until the inner future completes or the bound passes. Then the inner future is
 * cancelled, and once it is done cancelling the await throws {@link TimeoutException}.
 *
 * {@snippet :
 * try {
 *     await(conn.read(buf, 0, buf.length));
 * } finally {
 *     // runs even when the task is cancelled: tell the peer, but never for more than a second
 *     await(Time.cleanup(conn.writeAll(GOODBYE, 0, GOODBYE.length), Duration.ofSeconds(1)));
 * }
 * }
 *
 * <p>What wakes it, what it throws and its cancel safety are those of {@link Timeout}, which it
 * runs; cancelling it (as an owner may, a scope's close for one) cancels the inner future.
 *
 * @param <T> the output type
 */
public final class Cleanup<T> implements Fallible<T, TimeoutException>, Shielded {
    private final Timeout<T> bounded;

    Cleanup(Timeout<T> bounded) {
        this.bounded = bounded;
    }

    @Override
    public Poll<T> poll(Context cx) throws TimeoutException {
        return bounded.poll(cx);
    }

    @Override
    public void cancel() {
        bounded.cancel();
    }

    @Override
    public Poll<Void> pollCancel(Context cx) {
        return bounded.pollCancel(cx);
    }

    @Override
    public String toString() {
        return "Cleanup[" + bounded + "]";
    }
}
