package dev.weft.net.internal;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The wake-up flag of a poller, which makes wake-ups coalesce: whatever the number of callers,
 * one wake-up system call per sleep ({@code Selector.wakeup()} or an eventfd write: a flag check
 * costs nanoseconds, a redundant wake-up a system call; Netty does the same with its
 * {@code wakenUp} flag).
 *
 * {@snippet :
 * boolean sleep = timeout != 0 && flag.enterSleep(); // driving thread
 * try { waitInTheKernel(sleep ? timeout : 0); } finally { flag.awake(); }
 * if (flag.wake()) writeTheEventfd();                 // any thread
 * }
 *
 * <pre>
 * state     meaning
 * AWAKE     nobody is blocked in the poller's wait (or about to be)
 * SLEEPING  the driving thread is in (or entering) a blocking wait
 * WOKEN     a wake-up was asked for: the sleeper was woken if it was SLEEPING; a poll that
 *           finds WOKEN does not block and consumes it
 * </pre>
 * <pre>
 * transition      from       to        by
 * enterSleep()    AWAKE      SLEEPING  driving thread, before its wait (fails on WOKEN: wait 0)
 * awake()         any        AWAKE     driving thread, after its wait
 * wake()          AWAKE      WOKEN     any thread (a token for the next poll): false
 * wake()          SLEEPING   WOKEN     any thread: true, the caller wakes the sleeper
 * wakeSleeper()   SLEEPING   WOKEN     any thread: true, the caller wakes the sleeper; else no change
 * </pre>
 */
public final class WakeFlag {
    private static final int AWAKE = 0;
    private static final int SLEEPING = 1;
    private static final int WOKEN = 2;

    private final AtomicInteger state = new AtomicInteger();

    /** @return whether the driving thread may block (no wake-up is pending) */
    public boolean enterSleep() {
        return state.compareAndSet(AWAKE, SLEEPING);
    }

    /** The driving thread's wait ended; a pending token is consumed. */
    public void awake() {
        state.set(AWAKE);
    }

    /** @return whether the caller must wake the sleeping thread (it was SLEEPING) */
    public boolean wake() {
        while (true) {
            int s = state.get();
            if (s == WOKEN) return false;
            if (state.compareAndSet(s, WOKEN)) return s == SLEEPING;
        }
    }

    /** @return whether the driving thread is in (or entering) a blocking wait now (a racy look) */
    public boolean isSleeping() {
        return state.get() == SLEEPING;
    }

    /** @return whether a thread was SLEEPING, now WOKEN: the caller wakes it; no token otherwise */
    public boolean wakeSleeper() {
        return state.compareAndSet(SLEEPING, WOKEN);
    }
}
