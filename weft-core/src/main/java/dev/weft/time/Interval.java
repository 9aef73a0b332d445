package dev.weft.time;

import dev.weft.future.FallibleStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;

/**
 * The stream of {@link Time#interval}: yields a tick every period, forever.
 *
 * <p>The first tick is ready at once; tick {@code k} is due at {@code start + k * period}. Each
 * element is the time (on the scale of {@link System#nanoTime()}) the tick was <em>scheduled</em>
 * for, never later than the moment it is yielded and never before it is due. What happens when
 * ticks were missed is chosen by a {@link MissedTickBehavior} (default {@link
 * MissedTickBehavior#BURST}, as in Tokio). One timer entry is reused for every tick.
 *
 * <p>What wakes it: the timer driver when the next tick is due. Throws nothing; never ends.
 * Cancel-safe: a tick is consumed only when {@code pollNext} returns it; {@link #cancel()} removes
 * the timer entry.
 *
 * {@snippet :
 * Interval every = Time.interval(java.time.Duration.ofMillis(100));
 * for (int i = 0; i < 3; i++) {
 *     long scheduled = dev.weft.Weft.await(every.nextOrNull()); // when this tick was due
 * }
 * }
 */
public final class Interval implements FallibleStream<Long, RuntimeException> {
    private final Sleep sleep;
    private final long period;
    private final MissedTickBehavior behavior;

    Interval(Sleep firstTick, long periodNanos, MissedTickBehavior behavior) {
        if (periodNanos <= 0) throw new IllegalArgumentException("period must be positive: " + periodNanos);
        this.sleep = firstTick;
        this.period = periodNanos;
        this.behavior = behavior;
    }

    /** @return the missed-tick behaviour */
    public MissedTickBehavior missedTickBehavior() {
        return behavior;
    }

    /** @return the period in nanoseconds */
    public long periodNanos() {
        return period;
    }

    @Override
    public Poll<Long> pollNext(Context cx) {
        if (sleep.poll(cx).isPending()) return Poll.pending();
        long scheduled = sleep.deadline();
        long now = sleep.clockNow();
        long next = scheduled + period;
        if (now - next >= 0) {
            switch (behavior) {
                case BURST -> { }
                case DELAY -> next = now + period;
                case SKIP -> next = now + period - (now - scheduled) % period;
            }
        }
        sleep.reset(next);
        return Poll.ready(scheduled);
    }

    /** Removes the timer entry of the next tick. */
    @Override
    public void cancel() {
        sleep.cancel();
    }

    /** @return whether the next tick's timer entry is in the wheel (for tests and diagnostics) */
    boolean isTimerRegistered() {
        return sleep.isRegistered();
    }

    @Override
    public String toString() {
        return "Interval[period=" + period + "ns, " + behavior + "]";
    }
}
