package dev.weft.examples.http;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.time.Sleep;
import dev.weft.time.Time;

/**
 * One connection's timer for its read deadlines. A deadline moves with every answer, but the timer
 * is not moved with it: it stays armed at the deadline it was set for and is re-armed only when
 * it fires before the deadline now in force, or when a deadline comes earlier than the armed one
 * (the short drain after a refusal). So a busy kept-alive connection touches the timer wheel about
 * once per timeout, not once per read.
 *
 * <p>State (owner: the connection's task; never polled by two threads at once): {@code sleep} is
 * the armed timer or null.
 */
final class Watchdog implements AutoCloseable {
    private Sleep sleep;

    /**
     * @param deadline the {@link Time#nanoTime()} by which the awaited bytes must arrive
     * @return ready when the deadline has passed; pending (woken at the deadline at the latest)
     */
    Poll<Void> poll(Context cx, long deadline) {
        while (true) {
            if (Time.nanoTime() - deadline >= 0) return Poll.ready(null);
            if (sleep != null && sleep.deadline() - deadline > 0) close(); // an earlier deadline
            if (sleep == null) sleep = Time.sleepUntil(deadline);
            if (!sleep.poll(cx).isReady()) return Poll.pending();
            sleep = null; // fired at an earlier deadline: arm it at the one in force
        }
    }

    /** Disarms the timer (the connection ended). */
    @Override
    public void close() {
        if (sleep != null) sleep.cancel();
        sleep = null;
    }
}
