package dev.weft.time;

/**
 * The monotonic clock a runtime's timers read. A runtime uses {@link #system()} unless its builder
 * is given another (a {@link ManualClock} in tests, so they never sleep for real); two runtimes in
 * one JVM may have different clocks.
 *
 * {@snippet :
 * MonotonicClock clock = MonotonicClock.system();
 * long t0 = clock.nanoTime();
 * }
 */
@FunctionalInterface
public interface MonotonicClock {

    /** @return the current time in nanoseconds, on the scale of {@link System#nanoTime()} */
    long nanoTime();

    /** @return the clock of {@link System#nanoTime()} */
    static MonotonicClock system() {
        return System::nanoTime;
    }
}
