package dev.weft.net.internal;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A future that completes once a deadline has passed: the net layer's own short waits (accept
 * back-off after an error, connect timeouts).
 *
 * {@snippet :
 * await(new Delay(Duration.ofMillis(5)));
 * }
 *
 * <p>It schedules the waker on one shared daemon thread ({@code weft-net-delay}); these waits are
 * off the hot path (errors and time-outs). It stands in for the time layer's {@code sleep}, which
 * replaces it once it is on {@code main}.
 *
 * <p>State (owner thread only, one poll at a time): {@code scheduled} is the pending wake-up, or
 * {@code null} before the first pending poll and after completion or cancellation. A re-poll with
 * another waker reschedules.
 */
public final class Delay implements Future<Void> {
    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private final long deadline;
    private ScheduledFuture<?> scheduled;

    /** @param d how long to wait from now */
    public Delay(Duration d) {
        this.deadline = System.nanoTime() + d.toNanos();
    }

    /** @return whether the deadline has passed */
    public boolean expired() {
        return System.nanoTime() - deadline >= 0;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            cancel();
            return Poll.ready(null);
        }
        if (scheduled != null) scheduled.cancel(false);
        scheduled = TIMER.schedule(cx.waker()::wake, left, TimeUnit.NANOSECONDS);
        return Poll.pending();
    }

    @Override
    public void cancel() {
        if (scheduled != null) {
            scheduled.cancel(false);
            scheduled = null;
        }
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1,
                r -> Thread.ofPlatform().daemon().name("weft-net-delay").unstarted(r));
        t.setRemoveOnCancelPolicy(true);
        return t;
    }
}
