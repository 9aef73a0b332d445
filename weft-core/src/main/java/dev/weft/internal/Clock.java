package dev.weft.internal;

/**
 * The monotonic clock the driver and the timers read: a seam so tests can substitute a fake clock
 * and never sleep for real.
 *
 * {@snippet :
 * Clock clock = Clock.system();
 * long t0 = clock.nanoTime();
 * }
 */
@FunctionalInterface
public interface Clock {

    /** @return the current time in nanoseconds, on the scale of {@link System#nanoTime()} */
    long nanoTime();

    /** @return the clock of {@link System#nanoTime()} */
    static Clock system() {
        return System::nanoTime;
    }
}
