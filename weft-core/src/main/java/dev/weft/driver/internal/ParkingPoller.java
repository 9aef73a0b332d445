package dev.weft.driver.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The default {@link Poller}: no I/O, it just parks the driving thread for the timeout;
 * {@link #wakeup()} unparks it.
 *
 * <h2>State</h2>
 * <pre>
 * state     meaning
 * EMPTY     no token, nobody parked
 * PARKED    the polling thread is (about to be) parked; {@code waiter} names it
 * NOTIFIED  a wakeup arrived; the next poll consumes it and returns at once
 * </pre>
 * <pre>
 * transition      from      to        by
 * wakeup()        any       NOTIFIED  any thread; unparks the waiter if it was PARKED
 * poll(): token   NOTIFIED  EMPTY     polling thread, returns at once
 * poll(): sleep   EMPTY     PARKED    polling thread, then parks for the timeout
 * poll(): return  any       EMPTY     polling thread after parking (a token that came is consumed)
 * </pre>
 * A wakeup before or during a poll is never lost; wakeups coalesce into one token. Only the
 * driver-lock holder polls, so {@code waiter} is written by one thread at a time, before the
 * volatile CAS to PARKED that publishes it.
 *
 * {@snippet :
 * Poller p = new ParkingPoller();
 * p.wakeup();
 * p.poll(-1); // returns at once: the wakeup left a token
 * }
 */
public final class ParkingPoller implements Poller {
    private static final int EMPTY = 0;
    private static final int PARKED = 1;
    private static final int NOTIFIED = 2;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ParkingPoller.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;
    /** The thread parked in poll; written by the polling thread before the CAS to PARKED. */
    private Thread waiter;

    /** A poller with no token. */
    public ParkingPoller() {}

    @Override
    public boolean mightReport() {
        return false; // no I/O: a poll without waiting would only take a wake-up token
    }

    @Override
    public void poll(long timeoutNanos) {
        if (STATE.compareAndSet(this, NOTIFIED, EMPTY) || timeoutNanos == 0) return;
        // Plain write: published to wakeup() by the volatile CAS below.
        waiter = Thread.currentThread();
        if (!STATE.compareAndSet(this, EMPTY, PARKED)) {
            STATE.setVolatile(this, EMPTY); // only wakeup() changes the state besides us: NOTIFIED
            return;
        }
        if (timeoutNanos < 0) {
            LockSupport.park(this);
        } else {
            LockSupport.parkNanos(this, timeoutNanos);
        }
        STATE.setVolatile(this, EMPTY);
    }

    @Override
    public void wakeup() {
        if ((int) STATE.getAndSet(this, NOTIFIED) == PARKED) LockSupport.unpark(waiter);
    }
}
