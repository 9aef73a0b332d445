package dev.weft.time.internal;

/**
 * A hierarchical hashed timing wheel (Varghese and Lauck; the shape of Tokio's
 * {@code runtime/time/wheel}): six levels of 64 slots, one tick per millisecond.
 *
 * <pre>
 * level  slot width   range of the level
 * 0      1 ms         64 ms
 * 1      64 ms        ~4 s
 * 2      ~4 s         ~4.5 min
 * 3      ~4.5 min     ~4.8 h
 * 4      ~4.8 h       ~12.7 days
 * 5      ~12.7 days   ~2.2 years (2^36 ms)
 * </pre>
 *
 * <p>An entry whose deadline {@code when} agrees with {@code elapsed} on all bits above bit
 * {@code 6(L+1)} but not above {@code 6L} sits at level {@code L}, in slot
 * {@code (when >> 6L) & 63}. Each level keeps an occupancy bitmap, so the next slot to expire is
 * found with a rotate and a trailing-zeros count. When that slot's start time is reached the slot
 * is emptied: entries whose deadline has come move to the {@code pending} list (they fire),
 * the others are filed again at a lower level (cascading). Deadlines beyond the top level's range
 * (more than ~2.2 years ahead) wait in an {@code overflow} list that is filed again each time
 * {@code elapsed} enters a new 2^36 ms block. An entry fires only once {@code elapsed} reached its
 * deadline: never early.
 *
 * <p>Every list is an intrusive doubly-linked list through {@link TimerEntry#prev}/{@code next},
 * and each entry knows its list, so {@link #remove(TimerEntry)} is O(1) and leaves no trace.
 *
 * <p>Not thread-safe: {@link Timers} guards it with a lock.
 *
 * {@snippet :
 * TimerWheel wheel = new TimerWheel(0);
 * TimerEntry e = new TimerEntry();
 * wheel.insert(e, 100);           // fires at tick 100
 * assert wheel.poll(99) == null;  // not yet
 * assert wheel.poll(100) == e;    // due
 * }
 */
public final class TimerWheel {
    static final int LEVELS = 6;
    static final int SLOTS = 64;
    private static final int BITS = 6;
    /** Ticks covered by the whole wheel; farther deadlines go to the overflow list. */
    static final long SPAN = 1L << (BITS * LEVELS);
    /** List index of entries whose deadline has come, waiting to be handed out by {@link #poll}. */
    static final int PENDING = LEVELS * SLOTS;
    /** List index of entries beyond {@link #SPAN}. */
    static final int OVERFLOW = PENDING + 1;
    /** {@link TimerEntry#list} of an entry in no list. */
    static final short NONE = -1;

    private final TimerEntry[] heads = new TimerEntry[OVERFLOW + 1];
    private final long[] occupied = new long[LEVELS];
    private long elapsed;
    private int size;
    /** Set by {@link #nextExpiration()}: the list that expires at the tick it returned. */
    private int nextList = NONE;

    /**
     * An empty wheel.
     *
     * @param startTick the current tick; deadlines at or before it count as due
     */
    public TimerWheel(long startTick) {
        this.elapsed = startTick;
    }

    /** @return the tick up to which the wheel has processed time */
    public long elapsed() {
        return elapsed;
    }

    /** @return the number of entries in the wheel (including due ones not yet handed out) */
    public int size() {
        return size;
    }

    /**
     * Adds an entry that is in no wheel.
     *
     * @param e the entry
     * @param when its deadline tick
     * @return {@code true} if added; {@code false} if {@code when} is not after {@link #elapsed()}
     *     (the deadline has passed: the caller treats the timer as fired)
     */
    public boolean insert(TimerEntry e, long when) {
        if (e.list != NONE) throw new IllegalStateException("entry already in a wheel");
        if (when <= elapsed) return false;
        e.when = when;
        file(e);
        size++;
        return true;
    }

    /**
     * Removes an entry in O(1); does nothing if it is in no list.
     *
     * @param e the entry
     * @return whether it was in the wheel
     */
    public boolean remove(TimerEntry e) {
        if (e.list == NONE) return false;
        unlink(e);
        size--;
        return true;
    }

