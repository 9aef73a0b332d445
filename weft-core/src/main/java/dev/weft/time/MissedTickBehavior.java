package dev.weft.time;

/**
 * What an {@link Interval} does when ticks were missed: when it is polled so late that one or
 * more tick times have already passed (the task was busy, or the machine stalled). These are
 * Tokio's {@code MissedTickBehavior} choices.
 *
 * <p>Example with a 10 ms period started at t=0, ticks due at 10, 20, 30, ...; the task is stalled
 * and polls at t=35:
 * <pre>
 * BURST  yields the ticks of 10, 20, 30 at once (each poll ready at once), then 40, 50, ...
 * DELAY  yields one tick (the one of 10) at 35, then waits a full period: 45, 55, ...
 * SKIP   yields one tick (the one of 10) at 35, then goes on at the schedule: 40, 50, ...
 * </pre>
 *
 * {@snippet :
 * Interval every = Time.interval(java.time.Duration.ofMillis(10), MissedTickBehavior.SKIP);
 * }
 */
public enum MissedTickBehavior {
    /** Yield every missed tick as fast as it is polled until caught up; the schedule is kept. */
    BURST,
    /** Yield one tick now and schedule the next a full period after now; the schedule shifts. */
    DELAY,
    /** Yield one tick now and drop the missed ones; the next tick is the next one on the schedule. */
    SKIP
}
