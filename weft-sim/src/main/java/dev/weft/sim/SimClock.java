package dev.weft.sim;

import dev.weft.time.MonotonicClock;
import dev.weft.time.internal.WallClock;
import java.time.Duration;
import java.time.Instant;

/**
 * The virtual clock of a {@link SimRuntime}: it reads 0 when the simulation starts and moves only
 * when the simulation moves it, which it does when no task is ready (it jumps to the next timer or
 * network event) and, if the builder says so, by a fixed cost per poll. A 30-day sleep therefore
 * takes no real time. The runtime's timers ({@code Time.sleep}, {@code timeout}, {@code interval})
 * read this clock.
 *
 * {@snippet :
 * SimRuntime sim = SimRuntime.builder(42).build();
 * sim.run(Time.sleep(Duration.ofDays(30)));
 * Duration d = sim.clock().elapsed();          // PT720H, in a few milliseconds of real time
 * }
 *
 * <p>State: {@code now}, written by the simulation's thread only (between runs, by nobody); read
 * by it, or by the thread that ran the simulation after the run (ordered by the thread's join).
 */
public final class SimClock implements MonotonicClock, WallClock {
    private final Instant epoch;
    private long now;

    SimClock(Instant epoch) {
        this.epoch = epoch;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    /** @return the virtual time since the simulation started */
    public Duration elapsed() {
        return Duration.ofNanos(now);
    }

    /** @return the simulated wall-clock time: the builder's epoch plus {@link #elapsed()} */
    @Override
    public Instant instant() {
        return epoch.plusNanos(now);
    }

    /**
     * Moves the clock to {@code nanos}; never backwards.
     *
     * @param nanos the new reading
     */
    void advanceTo(long nanos) {
        if (nanos < now) throw new IllegalStateException("the virtual clock does not go backwards: " + nanos + " < " + now);
        now = nanos;
    }

    @Override
    public String toString() {
        return "SimClock[" + elapsed() + "]";
    }
}
