package dev.weft.driver.internal;

/**
 * What a {@link Driver}'s turn waits for besides I/O: the earliest deadline of its timers, and
 * firing the ones that are due. The timers (the time floor) implement it; the driver knows nothing
 * else of them, so the code that arms a timer finds the timers itself (among a runtime's drivers),
 * never through the driver.
 *
 * <p>Only the thread holding the driver calls {@link #waitNanos()}, {@link #awake()} and
 * {@link #fireExpired()}, in that order per turn; {@link #mightFire()} is a racy hint any thread
 * may read. When a deadline earlier than the one a waiting turn waits for is armed, the timers wake
 * the driver ({@link Driver#wakeup()}).
 *
 * {@snippet :
 * Driver d = new Driver(new ParkingPoller(), null);
 * d.drive(Deadlines.NONE); // a driver with no timers: each turn waits for I/O or a wakeup
 * }
 */
public interface Deadlines {
    /** {@link #waitNanos()} answer when no deadline limits the wait. */
    long NO_LIMIT = -1;

    /** No timers: a turn waits only for I/O or a wakeup. */
    Deadlines NONE = new Deadlines() {
        @Override
        public long waitNanos() {
            return NO_LIMIT;
        }

        @Override
        public void awake() {}

        @Override
        public void fireExpired() {}

        @Override
        public boolean mightFire() {
            return false;
        }
    };

    /**
     * Called by the driving thread before it waits: how long it may wait before a deadline is due
     * ({@code 0}: one is due now), or {@link #NO_LIMIT}. From this call until {@link #awake()},
     * arming an earlier deadline wakes the driver.
     *
     * @return the longest wait in nanoseconds, or {@link #NO_LIMIT}
     */
    long waitNanos();

    /** Called by the driving thread when it stopped waiting. */
    void awake();

    /** Called by the driving thread after each wait: wakes the wakers of every due deadline. */
    void fireExpired();

    /**
     * A racy hint for a busy thread deciding whether a look at the driver could fire anything.
     *
     * @return {@code false} if no deadline was armed as of the last change
     */
    boolean mightFire();
}
