package dev.weft.time.internal;

import dev.weft.future.Waker;

/**
 * One timer: a node of the intrusive doubly-linked lists of the {@link TimerWheel}, so that
 * cancelling it unlinks it in O(1) and leaves nothing behind.
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
 * <p>Who touches which field: {@code when}, {@code prev}, {@code next}, {@code list} and
 * {@code waker} are guarded by the lock of the {@link Timers} that holds the entry; {@code state}
 * is written under that lock and is volatile so the owner's poll can
 * read it without the lock.
 *
 * {@snippet :
 * TimerEntry e = new TimerEntry();           // one per Sleep, reused across registrations
 * timers.register(e, deadlineNanos, waker);  // IDLE -> REGISTERED
 * boolean removed = timers.cancel(e);        // REGISTERED -> IDLE, unlinked in O(1)
 * }
 */
public final class TimerEntry {
    static final int IDLE = 0;
    static final int REGISTERED = 1;
    static final int FIRED = 2;

    /** Deadline in wheel ticks (milliseconds since the origin of the {@link Timers}). Guarded by the lock. */
    long when;
    /** Neighbours in the list this entry is linked into. Guarded by the lock. */
    TimerEntry prev;
    TimerEntry next;
    /** Index of the list this entry is linked into, or {@link TimerWheel#NONE}. Guarded by the lock. */
    int list = TimerWheel.NONE;
    /** Whom to wake when the entry fires. Guarded by the lock. */
    Waker waker;
    /** IDLE, REGISTERED or FIRED; written under the lock, read without it by the owner. */
    volatile int state;

    /** A new, unregistered entry. */
    public TimerEntry() {}

    /** @return whether the entry fired (its deadline passed and its waker was woken) */
    public boolean hasFired() {
        return state == FIRED;
    }

    /** @return whether the entry is registered in a wheel */
    public boolean isRegistered() {
        return state == REGISTERED;
    }
}
