package dev.weft.net.internal;

/**
 * When a poller next looks through its sources for waiters left by completed tasks (a future that
 * registered a read or an accept and did not forward {@code cancel()}): at most once a second, at
 * the end of a poll, so a forgotten registration on a silent socket releases its task within about
 * a second of the poller's next turn, and a busy poller pays one {@code System.nanoTime()} per
 * turn and a pass over its sources per second.
 *
 * {@snippet :
 * if (sweepClock.due()) sweepDeadWaiters();
 * }
 *
 * <p>The driving thread's only (one at a time: the driver lock orders them).
 */
public final class SweepClock {
    static final long INTERVAL_NANOS = 1_000_000_000L;
    private long next = System.nanoTime() + INTERVAL_NANOS;

    /** @return whether a sweep is due now (and, if so, the next one is a second away) */
    public boolean due() {
        long now = System.nanoTime();
        if (now - next < 0) return false;
        next = now + INTERVAL_NANOS;
        return true;
    }
}
