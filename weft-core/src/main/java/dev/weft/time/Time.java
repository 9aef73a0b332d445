package dev.weft.time;

import dev.weft.future.Future;
import dev.weft.internal.Driver;
import dev.weft.time.internal.Timers;
import java.time.Duration;
import java.time.Instant;

/**
 * Timers: sleeping, deadlines, periodic ticks and timeouts, on a millisecond timing wheel driven
 * by whichever thread is idle (see {@code dev.weft.time} package docs).
 *
 * <p>Resolution is one millisecond: deadlines are rounded <em>up</em> to the next millisecond, so a
 * timer never fires early; it fires when the driver next looks after that, typically within about
 * a millisecond. The first call starts the process-wide driver (and its {@code weft-driver}
 * fallback thread).
 *
 * {@snippet :
 * import static dev.weft.Weft.await;
 *
 * await(Time.sleep(Duration.ofMillis(50)));
 * String s = await(Time.timeout(Future.ready("fast"), Duration.ofSeconds(1))); // "fast"
 * }
 */
public final class Time {
    /** Longest delay: longer ones are clamped to it (about 73 years). */
    static final long MAX_DELAY_NANOS = Long.MAX_VALUE / 4;

    private Time() {}

    /**
     * A future that is ready once {@code duration} has passed, measured from now (this call).
     * What wakes it, throws, cancel safety: see {@link Sleep}.
     *
     * @param duration how long; zero or negative: ready at once
     * @return the sleep
     */
    public static Sleep sleep(Duration duration) {
        Timers timers = timers();
        return new Sleep(timers, timers.clock().nanoTime() + delayNanos(duration));
    }

    /**
     * A future that is ready once {@link System#nanoTime()} reaches {@code deadlineNanoTime}.
     *
     * @param deadlineNanoTime the deadline on the scale of {@link System#nanoTime()}
     * @return the sleep
     */
    public static Sleep sleepUntil(long deadlineNanoTime) {
        return new Sleep(timers(), deadlineNanoTime);
    }

    /**
     * A future that is ready once the wall clock reaches {@code deadline}. The wall-clock distance
     * is measured now and turned into a monotonic deadline, so later wall-clock changes do not
     * move it.
     *
     * @param deadline the instant
     * @return the sleep
     */
    public static Sleep sleepUntil(Instant deadline) {
        return sleep(Duration.between(Instant.now(), deadline));
    }

    /**
     * A stream that yields its first tick at once and then one every {@code period}, catching up
     * missed ticks in a burst ({@link MissedTickBehavior#BURST}). See {@link Interval}.
     *
     * @param period time between ticks, positive
     * @return the interval
     */
    public static Interval interval(Duration period) {
        return interval(period, MissedTickBehavior.BURST);
    }

    /**
     * A stream that yields its first tick at once and then one every {@code period}, handling
     * missed ticks as {@code behavior} says. See {@link Interval}.
     *
     * @param period time between ticks, positive
     * @param behavior what to do with missed ticks
     * @return the interval
     */
    public static Interval interval(Duration period, MissedTickBehavior behavior) {
        Timers timers = timers();
        return new Interval(new Sleep(timers, timers.clock().nanoTime()), delayNanos(period), behavior);
    }

    /**
     * The output of {@code future}, or a {@link java.util.concurrent.TimeoutException} if it is not
     * done within {@code duration} (measured from now); the inner future is then cancelled exactly
     * once. See {@link Timeout}.
     *
     * @param future the inner future
     * @param duration the time limit
     * @param <T> the output type
     * @return the timeout future
     */
    public static <T> Timeout<T> timeout(Future<T> future, Duration duration) {
        long nanos = delayNanos(duration);
        return new Timeout<>(future, sleep(Duration.ofNanos(nanos)), nanos);
    }

    private static Timers timers() {
        return Driver.global().timers();
    }

    private static long delayNanos(Duration d) {
        if (d.isNegative()) return 0;
        if (d.compareTo(Duration.ofNanos(MAX_DELAY_NANOS)) > 0) return MAX_DELAY_NANOS;
        return d.toNanos();
    }
}
