package dev.weft.examples.http;

import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import java.util.concurrent.TimeoutException;

/**
 * A read that must complete by a deadline kept by the connection's {@link Watchdog}: its count,
 * or a {@link TimeoutException} once the deadline has passed (an {@code IOException} of the read
 * as it is). Woken by readability or by the watchdog's timer. Cancel-safe as the read is; cancelling
 * it cancels the read and leaves the watchdog armed for the connection.
 *
 * @param read the read
 * @param watchdog the connection's timer
 * @param deadline the {@link Time#nanoTime()} by which the read must complete
 */
record ReadBefore(IoFuture<Integer> read, Watchdog watchdog, long deadline) implements Fallible<Integer, Exception> {
    @Override
    public Poll<Integer> poll(Context cx) throws Exception {
        Poll<Integer> r = read.poll(cx);
        if (r.isReady()) return r;
        if (watchdog.poll(cx, deadline).isReady()) {
            read.cancel();
            throw new TimeoutException("no bytes by the deadline");
        }
        return Poll.pending();
    }

    @Override
    public void cancel() {
        read.cancel();
    }
}
