package dev.weft.time;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.time.internal.Driver;
import dev.weft.time.internal.TimerEntry;
import dev.weft.time.internal.Timers;

/**
 * The future of {@link Time#sleep} and {@link Time#sleepUntil}: ready once its deadline has
 * passed.
 *
 * <p>The first poll registers one timer entry (unless the deadline has already passed); later
 * polls only re-register when the task's waker changed ({@link Waker#willWake}); {@link #cancel()}
 * removes the entry from the wheel in O(1). The timer wakes the task once, never before the
 * deadline (deadlines are rounded up to the next millisecond tick).
 *
 * <p>What wakes it: the thread driving the timers (an idle worker, a {@code blockOn} thread or the
 * {@code weft-driver} fallback thread) when the deadline's tick is reached. Throws nothing.
 * Cancel-safe: cancelling loses nothing but the wait.
 *
 * <p>Memory consistency effects: the poll that returns ready happens-after the driver observed the
 * deadline.
 *
 * {@snippet :
 * Sleep s = Time.sleep(java.time.Duration.ofMillis(10));
 * dev.weft.Weft.await(s);        // returns after at least 10 ms
 * assert s.isElapsed();
 * }
 */
public final class Sleep implements Future<Void> {
    /** The wheel: fixed at construction on a runtime's worker, else at the first poll. Owner only. */
    private Timers timers;
    private final TimerEntry entry = new TimerEntry();
    /** The deadline on the wheel's clock; if {@code delay >= 0}, not fixed yet. */
    private long deadline;
    /** {@code >= 0}: the deadline is this far after the first poll (timers not found yet); else -1. */
    private long delay = -1;
    /** The waker the entry was registered with; owner (the polling task) only. */
    private Waker registered;

    /**
     * @param timers the wheel, or {@code null} to take the polling runtime's at the first poll
     * @param deadlineNanos the deadline on the wheel's clock
     */
    Sleep(Timers timers, long deadlineNanos) {
        this.timers = timers;
        this.deadline = deadlineNanos;
    }

    /**
     * @param delayNanos how long after its first poll the sleep ends, not negative
     * @return a sleep whose wheel and deadline are fixed at its first poll
     */
    static Sleep afterFirstPoll(long delayNanos) {
        Sleep s = new Sleep(null, 0);
        s.delay = delayNanos;
        return s;
    }

    /**
     * Fixes the wheel (the one of the runtime whose worker runs the caller, else the shared one)
     * and, for a relative sleep, the deadline.
     */
    private Timers timers() {
        Timers t = timers;
        if (t == null) {
            t = Driver.current().timers();
            timers = t;
        }
        if (delay >= 0) {
            deadline = t.clock().nanoTime() + delay;
            delay = -1;
        }
        return t;
    }

    /**
     * @return the deadline on the scale of the clock of its timers ({@link System#nanoTime()} unless
     *     its runtime has another clock); asked before the first poll of a sleep made outside a
     *     runtime, this fixes its wheel (and deadline) as a poll would
     */
    public long deadline() {
        timers();
        return deadline;
    }

    /** @return whether the deadline has passed (by the clock of the timers) */
    public boolean isElapsed() {
        return entry.hasFired() || timers().clock().nanoTime() - deadline >= 0;
    }

    /**
     * Moves the deadline; the sleep can then be polled again even if it had completed (like
     * Tokio's {@code Sleep::reset}). Not concurrently with a poll.
     *
     * @param deadlineNanos the new deadline on the scale of {@link System#nanoTime()}
     */
    public void reset(long deadlineNanos) {
        if (timers != null) timers.cancel(entry);
        registered = null;
        delay = -1;
        deadline = deadlineNanos;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (entry.hasFired()) return Poll.ready(null);
        Waker w = cx.waker();
        if (!entry.isRegistered()) {
            Timers t = timers();
            if (t.clock().nanoTime() - deadline >= 0 || !t.register(entry, deadline, w)) {
                return Poll.ready(null);
            }
            registered = w;
            return Poll.pending();
        }
        if (!w.willWake(registered)) {
            if (!timers.updateWaker(entry, w)) return Poll.ready(null); // fired meanwhile
            registered = w;
        }
        return Poll.pending();
    }

    /** Removes the timer entry: the sleep will never wake anyone. */
    @Override
    public void cancel() {
        if (timers != null) timers.cancel(entry);
        registered = null;
    }

    /** @return the time now by the clock of the timers */
    long clockNow() {
        return timers().clock().nanoTime();
    }

    /** @return whether a timer entry of this sleep is in the wheel (for tests and diagnostics) */
    boolean isRegistered() {
        return entry.isRegistered();
    }

    @Override
    public String toString() {
        if (delay >= 0) return "Sleep[" + delay + " ns after its first poll]";
        return "Sleep[deadline=" + deadline + (entry.hasFired() ? ", fired]" : "]");
    }
}
