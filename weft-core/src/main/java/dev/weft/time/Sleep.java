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
 * <p>The first poll registers the sleep in the timing wheel (unless the deadline has already
 * passed); later polls only swap the waker when the task's waker changed ({@link Waker#willWake});
 * {@link #cancel()} removes it from the wheel in O(1). The timer wakes the task once, never before
 * the deadline (deadlines are rounded up to the next millisecond tick). A sleep is its own timer
 * entry (it extends the internal {@code TimerEntry}, whose members are not API), so a sleeping
 * task keeps one object alive for its sleep: 48 bytes, allocated once, whatever happens to it.
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
// The superclass is internal on purpose (the sleep is its own timer entry); its members are not API.
@SuppressWarnings("exports")
public final class Sleep extends TimerEntry implements Future<Void> {
    /** The wheel: fixed at construction on a runtime's worker, else at the first poll. Owner only. */
    private Timers timers;
    /**
     * The deadline on the wheel's clock; while {@code relative}, the delay after the first poll
     * instead (a flag rather than a second {@code long}, so the sleep stays at 48 bytes). Owner only.
     */
    private long deadline;
    /** The deadline is not fixed yet: {@code deadline} holds the delay. Owner only. */
    private boolean relative;

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
        Sleep s = new Sleep(null, delayNanos);
        s.relative = true;
        return s;
    }

    /**
     * Fixes the wheel (the one of the runtime whose worker runs the caller, else the shared one)
     * and, for a relative sleep, the deadline.
     */
    private Timers timers() {
        Timers t = timers;
        if (t == null) {
            t = Timers.current();
            timers = t;
        }
        if (relative) {
            deadline = t.clock().nanoTime() + deadline;
            relative = false;
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
        return timerFired() || timers().clock().nanoTime() - deadline >= 0;
    }

    /**
     * Moves the deadline; the sleep can then be polled again even if it had completed (like
     * Tokio's {@code Sleep::reset}). Not concurrently with a poll.
     *
     * @param deadlineNanos the new deadline on the scale of {@link System#nanoTime()}
     */
    public void reset(long deadlineNanos) {
        if (timers != null) timers.cancel(this);
        relative = false;
        deadline = deadlineNanos;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (timerFired()) return Poll.ready(null);
        Waker w = cx.waker();
        if (!timerRegistered()) {
            Timers t = timers();
            if (t.clock().nanoTime() - deadline >= 0 || !t.register(this, deadline, w)) {
                return Poll.ready(null);
            }
            return Poll.pending();
        }
        if (!w.willWake(timerWaker()) && !timers.updateWaker(this, w)) {
            return Poll.ready(null); // fired meanwhile
        }
        return Poll.pending();
    }

    /** Removes the sleep from the wheel: it will never wake anyone. */
    @Override
    public void cancel() {
        if (timers != null) timers.cancel(this);
    }

    /** @return the time now by the clock of the timers */
    long clockNow() {
        return timers().clock().nanoTime();
    }

    /** @return whether this sleep is in the wheel (for tests and diagnostics) */
    boolean isRegistered() {
        return timerRegistered();
    }

    @Override
    public String toString() {
        if (relative) return "Sleep[" + deadline + " ns after its first poll]";
        return "Sleep[deadline=" + deadline + (timerFired() ? ", fired]" : "]");
    }
}
