package dev.weft.exec.internal;

/**
 * The global injection queue of the work-stealing executor: a FIFO of tasks spawned or woken from
 * outside the workers, and the overflow of full local queues (Tokio's {@code inject}). A growable
 * ring under a lock.
 *
 * <p>Why an array and not an intrusive list: a burst of a million spawns parks a million tasks
 * here; linked through the tasks, they made one chain that the garbage collector copies object by
 * object at every young collection. In a ring they are the elements of one array, which the
 * collector scans in parallel chunks, and the tasks carry no link field at all.
 *
 * <h2>State</h2>
 * <pre>
 * field   meaning                                          access
 * ring    the elements, a power-of-two array               guarded by this
 * head    slot of the first element                        guarded by this
 * len     number of elements, in slots head .. head+len-1  written under the lock (volatile); read
 *         (mod ring.length); every other slot is null      without it for emptiness checks
 * </pre>
 * Transitions, each under the lock: push / pushBatch write the slots after the last element,
 * doubling the ring first if it is full; pop / popBatch take from the head and clear the slots
 * they took; when the queue becomes empty, a ring grown past {@value #SHRINK_ABOVE} slots (4 MB of
 * references) is replaced by a small one. Smaller rings are kept: a runtime that saw a burst of a
 * million spawns is likely to see the next, and regrowing the ring each time cost more (array
 * zeroing, page faults, copies) than the empty slots cost to keep. {@code len} is updated before
 * the lock is released.
 *
 * <p>Memory consistency effects: actions before a push happen-before the pop that returns the
 * element (the lock).
 *
 * @param <E> the element type
 */
public final class InjectQueue<E> {
    private static final int INITIAL = 64;
    private static final int SHRINK_ABOVE = 1 << 20;

    private Object[] ring = new Object[INITIAL];
    private int head;
    private volatile int len;

    /** An empty queue. */
    public InjectQueue() {}

    /**
     * Appends {@code e}.
     *
     * @param e an element that is in no queue
     */
    public void push(E e) {
        synchronized (this) {
            int n = len;
            if (n == ring.length) grow();
            Object[] r = ring;
            r[(head + n) & (r.length - 1)] = e;
            len = n + 1;
        }
    }

    /**
     * Appends {@code n} elements taken from another ring ({@code src[(from + i) & srcMask]} for
     * {@code i < n}), then {@code last}: the overflow of a full local queue.
     *
     * @param src the source ring
     * @param from index of the first element to copy
     * @param srcMask {@code src.length - 1}
     * @param n how many elements to copy
     * @param last one more element appended after them
     */
    void pushBatch(Object[] src, int from, int srcMask, int n, E last) {
        synchronized (this) {
            int size = len;
            while (ring.length - size < n + 1) grow();
            Object[] r = ring;
            int mask = r.length - 1;
            int at = head + size;
            for (int i = 0; i < n; i++) r[(at + i) & mask] = src[(from + i) & srcMask];
            r[(at + n) & mask] = last;
            len = size + n + 1;
        }
    }

    /** Doubles the ring, moving the elements to its start. Caller holds the lock. */
    private void grow() {
        Object[] old = ring;
        int n = len;
        Object[] r = new Object[old.length * 2];
        int mask = old.length - 1;
        for (int i = 0; i < n; i++) r[i] = old[(head + i) & mask];
        ring = r;
        head = 0;
    }

    /**
     * For task dumps: hands each element to {@code sink}, head first, under the lock (the sink must
     * not touch this queue).
     *
     * @param sink receives the elements
     */
    public void forEachQueued(java.util.function.Consumer<? super E> sink) {
        synchronized (this) {
            for (int i = 0; i < len; i++) {
                @SuppressWarnings("unchecked") // only E is ever stored
                E e = (E) ring[(head + i) & (ring.length - 1)];
                sink.accept(e);
            }
        }
    }

    /** @return the head element, or {@code null} if empty */
    public E pop() {
        if (len == 0) return null;
        synchronized (this) {
            int n = len;
            if (n == 0) return null;
            E e = take();
            afterTake(n - 1);
            return e;
        }
    }

    /**
     * Takes up to {@code max} elements from the head: returns the first and pushes the others into
     * {@code into} (whose owner must be the calling thread and which must have room for them).
     *
     * @param max at most this many (at least 1)
     * @param into the caller's own local queue
     * @return the first element taken, or {@code null} if the queue was empty
     */
    public E popBatch(int max, LocalQueue<E> into) {
        if (len == 0) return null;
        synchronized (this) {
            int size = len;
            if (size == 0) return null;
            int n = Math.min(max, size);
            E first = take();
            for (int i = 1; i < n; i++) into.pushBackNoOverflow(take());
            afterTake(size - n);
            return first;
        }
    }

    /** Removes the head element. Caller holds the lock, and the queue is not empty. */
    @SuppressWarnings("unchecked")
    private E take() {
        Object[] r = ring;
        E e = (E) r[head];
        r[head] = null;
        head = (head + 1) & (r.length - 1);
        return e;
    }

    /** Publishes the new length; shrinks a large ring that became empty. Caller holds the lock. */
    private void afterTake(int left) {
        if (left == 0 && ring.length > SHRINK_ABOVE) {
            ring = new Object[INITIAL];
            head = 0;
        }
        len = left;
    }

    /** @return whether the queue looks empty (a racy snapshot) */
    public boolean isEmpty() {
        return len == 0;
    }

    /** @return the number of elements (a racy snapshot) */
    public int len() {
        return len;
    }
}
