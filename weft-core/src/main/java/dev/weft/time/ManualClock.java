package dev.weft.time;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told to: give it to {@code WeftRuntime.builder().clock(...)} and the
 * runtime's sleeps, intervals and timeouts fire when {@link #advance(Duration)} passes their
 * deadline, without waiting for real.
 *
 * <p>A runtime's driver subscribes to the clock ({@link #onAdvance(Runnable)}) and, with a manual
 * clock, waits for I/O or for the clock to move instead of for a real timeout; each
 * {@code advance} wakes it, and it fires every timer whose deadline the clock passed. The clock
 * never goes backwards. Thread-safe.
 *
 * {@snippet :
 * ManualClock clock = new ManualClock();
 * try (WeftRuntime rt = WeftRuntime.builder().clock(clock).build()) {
 *     Task<Void> nap = rt.spawn(Time.sleep(Duration.ofHours(1)));
 *     clock.advance(Duration.ofHours(1));   // the sleep completes now
 *     rt.blockOn(nap);
 * }
 * }
 */
public final class ManualClock implements MonotonicClock {
    private final AtomicLong now;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    /** A clock reading 0. */
    public ManualClock() {
        this(0);
    }

    /** @param startNanos the first reading */
    public ManualClock(long startNanos) {
        this.now = new AtomicLong(startNanos);
    }

    @Override
    public long nanoTime() {
        return now.get();
    }

    /**
     * Moves the clock forward and wakes whoever drives timers on it.
     *
     * @param by how far; not negative
     * @throws IllegalArgumentException if {@code by} is negative
     */
    public void advance(Duration by) {
        advanceNanos(by.toNanos());
    }

    /**
     * Moves the clock forward by {@code nanos} and wakes whoever drives timers on it.
     *
     * @param nanos how far; not negative
     * @throws IllegalArgumentException if {@code nanos} is negative
     */
    public void advanceNanos(long nanos) {
        if (nanos < 0) throw new IllegalArgumentException("a clock does not go backwards: " + nanos);
        now.addAndGet(nanos);
        for (Runnable r : listeners) r.run();
    }

    /**
     * Subscribes {@code listener} to every later {@link #advance}; a driver calls this with its
     * wake-up. Runs on the advancing thread, so it must be quick and must not throw.
     *
     * @param listener what to run after the clock moved
     */
    public void onAdvance(Runnable listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Unsubscribes {@code listener} (a closed runtime's driver).
     *
     * @param listener what {@link #onAdvance} was given
     */
    public void removeListener(Runnable listener) {
        listeners.remove(listener);
    }

    @Override
    public String toString() {
        return "ManualClock[" + now.get() + " ns]";
    }
}
