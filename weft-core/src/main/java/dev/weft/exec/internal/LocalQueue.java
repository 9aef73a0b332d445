package dev.weft.exec.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * A worker's bounded run queue: the owner pushes at the back and pops at the front, other workers
 * steal half of it (Tokio's {@code queue::Local}). Overflow moves half of it to the
 * {@link InjectQueue}.
 *
 * <h2>State</h2>
 * <pre>
 * field    meaning                                               written by
 * head     two 32-bit indices packed: steal (high) and real (low)  owner pop (CAS), stealers (CAS)
 *          real: next element the owner pops
 *          steal: start of a range a stealer is still copying; == real when no steal is in flight
 * tail     next free slot                                        owner only (release store)
 * buffer   ring of CAPACITY slots                                owner: elements into
 *                                                                [tail, steal + CAPACITY), null
 *                                                                into a slot it popped or moved
 *                                                                out; a stealer: null into its
 *                                                                claimed range before releasing it
 * </pre>
 * Indices are unsigned 32-bit counters that wrap (Java {@code int} arithmetic); slot = index & mask.
 * <pre>
 * transition        from head (steal, real)      to               by
 * pop               (s, r), r != tail            (s', r+1)        owner; s' = r+1 if s == r, else s
 * steal: claim      (r, r)                       (r, r+n)         a stealer; n = half, rounded up
 * steal: release    (r, r')                      (r', r')         the same stealer, after copying
 *                                                                  and clearing its range
 * overflow: claim   (r, r)                       (r+half, r+half) owner, when full and no steal in flight
 * </pre>
 * While a steal is in flight no other stealer may start, the owner may still pop (advancing only
 * {@code real}), and a push that finds the ring full goes to the injection queue.
 *
 * <p>Slots are plain array elements: the owner writes a slot before its release store of
 * {@code tail}, and readers read it after an acquire load of {@code tail} (stealers) or their own
 * write (owner); a slot is rewritten only after the range holding it was released by a CAS on
 * {@code head} that the owner read with acquire. A slot is cleared by whoever took its element
 * (the owner after its pop or overflow claim, a stealer after copying its claimed range, before
 * the release), so the ring keeps no reference to an element it no longer holds: a finished task
 * and its output are not kept reachable by a stale slot. The acquire loads are plain reads of the
 * volatile fields (at least acquire); the release stores of {@code tail} go through a field
 * updater, which costs the JIT less than a VarHandle while it is still compiling, and the CAS of
 * {@code head} through a VarHandle ({@code HEAD} says why).
 *
 * @param <E> the element type
 */
public final class LocalQueue<E> {
    /**
     * The capacity of a worker's queue: 4096, sixteen times Tokio's 256. Tasks beyond it spill to
     * the injection queue, which every worker drains, so a worker with more runnable tasks than its
     * queue holds keeps trading tasks with its siblings, and each task that moves takes its state
     * (for a coroutine, its stack chunk) to another core's cache. Measured with 1,000 tasks on 2
     * workers (W2, W3; steady state after 5 warm-up passes, medians of 3 JVMs each): going from 256
     * to 4096 gave yields of stackful coroutines +26%, yields of plain tasks +50%, channel round
     * trips +54%; 1024 measured the same as 4096 there. JDK's ForkJoinPool grows its queues
     * instead. Cost: 16 KB of slots per worker.
     */
    public static final int DEFAULT_CAPACITY = 4096;

    /**
     * CAS of {@code head}. A VarHandle, unlike {@code TAIL}: through an AtomicLongFieldUpdater, W2's
     * stackful coroutines measured 6.30M against 7.81M yields/s in their fast mode (40 rounds of
     * fresh JVMs), and W1, W2 and W7 did not gain from it ({@code weft-bench/RESULTS.md},
     * "hot-path atomics without VarHandles").
     */
    private static final VarHandle HEAD;

    @SuppressWarnings("rawtypes") // one updater for every LocalQueue<E>
    private static final AtomicIntegerFieldUpdater<LocalQueue> TAIL =
            AtomicIntegerFieldUpdater.newUpdater(LocalQueue.class, "tail");

    static {
        try {
            HEAD = MethodHandles.lookup().findVarHandle(LocalQueue.class, "head", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object[] buffer;
    private final int capacity;
    private final int mask;
    private volatile long head; // read as a field, changed through HEAD
    private volatile int tail; // read as a field, written through TAIL (release)

    /** A queue of {@link #DEFAULT_CAPACITY}. */
    public LocalQueue() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * A queue of {@code capacity} slots (tests shrink it to reach the edges).
     *
     * @param capacity a power of two, at least 2
     */
    public LocalQueue(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) throw new IllegalArgumentException("capacity " + capacity);
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.buffer = new Object[capacity];
    }

    private static int steal(long h) {
        return (int) (h >>> 32);
    }

    private static int real(long h) {
        return (int) h;
    }

    private static long pack(int steal, int real) {
        return ((long) steal << 32) | (real & 0xFFFF_FFFFL);
    }

    /** @return the capacity */
    public int capacity() {
        return capacity;
    }

    /** @return free slots; owner only */
    public int remainingSlots() {
        long h = head;
        int t = tail; // owner's own field
        return capacity - (t - steal(h));
    }

    /** @return the number of elements not yet taken (a snapshot when called by others) */
    public int len() {
        long h = head;
        int t = tail;
        return t - real(h);
    }

    /**
     * For task dumps, from any thread: hands each element seen in the ring between the owner's
     * next pop and the tail to {@code sink}. Racy by design (plain reads of slots the owner and
     * stealers keep changing): an element may be missed, seen twice, or already taken; never use
     * the result for anything but a diagnostic.
     *
     * @param sink receives the elements seen
     */
    @SuppressWarnings("unchecked") // only E is ever stored
    public void forEachQueuedRacily(java.util.function.Consumer<? super E> sink) {
        int r = real(head);
        int t = tail;
        for (int i = r; i - t < 0 && i - r < capacity; i++) {
            Object o = buffer[i & mask]; // plain: a diagnostic read, see above
            if (o != null) sink.accept((E) o);
        }
    }

    /** @return whether there is nothing to pop or steal (a snapshot when called by others) */
    public boolean isEmpty() {
        return len() == 0;
    }

    /**
     * Pushes {@code e} at the back; if the ring is full, moves half of it plus {@code e} to
     * {@code overflow}. Owner only.
     *
     * <p>The element is published by a release store of {@code tail}, with no fence: a read the
     * caller makes next (of the idle state, to announce the element) may be served before the store
     * is visible to other threads, and a caller that must order the two issues a fence of its own
     * ({@code Worker}: announcing work). An element that goes to {@code overflow} is published
     * under that queue's lock instead.
     *
     * @param e the element
     * @param overflow where elements go when the ring is full
     */
    public void pushBack(E e, InjectQueue<E> overflow) {
        while (true) {
            long h = head;
            int steal = steal(h);
            int real = real(h);
            int t = tail; // owner's own field
            if (t - steal < capacity) {
                buffer[t & mask] = e;
                TAIL.lazySet(this, t + 1);
                return;
            }
            if (steal != real) {
                overflow.push(e); // a stealer is freeing room; do not wait for it
                return;
            }
            if (pushOverflow(e, h, real, overflow)) return;
        }
    }

    /**
     * Pushes {@code e} at the back; the caller knows there is room. Owner only.
     *
     * @param e the element
     * @throws IllegalStateException if the ring is full
     */
    public void pushBackNoOverflow(E e) {
        long h = head;
        int t = tail; // owner's own field
        if (t - steal(h) >= capacity) throw new IllegalStateException("local queue full");
        buffer[t & mask] = e;
        TAIL.lazySet(this, t + 1);
    }

    private boolean pushOverflow(E e, long h, int real, InjectQueue<E> overflow) {
        int half = capacity / 2;
        if (!HEAD.compareAndSet(this, h, pack(real + half, real + half))) return false;
        // the claimed slots are the owner's again: stealers start from the new head
        overflow.pushBatch(buffer, real, mask, half, e);
        for (int i = 0; i < half; i++) buffer[(real + i) & mask] = null; // moved: keep no reference
        return true;
    }

    /** @return the front element, or {@code null} if empty. Owner only. */
    @SuppressWarnings("unchecked")
    public E pop() {
        long h = head;
        while (true) {
            int steal = steal(h);
            int real = real(h);
            int t = tail; // owner's own field
            if (real == t) return null;
            int nextReal = real + 1;
            long next = steal == real ? pack(nextReal, nextReal) : pack(steal, nextReal);
            if (HEAD.compareAndSet(this, h, next)) {
                // the slot is the owner's now (stealers claim from real + 1 on): clear it, so that the
                // ring keeps no finished task (and its output) reachable
                int i = real & mask;
                E e = (E) buffer[i];
                buffer[i] = null;
                return e;
            }
            h = head;
        }
    }

    /**
     * Steals half of this queue (rounded up) into {@code dst}, the caller's own queue, and returns
     * one of the stolen elements to run at once. Gives up if {@code dst} is more than half full or
     * another steal from this queue is in flight.
     *
     * @param dst the stealing worker's queue; the caller must be its owner
     * @return a stolen element, or {@code null}
     */
    @SuppressWarnings("unchecked")
    public E stealInto(LocalQueue<E> dst) {
        int dstTail = dst.tail; // caller owns dst
        long dstHead = dst.head;
        if (dstTail - steal(dstHead) > dst.capacity / 2) return null;
        int n = stealInto2(dst, dstTail);
        if (n == 0) return null;
        n -= 1;
        int last = (dstTail + n) & dst.mask;
        E ret = (E) dst.buffer[last];
        dst.buffer[last] = null; // handed to the caller, not queued: past dst's tail, the owner's slot
        if (n > 0) TAIL.lazySet(dst, dstTail + n);
        return ret;
    }

    private int stealInto2(LocalQueue<E> dst, int dstTail) {
        long prev = head;
        long next;
        int n;
        while (true) {
            int srcSteal = steal(prev);
            int srcReal = real(prev);
            if (srcSteal != srcReal) return 0;
            int srcTail = tail;
            n = srcTail - srcReal;
            n = n - n / 2;
            if (n <= 0) return 0;
            next = pack(srcSteal, srcReal + n);
            if (HEAD.compareAndSet(this, prev, next)) break;
            prev = head;
        }
        int first = real(prev);
        for (int i = 0; i < n; i++) {
            int from = (first + i) & mask;
            dst.buffer[(dstTail + i) & dst.mask] = buffer[from];
            buffer[from] = null; // the claimed range is this stealer's until the release below
        }
        prev = next;
        while (true) {
            int r = real(prev);
            if (HEAD.compareAndSet(this, prev, pack(r, r))) return n;
            prev = head;
        }
    }
}
