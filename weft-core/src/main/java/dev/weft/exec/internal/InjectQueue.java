package dev.weft.exec.internal;

import dev.weft.task.internal.Linked;

/**
 * The global injection queue of the work-stealing executor: a FIFO of tasks spawned or woken from
 * outside the workers, and the overflow of full local queues (Tokio's {@code inject}). An intrusive
 * linked list under a lock: pushing allocates nothing.
 *
 * <h2>State</h2>
 * <pre>
 * field   meaning                                   access
 * head    first element, null if empty               guarded by this
 * tail    last element, null if empty                guarded by this
 * len     number of elements                         written under the lock (volatile); read
 *                                                    without it for emptiness checks
 * </pre>
 * Transitions: push / pushBatch append at the tail, pop / popBatch take from the head, each under
 * the lock; {@code len} is updated before the lock is released.
 *
 * <p>Memory consistency effects: actions before a push happen-before the pop that returns the
 * element (the lock).
 *
 * @param <E> the element type
 */
public final class InjectQueue<E extends Linked<E>> {
    private E head;
    private E tail;
    private volatile int len;

    /** An empty queue. */
    public InjectQueue() {}

    /**
     * Appends {@code e}.
     *
     * @param e an element that is in no queue
     */
    public void push(E e) {
        e.next(null);
        synchronized (this) {
            if (tail == null) head = e;
            else tail.next(e);
            tail = e;
            len = len + 1;
        }
    }

    /**
     * Appends a chain already linked through {@link Linked#next()}.
     *
     * @param first the first element of the chain
     * @param last the last element (its link is cleared here)
     * @param n the number of elements in the chain
     */
    public void pushBatch(E first, E last, int n) {
        last.next(null);
        synchronized (this) {
            if (tail == null) head = first;
            else tail.next(first);
            tail = last;
            len = len + n;
        }
    }

    /** @return the head element, or {@code null} if empty */
    public E pop() {
        if (len == 0) return null;
        synchronized (this) {
            E e = head;
            if (e == null) return null;
            head = e.next();
            if (head == null) tail = null;
            e.next(null);
            len = len - 1;
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
        E first;
        E rest;
        int n;
        synchronized (this) {
            first = head;
            if (first == null) return null;
            n = Math.min(max, len);
            E last = first;
            for (int i = 1; i < n; i++) last = last.next();
            head = last.next();
            if (head == null) tail = null;
            last.next(null);
            len = len - n;
        }
        rest = first.next();
        first.next(null);
        while (rest != null) {
            E nx = rest.next();
            rest.next(null);
            into.pushBackNoOverflow(rest);
            rest = nx;
        }
        return first;
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
