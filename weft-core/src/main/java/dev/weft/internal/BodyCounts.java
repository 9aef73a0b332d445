package dev.weft.internal;

/**
 * Counts the {@code Weft.async} bodies made on each executor thread, woven (a state machine the
 * weaver generated) or stackful (a coroutine, because the body's class was not woven): one plain
 * add to a field of the {@link CoopThread} that runs the code ({@link Carrier#current()}: a
 * coroutine body counts on the worker carrying it), nothing on other threads. A runtime's metrics
 * sum its workers' counts.
 *
 * {@snippet :
 * BodyCounts.woven(); // in WovenFuture's constructor
 * }
 */
public final class BodyCounts {
    private BodyCounts() {}

    /** Counts a woven body made by the current code. */
    public static void woven() {
        if (Thread.currentThread() instanceof CoopThread c) c.wovenBodies++;
        else if (Carrier.current() instanceof CoopThread c) c.wovenBodies++;
    }

    /** Counts a stackful body made by the current code. */
    public static void stackful() {
        if (Carrier.current() instanceof CoopThread c) c.stackfulBodies++;
    }
}
