package dev.weft.time;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
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
    private final Timers timers;
    private final TimerEntry entry = new TimerEntry();
    private long deadline;
    /** The waker the entry was registered with; owner (the polling task) only. */
    private Waker registered;

    Sleep(Timers timers, long deadlineNanos) {
        this.timers = timers;
        this.deadline = deadlineNanos;
    }

    /** @return the deadline on the scale of {@link System#nanoTime()} */
    public long deadline() {
        return deadline;
    }

    /** @return whether the deadline has passed (by the clock of the timers) */
    public boolean isElapsed() {
        return entry.hasFired() || timers.clock().nanoTime() - deadline >= 0;
    }

    /**
     * Moves the deadline; the sleep can then be polled again even if it had completed (like
     * Tokio's {@code Sleep::reset}). Not concurrently with a poll.
     *
     * @param deadlineNanos the new deadline on the scale of {@link System#nanoTime()}
     */
    public void reset(long deadlineNanos) {
        timers.cancel(entry);
        registered = null;
        deadline = deadlineNanos;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (entry.hasFired()) return Poll.ready(null);
        Waker w = cx.waker();
        if (!entry.isRegistered()) {
            if (timers.clock().nanoTime() - deadline >= 0 || !timers.register(entry, deadline, w)) {
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
        timers.cancel(entry);
        registered = null;
    }

    /** @return the time now by the clock of the timers */
    long clockNow() {
        return timers.clock().nanoTime();
    }

    /** @return whether a timer entry of this sleep is in the wheel (for tests and diagnostics) */
    boolean isRegistered() {
        return entry.isRegistered();
    }

    @Override
    public String toString() {
        return "Sleep[deadline=" + deadline + (entry.hasFired() ? ", fired]" : "]");
    }
}
