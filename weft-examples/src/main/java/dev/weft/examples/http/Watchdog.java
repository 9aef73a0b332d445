package dev.weft.examples.http;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.scope.CancellationToken;
import dev.weft.time.Sleep;
import dev.weft.time.Time;

/**
 * One connection's timer for its read deadlines, and its ear for the server's shutdown. A
 * deadline moves with every answer, but the timer is not moved with it: it stays armed at the
 * deadline it was set for and is re-armed only when it fires before the deadline now in force, or
 * when a deadline comes earlier than the armed one (the short drain after a refusal). So a busy
 * kept-alive connection touches the timer wheel about once per timeout, not once per read. The
 * shutdown is listened to by one future for the connection's life, so an idle read that gives
 * way to it costs no allocation either.
 *
 * <p>State (owner: the connection's task; never polled by two threads at once): {@code sleep} is
 * the armed timer or null; {@code stop} the shutdown token's {@code cancelled()}, listening from
 * its first pending poll until {@link #close()}.
 */
final class Watchdog implements AutoCloseable {
    private final Future<Void> stop;
    private Sleep sleep;

    /** @param shutdown the server's shutdown token */
    Watchdog(CancellationToken shutdown) {
        this.stop = shutdown.cancelled();
    }

    /**
     * @param deadline the {@link Time#nanoTime()} by which the awaited bytes must arrive
     * @return ready when the deadline has passed; pending (woken at the deadline at the latest)
     */
    Poll<Void> poll(Context cx, long deadline) {
        while (true) {
            if (Time.nanoTime() - deadline >= 0) return Poll.ready(null);
            if (sleep != null && sleep.deadline() - deadline > 0) disarm(); // an earlier deadline
            if (sleep == null) sleep = Time.sleepUntil(deadline);
            if (!sleep.poll(cx).isReady()) return Poll.pending();
            sleep = null; // fired at an earlier deadline: arm it at the one in force
        }
    }

    /**
     * @param cx the connection's context
     * @return ready once the server's shutdown has begun; pending (woken when it begins)
     * @throws Exception as a future's poll may (the token's throws nothing)
     */
    Poll<Void> pollShutdown(Context cx) throws Exception {
        return stop.poll(cx);
    }

    private void disarm() {
        if (sleep != null) sleep.cancel();
        sleep = null;
    }

    /** Disarms the timer and stops listening to the shutdown (the connection ended). */
    @Override
    public void close() {
        disarm();
        stop.cancel();
    }
}
