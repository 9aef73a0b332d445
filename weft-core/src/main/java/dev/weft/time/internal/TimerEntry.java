package dev.weft.time.internal;

import dev.weft.future.Waker;

/**
 * One timer: a node of the intrusive doubly-linked lists of the {@link TimerWheel}, so that
 * cancelling it unlinks it in O(1) and leaves nothing behind.
 *
 * <p>{@link dev.weft.time.Sleep} <em>is</em> its timer entry (it extends this class): a sleeping
 * task then keeps one object alive for its sleep, not a sleep and an entry, 48 bytes instead of
 * 32 + 40 ({@code W4Footprint} in weft-bench measures it). That is why the class is not final and
 * why what {@code Sleep} needs is {@code protected}; nothing else extends it. The fields are
 * package-private, for the wheel and {@link Timers} only, and sized so that the whole
 * {@code Sleep} fits in 48 bytes (a {@code short} list index and a {@code byte} state share the
 * 4 bytes after the object header).
 *
 * <h2>State</h2>
 * <pre>
 * state       meaning
 * IDLE        not in the wheel (new, cancelled, or reset by its owner)
 * REGISTERED  linked into a list of the wheel, with a waker
 * FIRED       taken out of the wheel by the driver, its waker woken (or about to be)
 * </pre>
 * <pre>
 * transition  from        to          by
 * register    IDLE        REGISTERED  owner, under the Timers lock
 * cancel      REGISTERED  IDLE        owner, under the Timers lock
 * fire        REGISTERED  FIRED       driving thread, under the Timers lock; wakes after unlocking
 * cancel      FIRED       IDLE        owner, under the lock (to register the entry again)
 * </pre>
 *
 * <p>Who touches which field:
 * <pre>
 * field       written by                                   read by
 * when, prev, the wheel, under the Timers lock             the wheel, under the lock
 *  next, list
 * waker       the owner, under the lock (register,         the driver under the lock (fire); the
 *             updateWaker, cancel); the driver leaves it   owner without it ({@link #timerWaker()}:
 *             as it is when it fires                       it is the only writer)
 * state       under the lock (register, cancel: owner;     the owner without the lock (volatile)
 *             fire: driver)
 * </pre>
 * A fired entry keeps its waker until its owner cancels or registers it again, so that the owner
 * can compare its next waker with the registered one without the lock and without a copy of its
 * own; for a sleep polled by its task that waker is the task itself, which holds the sleep anyway.
 *
 * {@snippet :
 * TimerEntry e = new TimerEntry();           // a Sleep is one; reused across registrations
 * timers.register(e, deadlineNanos, waker);  // IDLE -> REGISTERED
 * boolean removed = timers.cancel(e);        // REGISTERED -> IDLE, unlinked in O(1)
 * }
 */
public class TimerEntry {
    static final byte IDLE = 0;
    static final byte REGISTERED = 1;
    static final byte FIRED = 2;

    /** Deadline in wheel ticks (milliseconds since the origin of the {@link Timers}). Guarded by the lock. */
    long when;
    /** Neighbours in the list this entry is linked into. Guarded by the lock. */
    TimerEntry prev;
    TimerEntry next;
    /** Whom to wake when the entry fires; see the class comment. */
    Waker waker;
    /** Index of the list this entry is linked into (below 2^15), or {@link TimerWheel#NONE}. Guarded by the lock. */
    short list = TimerWheel.NONE;
    /** IDLE, REGISTERED or FIRED; written under the lock, read without it by the owner. */
    volatile byte state;

    /** A new, unregistered entry. */
    public TimerEntry() {}

    /** @return whether the entry fired (its deadline passed and its waker was woken) */
    protected final boolean timerFired() {
        return state == FIRED;
    }

    /** @return whether the entry is registered in a wheel */
    protected final boolean timerRegistered() {
        return state == REGISTERED;
    }

    /**
     * The waker the entry was last registered with; owner only (it is the only writer of the
     * field, so it may read it without the lock).
     *
     * @return that waker, or {@code null} if the entry is new or was cancelled since
     */
    protected final Waker timerWaker() {
        return waker;
    }
}
