package dev.weft.internal;

import dev.weft.future.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * Parks one thread until it is woken: the waker of {@code blockOn}.
 *
 * <h2>State</h2>
 * <pre>
 * state     meaning
 * EMPTY     no token, owner not parked
 * PARKED    owner is (about to be) parked in LockSupport.park
 * NOTIFIED  a wake arrived; the next park() consumes it and returns at once
 * </pre>
 * <pre>
 * transition            from            to        by
 * wake()                any             NOTIFIED  any thread; unparks the owner if it was PARKED
 * park(): fast          NOTIFIED        EMPTY     owner
 * park(): sleep         EMPTY           PARKED    owner, then LockSupport.park until NOTIFIED
 * park(): wake-up       NOTIFIED        EMPTY     owner, after park returns (spurious returns loop)
 * </pre>
 * A wake before, during or after a poll leaves a token, so the owner's next park returns at once:
 * no wake is lost and no busy spinning happens. Wakes coalesce into one token.
 *
 * <p>Fields: {@code owner} is written once before publication; {@code state} only through the
 * VarHandle with volatile semantics.
 */
public final class Parker implements Waker {
    private static final int EMPTY = 0;
    private static final int PARKED = 1;
    private static final int NOTIFIED = 2;

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
        if ((int) STATE.getAndSet(this, NOTIFIED) == PARKED) {
            LockSupport.unpark(owner);
        }
    }

    /**
     * Parks the owner until a wake token is there, then consumes it. Returns at once if a token is
     * already there. Must be called by the owner only.
     *
     * @throws InterruptedException if the owner is interrupted while parked (the interrupt status is
     *     cleared, as {@link Thread#sleep} does)
     */
    public void park() throws InterruptedException {
        if (STATE.compareAndSet(this, NOTIFIED, EMPTY)) return;
        if (!STATE.compareAndSet(this, EMPTY, PARKED)) {
            // Only wake() changes the state besides us, and it only sets NOTIFIED.
            STATE.setVolatile(this, EMPTY);
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
