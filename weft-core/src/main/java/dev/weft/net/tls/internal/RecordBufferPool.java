package dev.weft.net.tls.internal;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A small shared pool of heap buffers for TLS records, so that a connection holds its record
 * buffers only while a step of its engine uses them or while they hold bytes, and an idle
 * connection holds none (three buffers of about 16 KiB each otherwise). Bounded: at most
 * {@link #slots()} buffers wait here; a buffer given back to a full pool is left to the
 * collector, and a buffer too small for what is asked is dropped for a new one.
 *
 * {@snippet :
 * ByteBuffer b = RecordBufferPool.shared().take(16709); // cleared, capacity >= 16709
 * // ... use it, then, once it holds nothing the caller still needs:
 * RecordBufferPool.shared().give(b);                   // the caller must not touch b again
 * }
 *
 * <pre>
 * slot        state                  transition                   by
 * slots[i]    null (empty)           -> a buffer: give, CAS       any thread
 *             a cleared buffer       -> null: take, getAndSet     any thread
 * </pre>
 * A buffer is in at most one slot and, while there, owned by no caller: {@code take} removes it
 * with an atomic swap before returning it, {@code give} publishes it with a CAS after the caller's
 * last use (the CAS orders the caller's writes before the next taker's reads). A thread probes
 * {@link #PROBES} slots from a place that depends on its id, so that threads mostly touch slots
 * of their own.
 */
public final class RecordBufferPool {
    /** How many slots a take or give looks at before it allocates or drops. */
    static final int PROBES = 4;
    private static final RecordBufferPool SHARED = new RecordBufferPool(
            Math.max(16, Integer.highestOneBit(Runtime.getRuntime().availableProcessors() * 8 - 1) << 1));

    private final AtomicReferenceArray<ByteBuffer> slots;
    private final int mask;

    /** @param slots how many buffers may wait here, a power of two */
    RecordBufferPool(int slots) {
        if (Integer.bitCount(slots) != 1) throw new IllegalArgumentException("slots must be a power of two: " + slots);
        this.slots = new AtomicReferenceArray<>(slots);
        this.mask = slots - 1;
    }

    /** @return the pool every TLS stream of this JVM shares */
    public static RecordBufferPool shared() {
        return SHARED;
    }

    /** @return how many buffers may wait in this pool at most */
    public int slots() {
        return slots.length();
    }

    /**
     * @param capacity the least capacity wanted
     * @return a cleared heap buffer of at least that capacity, the caller's alone
     */
    public ByteBuffer take(int capacity) {
        int start = start();
        for (int i = 0; i < PROBES; i++) {
            int at = (start + i) & mask;
            if (slots.getPlain(at) == null) continue;
            ByteBuffer b = slots.getAndSet(at, null);
            if (b != null && b.capacity() >= capacity) return b;
        }
        return ByteBuffer.allocate(capacity);
    }

    /**
     * Gives {@code b} back; the caller must not touch it afterwards.
     *
     * @param b a heap buffer from {@link #take} (or one of the same kind)
     */
    public void give(ByteBuffer b) {
        b.clear();
        int start = start();
        for (int i = 0; i < PROBES; i++) {
            if (slots.compareAndSet((start + i) & mask, null, b)) return;
        }
    }

    /** @return how many buffers wait here now (a racy count, for tests and diagnostics) */
    public int idle() {
        int n = 0;
        for (int i = 0; i < slots.length(); i++) {
            if (slots.get(i) != null) n++;
        }
        return n;
    }

    private int start() {
        return (int) (Thread.currentThread().threadId() * 0x9E3779B9L >>> 16) & mask;
    }
}
