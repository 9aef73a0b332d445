package dev.weft.exec.internal;

import dev.weft.internal.IdleDriver;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * Puts one executor thread to sleep when it has nothing to do: it first tries to drive the reactor
 * and timers ({@link IdleDriver#tryDrive(long)}), and parks only if another thread is driving.
 *
 * <h2>State</h2>
 * <pre>
 * state     meaning
 * EMPTY     no token, owner awake
 * DRIVING   owner is (about to be) inside IdleDriver.tryDrive
 * PARKED    owner is (about to be) inside LockSupport.park
 * NOTIFIED  an unpark arrived; the owner's next park returns at once
 * </pre>
 * <pre>
 * transition           from              to        by
 * unpark               any               NOTIFIED  any thread (getAndSet): LockSupport.unpark if it
 *                                                  was PARKED, IdleDriver.wakeup if it was DRIVING
 * park: token          NOTIFIED          EMPTY     owner, CAS; returns at once
 * park: drive          EMPTY             DRIVING   owner, CAS; then tryDrive(-1): until an event, a
 *                                                  timer or a wakeup
 * park: drive lost     NOTIFIED          EMPTY     owner, setVolatile (no CAS), after the CAS
 *                                                  to DRIVING failed; returns
 * park: drove          DRIVING/NOTIFIED  EMPTY     owner, setVolatile (no CAS), after tryDrive
 *                                                  returned true; returns
 * park: driver threw   DRIVING/NOTIFIED  EMPTY     owner, setVolatile (no CAS); rethrows
 * park: sleep          DRIVING           PARKED    owner, CAS after tryDrive returned false; then
 *                                                  LockSupport.park until the CAS below succeeds
 * park: sleep lost     NOTIFIED          EMPTY     owner, setVolatile (no CAS), after the CAS
 *                                                  to PARKED failed; returns
 * park: wake-up        NOTIFIED          EMPTY     owner, CAS after LockSupport.park returned; returns
 * </pre>
 * Only unpark writes NOTIFIED and only the owner writes the other states, so a write without a
 * CAS can overwrite nothing but the owner's own state or an unpark's NOTIFIED: after a failed CAS
 * the state is NOTIFIED, and when tryDrive returns it is DRIVING or NOTIFIED.
 *
 * <p>No unpark is lost. Every unpark leaves NOTIFIED, and the owner blocks only after a CAS from
 * EMPTY or DRIVING succeeded (no token was pending then): in tryDrive, which an unpark in DRIVING
 * ends with {@code IdleDriver.wakeup} (the drivers keep a wakeup as a token, so one that comes
 * before the wait still ends it), or in LockSupport.park, which an unpark in PARKED ends with
 * LockSupport.unpark (a permit, likewise). A write of EMPTY that may overwrite a NOTIFIED is always
 * followed by the owner returning (or throwing) out of {@code park()} without waiting again, so
 * that unpark has done its work: the owner is awake, and its caller re-checks for work after every
 * return. The unparker published its work before its getAndSet, which came before the owner's
 * write in the order of volatile accesses, so the re-check, through volatile reads or a lock, sees
 * it. An unpark that comes after that write leaves NOTIFIED for the next park.
 *
 * <p>Fields: {@code owner} written once before publication; {@code driver} written by the owner
 * before its CAS to DRIVING, read by unpark after its getAndSet saw DRIVING.
 */
public final class WorkerParker {
    private static final int EMPTY = 0;
    private static final int DRIVING = 1;
    private static final int PARKED = 2;
    private static final int NOTIFIED = 3;

    /** The driver the owner drives while DRIVING; written by the owner before that CAS. */
    private volatile IdleDriver driver = IdleDriver.NONE;
    /** The driver to drive when idle, or {@code null}: the installed shared one, looked up per park. */
    private final IdleDriver own;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(WorkerParker.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile Thread owner;
    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;

    /**
     * A parker with no owner yet: {@link #bind(Thread)} before the first park.
     *
     * @param own the driver its owner drives while idle (a runtime's), or {@code null} for the
     *     shared one ({@link IdleDriver#current()}, which is {@link IdleDriver#NONE} until created)
     */
    public WorkerParker(IdleDriver own) {
        this.own = own;
    }

    /**
     * Sets the thread that parks here.
     *
     * @param thread the owner
     */
    public void bind(Thread thread) {
        owner = thread;
    }

    /** Wakes the owner, or makes its next park return at once. Any thread; wake-ups coalesce. */
    public void unpark() {
        int prev = (int) STATE.getAndSet(this, NOTIFIED);
        if (prev == PARKED) {
            Thread t = owner;
            if (t != null) LockSupport.unpark(t);
        } else if (prev == DRIVING) {
            driver.wakeup();
        }
    }

    /**
     * Sleeps until {@link #unpark()} (or until the driver returned after driving). Owner only.
     *
     * @throws RuntimeException or Error what the driver threw (a timer's or an I/O source's waker
     *     failed); the parker is then awake (EMPTY) and the caller should report it and go on
     */
    public void park() {
        if (STATE.compareAndSet(this, NOTIFIED, EMPTY)) return;
        IdleDriver d = own != null ? own : IdleDriver.current();
        driver = d; // before the CAS to DRIVING that unpark() reads first
        if (!STATE.compareAndSet(this, EMPTY, DRIVING)) {
            STATE.setVolatile(this, EMPTY); // only unpark changes the state besides us: it was NOTIFIED
            return;
        }
        boolean drove;
        try {
            drove = d.tryDrive(-1);
        } catch (Throwable t) {
            STATE.setVolatile(this, EMPTY); // the driver failed (a waker threw): awake, re-check
            throw t;
        }
        if (drove) {
            STATE.setVolatile(this, EMPTY); // drove: the caller re-checks its queues anyway
            return;
        }
        if (!STATE.compareAndSet(this, DRIVING, PARKED)) {
            STATE.setVolatile(this, EMPTY);
            return;
        }
        while (true) {
            LockSupport.park(this);
            if (STATE.compareAndSet(this, NOTIFIED, EMPTY)) return;
            Thread.interrupted(); // an interrupt is not a wake-up; clear it so park blocks again
        }
    }

    @Override
    public String toString() {
        return switch ((int) STATE.getVolatile(this)) {
            case EMPTY -> "EMPTY";
            case DRIVING -> "DRIVING";
            case PARKED -> "PARKED";
            default -> "NOTIFIED";
        };
    }
}
