package dev.weft.internal;

import dev.weft.future.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * Parks one thread until it is woken: the waker of {@code blockOn}. While it waits, the thread
 * drives the {@link IdleDriver} (timers and I/O) if no other thread does, as async-io's
 * {@code block_on} takes the reactor.
 *
 * <h2>State</h2>
 * <pre>
 * state     meaning
 * EMPTY     no token, owner not waiting
 * PARKED    owner is (about to be) parked in LockSupport.park
 * DRIVING   owner is (about to be) inside IdleDriver.tryDrive
 * NOTIFIED  a wake arrived; the next park() consumes it and returns at once
 * </pre>
 * <pre>
 * transition            from            to        by
 * wake()                any             NOTIFIED  any thread; unparks the owner if it was PARKED,
 *                                                 wakes the driver (IdleDriver.wakeup) if DRIVING
 *                                                 and the waking thread is not the owner
 * park(): fast          NOTIFIED        EMPTY     owner
 * park(): drive         EMPTY           DRIVING   owner, if a driver is installed; then tryDrive(-1)
 *                                                 in a loop while it answers true and no token came
 * park(): driver busy   DRIVING         PARKED    owner, when tryDrive answered false
 * park(): sleep         EMPTY           PARKED    owner, when no driver is installed
 * park(): wake-up       NOTIFIED        EMPTY     owner, after park/tryDrive returns
 * </pre>
 * A wake before, during or after a poll leaves a token, so the owner's next park returns at once:
 * no wake is lost and no busy spinning happens. Wakes coalesce into one token. A wake that lands
 * while the owner drives makes the driver's turn return (the driver's wakeup is itself coalesced);
 * one that lands just after the owner left the driver only costs the current driver a spurious turn.
 *
 * <p>Fields: {@code owner} is written once before publication; {@code state} only through the
 * VarHandle with volatile semantics.
 */
public final class Parker implements Waker {
    private static final int EMPTY = 0;
    private static final int PARKED = 1;
    private static final int NOTIFIED = 2;
    private static final int DRIVING = 3;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Parker.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Thread owner;
    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;

    /** The driver the owner drives while DRIVING; written by the owner before that CAS. */
    private volatile IdleDriver driver = IdleDriver.NONE;

    /** A parker for the calling thread. */
    public Parker() {
        this.owner = Thread.currentThread();
    }

    /** @return the thread this parker parks */
    public Thread owner() {
        return owner;
    }

    @Override
    public void wake() {
        int prev = (int) STATE.getAndSet(this, NOTIFIED);
        if (prev == PARKED) {
            LockSupport.unpark(owner);
        } else if (prev == DRIVING && Thread.currentThread() != owner) {
            // The owner is blocked in the driver (or about to be): make its turn return. A wake
            // from the owner itself (a timer it fired woke its own future) needs no wakeup.
            driver.wakeup();
        }
    }

    /**
     * Waits until a wake token is there, then consumes it; drives the idle driver meanwhile if it
     * is free, else parks. Returns at once if a token is already there. Owner only.
     *
     * @throws InterruptedException if the owner is interrupted while waiting (the interrupt status
     *     is cleared, as {@link Thread#sleep} does)
     */
    public void park() throws InterruptedException {
        if (STATE.compareAndSet(this, NOTIFIED, EMPTY)) return;
        IdleDriver driver = IdleDriver.current();
        this.driver = driver; // before the CAS to DRIVING that wake() reads first
        if (driver != IdleDriver.NONE) {
            if (!STATE.compareAndSet(this, EMPTY, DRIVING)) {
                STATE.setVolatile(this, EMPTY); // only wake() changes the state besides us: NOTIFIED
                return;
            }
            boolean drove;
            do {
                drove = driver.tryDrive(-1);
                if (STATE.compareAndSet(this, NOTIFIED, EMPTY)) return;
                if (Thread.interrupted()) {
                    STATE.setVolatile(this, EMPTY);
                    throw new InterruptedException();
                }
            } while (drove);
            if (!STATE.compareAndSet(this, DRIVING, PARKED)) {
                STATE.setVolatile(this, EMPTY); // NOTIFIED came in between
                return;
            }
        } else if (!STATE.compareAndSet(this, EMPTY, PARKED)) {
            STATE.setVolatile(this, EMPTY); // NOTIFIED
            return;
        }
        while (true) {
            LockSupport.park(this);
            if (STATE.compareAndSet(this, NOTIFIED, EMPTY)) return;
            if (Thread.interrupted()) {
                if (!STATE.compareAndSet(this, PARKED, EMPTY)) STATE.setVolatile(this, EMPTY);
                throw new InterruptedException();
            }
            // spurious return from LockSupport.park: park again
        }
    }

    @Override
    public String toString() {
        return "Parker[" + owner.getName() + "]";
    }
}
