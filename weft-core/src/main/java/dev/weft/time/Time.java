package dev.weft.time;

import dev.weft.future.Fallible;
import dev.weft.future.Future;
import dev.weft.internal.Drivers;
import dev.weft.time.internal.Timers;
import dev.weft.time.internal.WallClock;
import java.time.Duration;
import java.time.Instant;

/**
 * Timers: sleeping, deadlines, periodic ticks and timeouts, on a millisecond timing wheel driven
 * by whichever thread is idle (see {@code dev.weft.time} package docs).
 *
 * <p>Resolution is one millisecond: deadlines are rounded <em>up</em> to the next millisecond, so a
 * timer never fires early; it fires when the driver next looks after that, typically within about
 * a millisecond.
 *
 * <p>Whose timers: a sleep made on a runtime's worker (in a task or coroutine) uses that runtime's
 * timer wheel and {@link MonotonicClock}, and its deadline is fixed at once; a sleep made anywhere else
 * (on {@code main}, say, before it is spawned) finds its wheel at its first poll, in the runtime of
 * the task polling it, and its duration then counts from that poll. Only futures polled outside any
 * runtime ({@code Weft.blockOn} on a plain thread) use the shared driver (and its
 * {@code weft-driver} fallback thread, started on first use).
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
     * The reading of the clock that the caller's timers use: on a runtime's worker, that runtime's
     * {@link MonotonicClock} (virtual time inside a simulation); anywhere else, {@link System#nanoTime()}.
     * Deadlines for {@link #sleepUntil(long)} are computed from this, not from
     * {@code System.nanoTime()}, so they mean the same on a runtime built with another clock.
     *
     * {@snippet :
     * long deadline = Time.nanoTime() + Duration.ofSeconds(5).toNanos();
     * await(Time.sleepUntil(deadline));              // five seconds of the runtime's clock
     * }
     *
     * @return the current time in nanoseconds, on the scale of {@link System#nanoTime()}
     */
    public static long nanoTime() {
        Timers timers = currentTimers();
        return timers != null ? timers.clock().nanoTime() : System.nanoTime();
    }

    /**
     * A future that is ready once {@code duration} has passed, measured from now (this call) on a
     * runtime's worker, else from its first poll (see the class comment). What wakes it, throws,
     * cancel safety: see {@link Sleep}.
     *
     * @param duration how long; zero or negative: ready at once
     * @return the sleep
     */
    public static Sleep sleep(Duration duration) {
        Timers timers = currentTimers();
        long delay = delayNanos(duration);
        return timers != null ? new Sleep(timers, timers.clock().nanoTime() + delay) : Sleep.afterFirstPoll(delay);
    }

    /**
     * A future that is ready once the clock of the runtime whose timers it uses (see the class
     * comment; {@link System#nanoTime()} unless that runtime was built with another
     * {@link MonotonicClock}) reaches {@code deadlineNanoTime}.
     *
     * @param deadlineNanoTime the deadline on the scale of {@link System#nanoTime()}
     * @return the sleep
     */
    public static Sleep sleepUntil(long deadlineNanoTime) {
        return new Sleep(currentTimers(), deadlineNanoTime);
    }

    /**
     * A future that is ready once the wall clock reaches {@code deadline}. The wall-clock distance
     * is measured now and turned into a monotonic deadline, so later wall-clock changes do not
     * move it. Inside a simulation the wall clock is the simulation's ({@code SimClock.instant()}).
     *
     * @param deadline the instant
     * @return the sleep
     */
    public static Sleep sleepUntil(Instant deadline) {
        Timers timers = currentTimers();
        Instant now = timers != null && timers.clock() instanceof WallClock w ? w.instant() : Instant.now();
        return sleep(Duration.between(now, deadline));
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
        long periodNanos = delayNanos(period);
        Timers timers = currentTimers();
        Sleep first = timers != null ? new Sleep(timers, timers.clock().nanoTime()) : Sleep.afterFirstPoll(0);
        return new Interval(first, periodNanos, behavior);
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
        return timeoutOf(future, duration);
    }

    /**
     * As {@link #timeout(Future, Duration)}, for a future whose failure has a checked type
     * ({@code IOException} of an I/O future, say): the result declares {@code Exception}, covering
     * that type and {@link java.util.concurrent.TimeoutException}, so an await of it can catch
     * either by its own type.
     *
     * {@snippet :
     * try {
     *     await(Time.timeout(TcpStream.connect("127.0.0.1", 7000), Duration.ofSeconds(1)));
     * } catch (TimeoutException slow) {
     * } catch (IOException refused) {
     * }
     * }
     *
     * @param future the inner future
     * @param duration the time limit
     * @param <T> the output type
     * @param <X> the inner future's checked failure type
     * @return the timeout future
     */
    @SuppressWarnings("unchecked") // only the throws clause changes: it may throw X or TimeoutException
    public static <T, X extends Exception> Fallible<T, Exception> timeout(Fallible<T, X> future, Duration duration) {
        return (Fallible<T, Exception>) (Fallible<T, ?>) timeoutOf(future, duration);
    }

    /**
     * Cleanup that a cancelled body may still await: the output of {@code future}, awaited even
     * while the body unwinds from a cancellation (where every other await throws
     * {@link java.util.concurrent.CancellationException} at once), for at most {@code bound}
     * (measured from now); then {@code future} is cancelled and the await throws
     * {@link java.util.concurrent.TimeoutException}. See {@link Cleanup}.
     *
     * {@snippet :
     * try {
     *     serve(conn);
     * } finally {
     *     await(Time.cleanup(conn.writeAll(GOODBYE, 0, GOODBYE.length), Duration.ofSeconds(1)));
     * }
     * }
     *
     * @param future the cleanup work
     * @param bound the most time it may take
     * @param <T> the output type
     * @return the cleanup future
     */
    public static <T> Cleanup<T> cleanup(Future<T> future, Duration bound) {
        return new Cleanup<>(timeoutOf(future, bound));
    }

    private static <T> Timeout<T> timeoutOf(Future<T> future, Duration duration) {
        long nanos = delayNanos(duration);
        return new Timeout<>(future, sleep(Duration.ofNanos(nanos)), nanos);
    }

    /** @return the timers of the runtime whose worker runs the caller, or {@code null} outside one */
    private static Timers currentTimers() {
        return Drivers.currentOrNull(Timers.KEY);
    }

    private static long delayNanos(Duration d) {
        if (d.isNegative()) return 0;
        if (d.compareTo(Duration.ofNanos(MAX_DELAY_NANOS)) > 0) return MAX_DELAY_NANOS;
        return d.toNanos();
    }
}