    /**
     * The tick at which the next slot expires. Lower levels always expire first: every entry of
     * level {@code L} lies in the current {@code 64^(L+1)} block, before any slot of a higher level.
     *
     * @return that tick ({@link #elapsed()} if due entries wait to be handed out), or {@code -1}
     *     if the wheel is empty
     */
    public long nextExpiration() {
        if (heads[PENDING] != null) {
            nextList = PENDING;
            return elapsed;
        }
        for (int level = 0; level < LEVELS; level++) {
            long bits = occupied[level];
            if (bits == 0) continue;
            int shift = BITS * level;
            int nowSlot = (int) (elapsed >>> shift) & (SLOTS - 1);
            int slot = (Long.numberOfTrailingZeros(Long.rotateRight(bits, nowSlot)) + nowSlot) & (SLOTS - 1);
            long levelRange = 1L << (shift + BITS);
            nextList = level * SLOTS + slot;
            return (elapsed & -levelRange) + ((long) slot << shift);
        }
        if (heads[OVERFLOW] != null) {
            nextList = OVERFLOW;
            return ((elapsed / SPAN) + 1) * SPAN;
        }
        nextList = NONE;
        return -1;
    }

    /**
     * Hands out one entry whose deadline is at or before {@code now}, removing it from the wheel,
     * and advances {@link #elapsed()} towards {@code now}.
     *
     * @param now the current tick
     * @return a due entry, or {@code null} when none is left
     */
    public TimerEntry poll(long now) {
        while (true) {
            TimerEntry due = heads[PENDING];
            if (due != null) {
                unlink(due);
                size--;
                return due;
            }
            long deadline = nextExpiration();
            if (deadline < 0 || deadline > now) {
                // No slot starts at or before now, so every entry stays at its level and slot when
                // elapsed moves up to now (they all lie at or after the next slot start).
                if (now > elapsed) elapsed = now;
                return null;
            }
            expire(nextList, deadline);
        }
    }

    /** @return whether no list holds an entry and no slot is marked occupied (for leak checks) */
    public boolean isStructurallyEmpty() {
        for (TimerEntry head : heads) {
            if (head != null) return false;
        }
        for (long bits : occupied) {
            if (bits != 0) return false;
        }
        return true;
    }

    /** Empties the list that expires at {@code deadline}: due entries to pending, the rest lower. */
    private void expire(int list, long deadline) {
        TimerEntry e = heads[list];
        heads[list] = null;
        if (list < PENDING) occupied[list / SLOTS] &= ~(1L << (list % SLOTS));
        elapsed = deadline;
        while (e != null) {
            TimerEntry next = e.next;
            e.prev = null;
            e.next = null;
            e.list = NONE;
            if (e.when <= elapsed) {
                link(e, PENDING);
            } else {
                file(e);
            }
            e = next;
        }
    }

    /** Links {@code e} (deadline after elapsed) into the list its deadline belongs to. */
    private void file(TimerEntry e) {
        long differing = elapsed ^ e.when;
        if (differing >= SPAN) {
            link(e, OVERFLOW);
            return;
        }
        int level = (63 - Long.numberOfLeadingZeros(differing | (SLOTS - 1))) / BITS;
        int slot = (int) (e.when >>> (BITS * level)) & (SLOTS - 1);
        link(e, level * SLOTS + slot);
        occupied[level] |= 1L << slot;
    }

    /**
     * Removes every entry {@code dead} accepts, in one pass over all lists: O(size).
     *
     * @param dead which entries to remove
     * @return how many were removed
     */
    public int sweep(java.util.function.Predicate<TimerEntry> dead) {
        int removed = 0;
        for (int list = 0; list <= OVERFLOW; list++) {
            TimerEntry e = heads[list];
            while (e != null) {
                TimerEntry next = e.next;
                if (dead.test(e)) {
                    unlink(e);
                    size--;
                    removed++;
                }
                e = next;
            }
        }
        return removed;
    }

    private void link(TimerEntry e, int list) {
        TimerEntry head = heads[list];
        e.next = head;
        e.prev = null;
        if (head != null) head.prev = e;
        heads[list] = e;
        e.list = (short) list; // list <= OVERFLOW = 385
    }

    private void unlink(TimerEntry e) {
        int list = e.list;
        if (e.prev != null) {
            e.prev.next = e.next;
        } else {
            heads[list] = e.next;
        }
        if (e.next != null) e.next.prev = e.prev;
        e.prev = null;
        e.next = null;
        e.list = NONE;
        if (list < PENDING && heads[list] == null) occupied[list / SLOTS] &= ~(1L << (list % SLOTS));
    }
}
