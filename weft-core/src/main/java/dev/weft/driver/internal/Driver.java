package dev.weft.driver.internal;

import dev.weft.internal.IdleDriver;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A driver of timers and I/O: whoever is idle drives it (Tokio's shared driver behind a try-lock,
 * async-io's {@code block_on} that takes the reactor). Each runtime has one, driven by its idle
 * workers and stopped by its {@code close()}; {@link #shared()} is the one for futures polled
 * outside any runtime ({@code blockOn} on a plain thread), driven by such threads while they wait.
 * The driver knows its timers only as {@link Deadlines} and its I/O only as a {@link Poller}: the
 * runtime composes it from both ({@link #drive(Deadlines)}), and code that arms a timer or
 * registers a socket finds those among the runtime's drivers, not through this class.
 *
 * <p>{@link #tryDrive(long)} takes the driver lock if it is free and does one <em>turn</em>: wait in
 * the current {@link Poller} until the earlier of the caller's timeout and the next timer
 * deadline (or until {@link #wakeup()}), then fire the expired timers. A daemon thread
 * {@code weft-driver} (the fallback) drives whenever nobody else does, so timers fire and I/O is
 * seen even when every other thread is busy or parked elsewhere. Idle threads take precedence:
 * a thread whose {@code tryDrive} finds the fallback driving asks it to hand over and waits for it
 * (briefly), so an I/O event wakes its task on the thread that will run it, without a hop.
 *
 * <h2>State</h2>
 * <pre>
 * field          values                    meaning
 * owner          null | thread             the driver lock: who is driving
 * notified       false | true              a wakeup() since the current turn started (coalescing)
 * handoff        null | thread             an idle thread waiting for the fallback to hand over
 * yieldWanted    false | true              a busy thread looked while the fallback drove
 * busyTurns      count                     turns taken by busy threads, tryPollNow (owner writes)
 * fallbackDrives count                     times the fallback took the driver (it alone writes)
 * poller         Poller                    how a turn waits; replaced by the reactor (setPoller)
 * deadlines      Deadlines                 the timers a turn fires; NONE until drive()
 * </pre>
 * <pre>
 * transition          from                    to                       by
 * acquire             owner=null              owner=T                  tryDrive(T) / fallback, CAS
 *                                                                      (F: yieldWanted=false first,
 *                                                                      and only if busyTurns did not
 *                                                                      change during its wait)
 * turn start          notified=x              notified=false           owner; x=true: wait 0
 * wakeup()            notified=false          notified=true            any; then poller.wakeup()
 * wakeup()            notified=true           notified=true            any; nothing more (coalesced)
 * release             owner=T                 owner=null               owner; lastOwner=T first
 * request hand-over   owner=F, handoff=null   handoff=T                tryDrive(T), CAS; then
 *                                                                      poller.wakeup(), T parks
 * hand over           owner=F, handoff=T      owner=null               fallback after its turn;
 *                                                                      unparks T, which CASes
 * poll now            owner=null              owner=T, then null,      tryPollNow(T), CAS; a turn
 *                                             busyTurns+1              that does not wait and leaves
 *                                                                      notified for the next turn;
 *                                                                      skipped (no CAS) while no
 *                                                                      timer is armed and the poller
 *                                                                      has nothing registered
 * ask to yield        owner=F, yieldWanted=f  yieldWanted=true         tryPollNow(T) that found F;
 *                                                                      then wakeup()
 * yield               owner=F, yieldWanted=t  owner=null               fallback after its turn
 * drive(d)            deadlines=NONE          deadlines=d              the composer, once; then
 *                                                                      wakeup() if owner!=null
 * </pre>
 * <p>Fallback thread F: {@code loop { seen=busyTurns; parkNanos(backoff); if busyTurns=seen and
 * owner=null and CAS(null,F): turn until handoff!=null or yieldWanted, release, backoff=50us
 * unless it yielded; else backoff=min(2*backoff-ish, 10ms) }}. Busy workers look at the driver
 * every 61 polls ({@link #tryPollNow()}, Tokio's maintenance): F does not take the driver while
 * they do (no busy turn during its whole wait), and gives it up after its turn when one of them
 * asks (woken, as its turn may wait for a far deadline), so under load F stays out of the way (a
 * driving F would wake every task from outside the workers, through the injection queue and a
 * futex wake-up, and take CPU from them). Idle threads (workers about to park, {@code blockOn}
 * threads) take the driver from F through the hand-over; they drive only while they wait, so F
 * looks again soon after it handed over. Nobody tells F that the lock became free (that would
 * cost a wake-up of F per release); it looks by itself, 50 us after it last handed over and then
 * less often, at most every 10 ms, so when every other thread is stuck (a poll that never
 * returns) timers are late by at most about 10 ms plus the tick.
 *
 * <p>Wake-ups: {@link #wakeup()} sets {@code notified} and wakes the poller only on the
 * false&rarr;true edge, so there is at most one poller wake-up per turn however many threads call
 * it. The flag is consumed at the start of the next turn (which then does not wait), so a wakeup
 * that comes while no one waits is not lost.
 *
 * <p>A wakeup meant for a thread that is about to drive can be consumed by the turn of another
 * thread that holds the lock at that moment (the waker cannot tell who will wait next). So the
 * first turn of a thread that takes the lock from another thread ({@code lastOwner != me}) does
 * not wait: it returns at once and its caller re-checks its own wake-up state, and only its next
 * turn (the lock still its own last) waits. Without this, a parker that marked itself DRIVING and
 * was woken just before it took the lock from the fallback could block in the poller with its
 * token set (found by a blockOn ping-pong in {@code DriverTest}).
 * <pre>
 * lastOwner      thread                    who held the lock last; written by it before release
 * </pre>
 *
 * <p>Failures: a waker that throws does not stop the other due timers from being woken; the first
 * such failure (or a failure of the poller) is thrown from {@code tryDrive} to the driving thread,
 * after the lock is released (the fallback thread hands it to its uncaught-exception handler and
 * goes on driving).
 *
 * <p>On a manual clock the deadlines set no limit to a wait in real time (it would mean nothing):
 * a turn waits for I/O or a wake-up, and the clock's {@code advance} wakes it (the timers see to
 * both).
 *
 * <p>Memory consistency effects: actions of a thread before it calls {@code wakeup()} or inserts a
 * timer happen-before the turn that this causes to return (volatile flag / timer lock).
 *
 * {@snippet :
 * IdleDriver d = Driver.shared();
 * d.tryDrive(1_000_000); // drives for at most 1 ms if no one else does
 * }
 */
public final class Driver implements IdleDriver {
    /**
     * How long the fallback waits between looks at the lock, growing while other threads drive
     * (async-io's backoff): after it drove or handed over it looks again soon, and while workers
     * keep the driver it settles at one look per 10 ms.
     */
    private static final long[] FALLBACK_CHECKS_NANOS = {50_000, 100_000, 250_000, 500_000, 1_000_000,
        2_500_000, 5_000_000, 10_000_000};
    /** How long an idle thread waits for the fallback to hand the driver over. */
    static final long HANDOFF_PATIENCE_NANOS = 2_000_000;

    private static final VarHandle OWNER;
    private static final VarHandle NOTIFIED;
    private static final VarHandle HANDOFF;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            OWNER = l.findVarHandle(Driver.class, "owner", Thread.class);
            NOTIFIED = l.findVarHandle(Driver.class, "notified", boolean.class);
            HANDOFF = l.findVarHandle(Driver.class, "handoff", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Thread fallback;
    private volatile Poller poller;
    private volatile Deadlines deadlines = Deadlines.NONE;
    @SuppressWarnings("unused") // accessed through OWNER
    private volatile Thread owner;
    @SuppressWarnings("unused") // accessed through NOTIFIED
    private volatile boolean notified;
    @SuppressWarnings("unused") // accessed through HANDOFF
    private volatile Thread handoff;
    /** A busy thread polled while the fallback drove: the fallback gives the driver up after its turn. */
    private volatile boolean yieldWanted;
    /** Turns taken by busy threads ({@link #tryPollNow()}); written by the lock's owner only. */
    private volatile long busyTurns;
    /** How many times the fallback took the driver; written by the fallback only. */
    private volatile long fallbackDrives;
    /** The thread that held the lock last; written by the owner before it releases. */
    private Thread lastOwner;
    private volatile boolean closed;

    /**
     * A driver with no timers yet ({@link #drive(Deadlines)}).
     *
     * @param poller how it waits
     * @param fallbackName name of the fallback daemon thread to start, or {@code null} for none
     */
    public Driver(Poller poller, String fallbackName) {
        this.poller = poller;
        if (fallbackName == null) {
            this.fallback = null;
        } else {
            this.fallback = Thread.ofPlatform().name(fallbackName).daemon().unstarted(this::fallbackLoop);
            this.fallback.start();
        }
    }

    /**
     * The driver for futures polled outside any runtime: created on first use with a
     * {@link ParkingPoller} and a fallback thread named {@code weft-driver}, and installed with
     * {@link IdleDriver#install} so that threads blocked in {@code blockOn} drive it. The timers and
     * the reactor of code outside any runtime attach themselves to it when first used
     * ({@link #drive(Deadlines)}, {@link #setPoller(Poller)}).
     *
     * @return the shared driver
     */
    public static Driver shared() {
        return Shared.DRIVER;
    }

    /**
     * Gives the driver its timers: from now on each turn waits at most until their earliest
     * deadline and fires what is due. A thread driving now is woken so that its next turn sees
     * them; a thread that takes the driver later reads them after its CAS (both sides are volatile
     * accesses: it sees them, or this sees it). Called once, by whoever composes the driver.
     *
     * @param d the timers
     */
    public void drive(Deadlines d) {
        deadlines = d;
        if (OWNER.getVolatile(this) != null) wakeup();
    }

    /** @return the timers this driver fires ({@link Deadlines#NONE} until {@link #drive}) */
    public Deadlines deadlines() {
        return deadlines;
    }

    /** @return the poller turns wait in */
    public Poller poller() {
        return poller;
    }

    /**
     * Replaces the poller (the reactor installs its selector-based poller here). A thread waiting
     * in the old poller is woken so that its next turn uses the new one.
     *
     * @param p the new poller
     */
    public void setPoller(Poller p) {
        Poller old = poller;
        poller = p;
        old.wakeup();
    }

    /** @return the thread driving now, or {@code null} (for tests and diagnostics) */
    public Thread owner() {
        return (Thread) OWNER.getVolatile(this);
    }

    /** @return how many times the fallback thread took the driver because nobody else drove */
    public long fallbackDrives() {
        return fallbackDrives;
    }

    /** @return the fallback thread, or {@code null} if this driver has none */
    public Thread fallbackThread() {
        return fallback;
    }

    /**
     * {@inheritDoc}
     *
     * <p>If the fallback thread is driving, this asks it to hand over and waits for it for at most
     * {@value #HANDOFF_PATIENCE_NANOS} ns before answering {@code false}. A thread in
     * {@code tryDrive} is woken by {@link #wakeup()}.
     */
    @Override
    public boolean tryDrive(long timeoutNanos) {
        Thread me = Thread.currentThread();
        if (!OWNER.compareAndSet(this, null, me) && !takeOverFromFallback(me)) return false;
        try {
            turn(lastOwner == me ? timeoutNanos : 0);
        } finally {
            release(me);
        }
        return true;
    }

    /**
     * {@inheritDoc}
     *
     * <p>If the fallback thread holds the driver, asks it to give the driver up after its current
     * turn and wakes it (that turn may be waiting for a far deadline), so that busy threads poll
     * from then on and the tasks their turns wake stay on them.
     */
    @Override
    public boolean tryPollNow() {
        // nothing a look could find (no timer armed, nothing registered): no lock, no clock read
        Deadlines timers = deadlines;
        if (!timers.mightFire() && !poller.mightReport()) return false;
        Thread me = Thread.currentThread();
        if (!OWNER.compareAndSet(this, null, me)) {
            if (fallback != null && !yieldWanted && OWNER.getVolatile(this) == fallback) {
                yieldWanted = true;
                wakeup(); // its turn may be waiting for a far deadline
            }
            return false;
        }
        try {
            if (poller.mightReport()) poller.poll(0);
            timers.fireExpired();
        } finally {
            busyTurns++; // only the lock's owner writes it
            release(me);
        }
        return true;
    }

    @Override
    public void wakeup() {
        if (!(boolean) NOTIFIED.getAndSet(this, true)) poller.wakeup();
    }

    /**
     * Stops the driver (a runtime's, at its close; never the shared one): its fallback thread ends.
     * Does not close the poller or the timers (their owner does).
     *
     * @param waitNanos how long to wait for the fallback thread to end
     * @return whether the fallback thread (if any) has ended
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean close(long waitNanos) throws InterruptedException {
        closed = true;
        if (fallback == null) return true;
        poller.wakeup();
        LockSupport.unpark(fallback);
        if (fallback == Thread.currentThread()) return false;
        if (waitNanos > 0) fallback.join(java.time.Duration.ofNanos(waitNanos));
        return !fallback.isAlive();
    }

    /** Stops the driver without waiting for its fallback thread (tests). */
    public void close() {
        try {
            close(0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One turn: wait for I/O until the next timer deadline (at most the timeout), fire timers. */
    private void turn(long timeoutNanos) {
        Deadlines timers = deadlines;
        long untilNext = timers.waitNanos();
        long wait = timeoutNanos;
        if (untilNext != Deadlines.NO_LIMIT) wait = wait < 0 ? untilNext : Math.min(wait, untilNext);
        if ((boolean) NOTIFIED.getAndSet(this, false)) wait = 0;
        try {
            poller.poll(wait);
        } finally {
            timers.awake();
        }
        timers.fireExpired();
    }

    private void release(Thread me) {
        lastOwner = me; // plain: read by the next owner after its CAS on owner, which orders it
        OWNER.setVolatile(this, null);
    }

    /** The lock is taken: if the fallback holds it, ask it to hand over and wait a little. */
    private boolean takeOverFromFallback(Thread me) {
        if (fallback == null || me == fallback || OWNER.getVolatile(this) != fallback) return false;
        if (!HANDOFF.compareAndSet(this, null, me)) return false;
        try {
            poller.wakeup();
            long deadline = System.nanoTime() + HANDOFF_PATIENCE_NANOS;
            while (!OWNER.compareAndSet(this, null, me)) {
                long left = deadline - System.nanoTime();
                Object o = OWNER.getVolatile(this);
                if (left <= 0 || (o != null && o != fallback) || me.isInterrupted()) return false;
                LockSupport.parkNanos(this, left);
            }
            return true;
        } finally {
            HANDOFF.setVolatile(this, null);
        }
    }

    private void fallbackLoop() {
        Thread me = Thread.currentThread();
        int step = 0;
        while (!closed) {
            long seen = busyTurns;
            LockSupport.parkNanos(this, FALLBACK_CHECKS_NANOS[step]);
            if (closed) break;
            boolean drove = false;
            boolean yielded = false;
            if (busyTurns == seen && OWNER.getVolatile(this) == null) {
                yieldWanted = false; // a request left from its last turns
                drove = OWNER.compareAndSet(this, null, me);
            }
            if (drove) {
                fallbackDrives++; // only the fallback writes it
                try {
                    long timeout = lastOwner == me ? -1 : 0;
                    while (HANDOFF.getVolatile(this) == null && !closed) {
                        turn(timeout);
                        timeout = -1;
                        if (yieldWanted) {
                            yielded = true; // busy threads poll now
                            break;
                        }
                    }
                } catch (Throwable t) {
                    // A waker or poller failed on the fallback: report it as the thread's own
                    // failure would be, and keep driving (the timers of others must still fire).
                    me.getUncaughtExceptionHandler().uncaughtException(me, t);
                } finally {
                    lastOwner = me; // plain: ordered by the volatile write of owner below
                    OWNER.setVolatile(this, null);
                    Thread waiting = (Thread) HANDOFF.getVolatile(this);
                    if (waiting != null) LockSupport.unpark(waiting);
                }
            }
            if (drove && !yielded) {
                step = 0; // handed over to an idle thread, which may drive only briefly: look again soon
            } else if (step < FALLBACK_CHECKS_NANOS.length - 1) {
                step++; // busy threads poll, or another thread drives: look again later, up to every 10 ms
            }
        }
    }

    /** Lazy holder of the shared driver: created and installed on first use. */
    private static final class Shared {
        static final Driver DRIVER = new Driver(new ParkingPoller(), "weft-driver");

        static {
            IdleDriver.install(DRIVER);
        }

        private Shared() {}
    }
}
