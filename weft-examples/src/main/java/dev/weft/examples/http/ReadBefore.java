package dev.weft.examples.http;

import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import java.util.concurrent.TimeoutException;

/**
 * A read that must complete by a deadline kept by the connection's {@link Watchdog}: its count,
 * or a {@link TimeoutException} once the deadline has passed (an {@code IOException} of the read
 * as it is). The read of an idle connection (no request begun) also gives way to the server's
 * shutdown: -1, as at the end of the stream, once the shutdown has begun and no byte came. Woken
 * by readability, by the watchdog's timer, or (idle) by the shutdown. Cancel-safe as the read is;
 * cancelling it cancels the read and leaves the watchdog armed for the connection.
 *
 * @param read the read
 * @param watchdog the connection's timer
 * @param deadline the {@link dev.weft.time.Time#nanoTime()} by which the read must complete
 * @param idle whether the connection has nothing in flight, so the shutdown may end the read
 */
record ReadBefore(IoFuture<Integer> read, Watchdog watchdog, long deadline, boolean idle) implements Fallible<Integer, Exception> {
    @Override
    public Poll<Integer> poll(Context cx) throws Exception {
        Poll<Integer> r = read.poll(cx);
        if (r.isReady()) return r;
        if (idle && watchdog.pollShutdown(cx).isReady()) {
            read.cancel();
            return Poll.ready(-1);
        }
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
