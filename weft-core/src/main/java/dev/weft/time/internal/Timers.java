package dev.weft.time.internal;

import dev.weft.driver.internal.Deadlines;
import dev.weft.driver.internal.Driver;
import dev.weft.internal.Drivers;
import dev.weft.internal.FlightRecorderGate;
import dev.weft.future.Waker;
import dev.weft.time.MonotonicClock;
import dev.weft.time.ManualClock;
import dev.weft.internal.Outcomes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The timers of one driver: a {@link TimerWheel} behind a lock, in nanoseconds of a
 * {@link MonotonicClock}. A runtime keeps them among its drivers ({@link #KEY}) and gives them to
 * its {@link Driver} as its {@link Deadlines}; code that arms a timer finds them with
 * {@link #current()}. Outside any runtime that is {@link #outside()}, fired by the shared driver.
 *
 * <h2>Locking and state</h2>
 * <p>One {@link ReentrantLock} guards the wheel and every field of the entries in it (see
 * {@link TimerEntry}). Inserting, re-registering a waker and cancelling are O(1) under the lock,
 * from any thread. Firing happens on the driving thread only: under the lock it takes up to
 * {@link #BATCH} due entries out of the wheel, marks them FIRED and copies their wakers into a batch
 * (the entries keep theirs: see {@link TimerEntry}); then it unlocks and wakes them, so no waker
 * runs under the lock (a waker may itself register a timer). Nothing is allocated per timer: the
 * entry is the caller's (a {@code Sleep} is its own), the batch array is reused.
 * A lock is simple and, with O(1) work inside, cheap: {@code TimerBench} in weft-bench measures it.
 *
 * <pre>
 * field        who touches it
 * wheel        any thread, under lock
 * sleepUntil   written by the driving thread (under lock when it starts to sleep, plain volatile
 *              write when it wakes); read by inserting threads under lock
 * batch        driving thread only (fireExpired is called by the driver lock holder)
 * entries      the wheel's size, stored (release) under lock after each change; read racily by
 *              busy threads deciding whether a look at the driver could fire anything
 * clock, origin, onEarlierDeadline, manualClock
 *              written once before publication
 * </pre>
 *
 * <p>Ticks: a deadline in nanoseconds becomes the tick {@code ceil((deadline - origin) / 1 ms)}
 * (rounded up) and the time now becomes {@code floor((now - origin) / 1 ms)} (rounded down), so a
 * timer fires only once the clock reached its deadline: never early, at most about 1 ms late
 * plus the driver's own delay.
 *
 * <p>Waking the driver: when a timer is inserted with a tick earlier than the one the driver sleeps
 * until, {@code onEarlierDeadline} runs (after unlocking): the driver's coalescing wakeup. On a
 * {@link ManualClock} each {@code advance} runs it too (until {@link #close()}), and a deadline
 * that is not yet due sets no limit to the driver's wait in real time.
 *
 * {@snippet :
 * Timers timers = new Timers(MonotonicClock.system(), () -> {});
 * TimerEntry e = new TimerEntry();
 * timers.register(e, System.nanoTime() + 5_000_000, () -> System.out.println("fired"));
 * // a driver's turn: wait at most timers.waitNanos(), then timers.awake(), timers.fireExpired()
 * }
 */
public final class Timers implements Deadlines {
    /** Where a runtime's {@link Drivers} keep its timers. */
    public static final Drivers.Key<Timers> KEY = Drivers.key(Timers.class);
    /** Nanoseconds per tick. */
    public static final long TICK_NANOS = 1_000_000L;
    /** Wakers collected per lock hold while firing (Tokio wakes in batches of 32). */
    static final int BATCH = 32;
    /** {@link #prepareSleep()} answer when no timer is registered. */
    public static final long NO_DEADLINE = Long.MAX_VALUE;

    private final ReentrantLock lock = new ReentrantLock();
    private final MonotonicClock clock;
    private final long origin;
    private final Runnable onEarlierDeadline;
    private final boolean manualClock;
    private final TimerWheel wheel;
    private final Waker[] batch = new Waker[BATCH];
    /** Below this many entries the wheel is not swept (guarded by the lock). */
    static final int MIN_SWEEP_SIZE = 1024;
    /** The size at which {@link #register} next sweeps out dead entries (guarded by the lock). */
    private int sweepAt = MIN_SWEEP_SIZE;
    /** Tick the driver sleeps until; Long.MAX_VALUE: sleeps with no deadline; MIN: not sleeping. */
    private volatile long sleepUntil = Long.MIN_VALUE;
    /** The wheel's size as of its last change (see the field table); a racy hint for readers. */
    private volatile int entries;
    private static final VarHandle ENTRIES;

    static {
        try {
            ENTRIES = MethodHandles.lookup().findVarHandle(Timers.class, "entries", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Timers on {@code clock}.
     *
     * @param clock the clock deadlines are measured on
     * @param onEarlierDeadline wakes the driver when a deadline earlier than its sleep is inserted
     */
    public Timers(MonotonicClock clock, Runnable onEarlierDeadline) {
        this.clock = clock;
        this.origin = clock.nanoTime();
        this.onEarlierDeadline = onEarlierDeadline;
        this.wheel = new TimerWheel(0);
        this.manualClock = clock instanceof ManualClock;
        if (clock instanceof ManualClock m) m.onAdvance(onEarlierDeadline);
    }

    /**
     * @return the timers of the runtime whose worker runs the calling code, or, outside any
     *     runtime, the {@linkplain #outside() shared} ones
     */
    public static Timers current() {
        Timers t = Drivers.currentOrNull(KEY);
        return t != null ? t : Outside.TIMERS;
    }

    /**
     * The timers of code outside any runtime ({@code blockOn} on a plain thread): on the system
     * clock, created on first use and given to the {@linkplain Driver#shared() shared driver}.
     *
     * @return the shared timers
     */
    public static Timers outside() {
        return Outside.TIMERS;
    }

    /** Stops listening to a manual clock's advances (a runtime's timers, at its close). */
    public void close() {
        if (clock instanceof ManualClock m) m.removeListener(onEarlierDeadline);
    }

    /** @return the clock of these timers */
    public MonotonicClock clock() {
        return clock;
    }

    /**
     * Registers {@code e} (IDLE) to wake {@code waker} at {@code deadlineNanos}.
     *
     * @param e an entry in state IDLE
     * @param deadlineNanos the deadline on the clock's scale
     * @param waker whom to wake
     * @return {@code true} if registered; {@code false} if the deadline has already passed on the
     *     wheel (the entry stays IDLE and the caller is done waiting)
     */
    public boolean register(TimerEntry e, long deadlineNanos, Waker waker) {
        long tick = deadlineTick(deadlineNanos);
        boolean wake;
        lock.lock();
        try {
            if (!wheel.insert(e, tick)) return false;
            e.waker = waker;
            e.state = TimerEntry.REGISTERED;
            wake = tick < sleepUntil;
            if (wheel.size() >= sweepAt) sweepDeadEntries();
            ENTRIES.setRelease(this, wheel.size());
        } finally {
            lock.unlock();
        }
        if (wake) onEarlierDeadline.run();
        return true;
    }

    /**
     * Removes the entries whose waker is a task that has completed (a future that held a sleep and
     * did not forward {@code cancel()} to it): nobody can be woken by them, and without this they
     * would keep the entry and the task's shell reachable until the deadline, which may be years
     * away. Run when the wheel has doubled since the last sweep, so its cost is amortized O(1) per
     * registration and dead entries are never more than the live ones (and {@link #MIN_SWEEP_SIZE}).
     * A removed entry is IDLE again: if its owner is ever polled again, it registers anew.
     * Caller holds the lock.
     */
    private void sweepDeadEntries() {
        wheel.sweep(en -> {
            if (en.waker == null || !en.waker.isSpent()) return false;
            en.waker = null;
            en.state = TimerEntry.IDLE;
            return true;
        });
        sweepAt = Math.max(MIN_SWEEP_SIZE, wheel.size() * 2);
    }

    /**
     * Replaces the waker of a registered entry.
     *
     * @param e the entry
     * @param waker the new waker
     * @return {@code true} if the entry is still registered; {@code false} if it fired meanwhile
     */
    public boolean updateWaker(TimerEntry e, Waker waker) {
        lock.lock();
        try {
            if (e.state != TimerEntry.REGISTERED) return false;
            e.waker = waker;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Removes a registered entry (O(1)); it goes back to IDLE and will never fire. Does nothing to
     * an IDLE entry; a FIRED entry goes back to IDLE, ready to be registered again.
     *
     * <p>A cancel that races with the firing of the entry may come after the driver took the
     * entry out (FIRED) but before it woke the waker: that wake still happens (wakes are allowed
     * to be spurious), and this method answers {@code false}.
     *
     * @param e the entry
     * @return {@code true} if the entry was registered and is now removed without having fired
     */
    public boolean cancel(TimerEntry e) {
        if (e.state == TimerEntry.IDLE) return false;
        lock.lock();
        try {
            boolean removed = wheel.remove(e);
            ENTRIES.setRelease(this, wheel.size());
            e.waker = null;
            e.state = TimerEntry.IDLE;
            return removed;
        } finally {
            lock.unlock();
        }
    }

    /** Fires every entry due now on the clock ({@link #fireExpired(long)}). Driving thread only. */
    @Override
    public void fireExpired() {
        fireExpired(clock.nanoTime());
    }

    /**
     * Fires every entry due at {@code nowNanos}: marks it FIRED and wakes its waker, outside the
     * lock, in batches; the entry keeps its waker. Driving thread only.
     *
     * @param nowNanos the current time
     * @return how many entries fired
     */
    public int fireExpired(long nowNanos) {
        long now = Math.floorDiv(nowNanos - origin, TICK_NANOS);
        Waker[] wakers = batch;
        Throwable failure = null;
        int fired = 0;
        while (true) {
            int n = 0;
            lock.lock();
            try {
                TimerEntry e;
                while (n < BATCH && (e = wheel.poll(now)) != null) {
                    wakers[n++] = e.waker; // the entry keeps it: its owner reads it (TimerEntry)
                    e.state = TimerEntry.FIRED;
                    if (FlightRecorderGate.open() && TimerLatenessEvent.PROBE.isEnabled()) commitLateness(e.when, nowNanos);
                }
                if (n > 0) ENTRIES.setRelease(this, wheel.size());
            } finally {
                lock.unlock();
            }
            for (int i = 0; i < n; i++) {
                try {
                    wakers[i].wake();
                } catch (Throwable t) {
                    if (failure == null) failure = t;
                    else failure.addSuppressed(t);
                }
                wakers[i] = null;
            }
            fired += n;
            if (n < BATCH) break;
        }
        if (failure != null) throw Outcomes.rethrow(failure);
        return fired;
    }

    /** Commits a {@link TimerLatenessEvent} for an entry of deadline tick {@code when} fired at {@code nowNanos}. */
    private void commitLateness(long when, long nowNanos) {
        TimerLatenessEvent ev = new TimerLatenessEvent();
        ev.deadline = origin + when * TICK_NANOS;
        ev.lateness = nowNanos - ev.deadline;
        if (ev.shouldCommit()) ev.commit();
    }

    /**
     * Called by the driving thread before it waits: records the tick it will sleep until, so that
     * an earlier insert wakes it.
     *
     * @return the time in nanoseconds at which the next timer is due (may be in the past), or
     *     {@link #NO_DEADLINE}
     */
    public long prepareSleep() {
        lock.lock();
        try {
            long next = wheel.nextExpiration();
            sleepUntil = next < 0 ? Long.MAX_VALUE : next;
            return next < 0 ? NO_DEADLINE : origin + next * TICK_NANOS;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long waitNanos() {
        long next = prepareSleep();
        if (next == NO_DEADLINE) return NO_LIMIT;
        long untilNext = next - clock.nanoTime();
        if (manualClock && untilNext > 0) return NO_LIMIT; // advance() wakes the driver
        return Math.max(0, untilNext);
    }

    /** Called by the driving thread when it stopped waiting: inserts no longer need to wake it. */
    @Override
    public void awake() {
        sleepUntil = Long.MIN_VALUE;
    }

    /**
     * Whether any entry is registered, as of the wheel's last change: a racy hint, without the lock,
     * for a busy thread deciding whether a look at the driver could fire anything. An entry
     * registered meanwhile is seen at that thread's next look, or by the thread that waits for the
     * driver (a registration earlier than its sleep wakes it).
     *
     * @return {@code false} if no entry was registered at the last change
     */
    @Override
    public boolean mightFire() {
        return (int) ENTRIES.getOpaque(this) > 0;
    }

    /** @return the number of registered entries */
    public int size() {
        lock.lock();
        try {
            return wheel.size();
        } finally {
            lock.unlock();
        }
    }

    /** @return whether no entry and no occupied slot is left (for leak checks) */
    public boolean isEmpty() {
        lock.lock();
        try {
            return wheel.size() == 0 && wheel.isStructurallyEmpty();
        } finally {
            lock.unlock();
        }
    }

    private long deadlineTick(long deadlineNanos) {
        return -Math.floorDiv(-(deadlineNanos - origin), TICK_NANOS);
    }

    /** Lazy holder of the timers outside any runtime: made and given to the shared driver on first use. */
    private static final class Outside {
        static final Timers TIMERS = start();

        private static Timers start() {
            Driver d = Driver.shared();
            Timers t = new Timers(MonotonicClock.system(), d::wakeup);
            d.drive(t);
            return t;
        }

        private Outside() {}
    }
}
