package dev.weft.sync;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The message store of a bounded channel: Dmitry Vyukov's bounded MPMC array queue, with a
 * sequence number ("stamp") per slot and the close flag as a mark bit of the tail, as in smol's
 * {@code concurrent-queue}. An offer or a poll is one CAS on the tail or the head; no lock.
 *
 * <h2>Positions</h2>
 * <pre>
 * bits of head / tail       meaning
 * 0 .. k-1                  index of the slot (0 .. capacity-1); markBit = 1 &lt;&lt; k is the
 *                           smallest power of two above capacity
 * k      (tail only)        CLOSED: set once by close, never cleared; head never has it
 * k+1 ..                    lap: how many times the position went round the ring (oneLap =
 *                           markBit * 2 per lap)
 * </pre>
 * The position after {@code p} is {@code p + 1} within a lap, and {@code lap + oneLap} (index 0 of
 * the next lap) after the last index.
 *
 * <h2>Slot stamps</h2>
 * <pre>
 * stamps[i] ==          the slot is                                   next by
 * tail (same lap)       free, waiting for the offer at this position  offer: CAS tail, write value,
 *                                                                     stamp = tail + 1
 * head + 1              full, waiting for the poll at this position   poll: CAS head, take value,
 *                                                                     stamp = head + oneLap
 * </pre>
 * Initially {@code stamps[i] = i} (free for lap 0).
 *
 * <h2>Transitions</h2>
 * <pre>
 * operation  sees                                          does
 * offer      tail has CLOSED                               CLOSED
 * offer      stamp == tail                                 CAS tail -> next; on success write the
 *                                                          value and release stamp = tail + 1: SENT
 * offer      stamp is one lap behind, head + oneLap == tail NOT_NOW (full)
 * offer      anything else (a racing offer or poll)        back off, re-read tail, retry
 * poll       stamp == head + 1                             CAS head -> next; on success take the
 *                                                          value, null the slot, release
 *                                                          stamp = head + oneLap: the message
 * poll       stamp == head, tail (without CLOSED) == head  NOT_NOW, or CLOSED if tail has CLOSED
 * poll       anything else (an offer between its CAS and   back off, re-read head, retry
 *            its stamp store, or a racing poll)
 * close      -                                             tail |= CLOSED (one atomic OR)
 * </pre>
 * Linearization points: a successful offer or poll at its CAS; a full offer at its read of the
 * tail (tail and head then differ by one lap); an empty or closed poll at its read of the tail;
 * close at its OR. A poll that finds a slot claimed by an offer that has not yet stored its stamp
 * waits for it (backing off, then yielding): the queue is not lock-free in the strict sense, like
 * Vyukov's original.
 *
 * <h2>Who touches which field</h2>
 * {@code head}, {@code tail}: any thread, volatile reads and CAS ({@code getAndBitwiseOr} for
 * close). {@code stamps}: acquire loads, release stores. {@code values[i]}: plain; written by the
 * offer that owns the slot (after its CAS, before its release of the stamp) and read and cleared
 * by the poll that owns it (after its acquire of the stamp, before its release).
 *
 * @param <T> the message type
 */
final class BoundedRing<T> implements MessageQueue<T> {
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle STAMP = MethodHandles.arrayElementVarHandle(long[].class);

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            HEAD = l.findVarHandle(BoundedRing.class, "head", long.class);
            TAIL = l.findVarHandle(BoundedRing.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int capacity;
    private final long markBit;
    private final long oneLap;
    private final long[] stamps;
    private final Object[] values;
    private volatile long head;
    private volatile long tail;

    /** @param capacity 1 .. 2^30 */
    BoundedRing(int capacity) {
        if (capacity < 1 || capacity > 1 << 30) throw new IllegalArgumentException("capacity: " + capacity);
        this.capacity = capacity;
        this.markBit = Long.highestOneBit(capacity) << 1;
        this.oneLap = markBit << 1;
        this.stamps = new long[capacity];
        this.values = new Object[capacity];
        for (int i = 0; i < capacity; i++) stamps[i] = i;
    }

    @Override
    public Object offer(T message) {
        long t = tail;
        int step = 0;
        while (true) {
            if ((t & markBit) != 0) return CLOSED;
            int index = (int) (t & (markBit - 1));
            long stamp = (long) STAMP.getAcquire(stamps, index);
            if (stamp == t) {
                long next = index + 1 < capacity ? t + 1 : (t & -oneLap) + oneLap;
                long seen = (long) TAIL.compareAndExchange(this, t, next);
                if (seen == t) {
                    values[index] = message;
                    // release: publishes the value to the poll that acquires this stamp
                    STAMP.setRelease(stamps, index, t + 1);
                    return SENT;
                }
                t = seen;
                continue;
            }
            if (stamp + oneLap == t + 1 && head + oneLap == t) return NOT_NOW;
            step = backOff(step);
            t = tail;
        }
    }

    @Override
    public Object poll() {
        long h = head;
        int step = 0;
        while (true) {
            int index = (int) (h & (markBit - 1));
            long stamp = (long) STAMP.getAcquire(stamps, index);
            if (stamp == h + 1) {
                long next = index + 1 < capacity ? h + 1 : (h & -oneLap) + oneLap;
                long seen = (long) HEAD.compareAndExchange(this, h, next);
                if (seen == h) {
                    Object m = values[index];
                    values[index] = null;
                    // release: the slot (value cleared) is free for the offer that acquires this stamp
                    STAMP.setRelease(stamps, index, h + oneLap);
                    return m;
                }
                h = seen;
                continue;
            }
            if (stamp == h) {
                long t = tail;
                if ((t & ~markBit) == h) return (t & markBit) != 0 ? CLOSED : NOT_NOW;
            }
            step = backOff(step);
            h = head;
        }
    }

    @Override
    public boolean close() {
        return ((long) TAIL.getAndBitwiseOr(this, markBit) & markBit) == 0;
    }

    @Override
    public boolean isClosed() {
        return (tail & markBit) != 0;
    }

    @Override
    public int size() {
        while (true) {
            long t = tail;
            long h = head;
            if (tail != t) continue; // the head was read while the tail was t: a consistent pair
            t &= ~markBit;
            int hi = (int) (h & (markBit - 1));
            int ti = (int) (t & (markBit - 1));
            if (hi < ti) return ti - hi;
            if (hi > ti) return capacity - hi + ti;
            return t == h ? 0 : capacity;
        }
    }

    /** A racing offer or poll is between its CAS and its stamp store: spin briefly, then yield. */
    private static int backOff(int step) {
        if (step < 6) {
            for (int i = 1 << step; i > 0; i--) Thread.onSpinWait();
        } else {
            Thread.yield();
        }
        return step + 1;
    }
}
