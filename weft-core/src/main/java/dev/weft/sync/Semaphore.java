package dev.weft.sync;

import dev.weft.future.Future;
import java.util.function.Supplier;

/**
 * A fair asynchronous counting semaphore: tasks acquire permits in FIFO order, and released
 * permits are handed to the waiters at the head of the queue directly (Tokio's batch semaphore).
 * {@link Mutex} and {@link RwLock} are built on it.
 *
 * {@snippet :
 * Semaphore connections = new Semaphore(10);
 * try (Permits p = Weft.await(connections.acquirePermits(1))) { // released on every way out
 *     serve();
 * }
 * // or by hand:
 * Weft.await(connections.acquire(1));
 * try {
 *     serve();
 * } finally {
 *     connections.release(1);
 * }
 * }
 *
 * <h2>State</h2>
 * <pre>
 * field        meaning                                          who touches it
 * permits      free permits no queued waiter can use            guarded by lock
 * head, tail   FIFO queue of waiting acquires (see Acquire)     guarded by lock
 * </pre>
 * <pre>
 * operation         effect
 * acquire, fast     queue empty and permits &gt;= n: take them, ready at once
 * acquire, slow     take what is free (only if the queue was empty), join the tail, pending
 * release(n)        hand permits to the head waiter(s) until one is still short; a waiter
 *                   that has all it asked for leaves the queue GRANTED and is woken; the rest
 *                   becomes free permits
 * cancel QUEUED     leave the queue, release the permits handed to it so far
 * cancel GRANTED    release all n: the grant passes on to the next waiters
 * </pre>
 * Because released permits go to the head first, a large request (a writer of {@link RwLock}) is
 * never overtaken by later small ones: no starvation. {@code tryAcquire} does not barge either: it
 * fails while anyone is queued. Wakers are woken after the lock is released.
 *
 * <p>Memory consistency effects: actions before a {@code release} happen-before the completion of
 * an acquire that the released permits satisfied.
 */
public final class Semaphore {
    /** The most permits a semaphore may hold. */
    public static final int MAX_PERMITS = Integer.MAX_VALUE >> 2;

    final Object lock = new Object();
    int permits;
    Acquire<?> head;
    Acquire<?> tail;

    /**
     * A semaphore with {@code permits} free permits.
     *
     * @param permits at least 0, at most {@link #MAX_PERMITS}
     */
    public Semaphore(int permits) {
        if (permits < 0 || permits > MAX_PERMITS) throw new IllegalArgumentException("permits: " + permits);
        this.permits = permits;
    }

    /**
     * Acquires {@code n} permits, waiting in FIFO order behind earlier acquires.
     *
     * <p>Wakes when released permits complete its request. Throws nothing. Cancel-safe: a
     * cancelled acquire gives back every permit handed to it, including a complete grant that
     * arrived before the cancel (it passes on to the next waiters); it loses its place in the
     * queue.
     *
     * @param n how many permits, at least 1
     * @return a future that completes once the permits are held; release them with
     *     {@link #release(int)}
     */
    public Future<Void> acquire(int n) {
        return acquire(n, () -> null);
    }

    /**
     * Acquires {@code n} permits as {@link #acquire(int)} does, held by a guard that gives them
     * back when closed. Wakes, throws and is cancel-safe as {@code acquire}.
     *
     * @param n how many permits, at least 1
     * @return a future of the guard; release with {@link Permits#release()} or close it
     */
    public Future<Permits> acquirePermits(int n) {
        return acquire(n, () -> new Permits(this, n));
    }

    /**
     * Takes {@code n} permits as {@link #tryAcquire(int)} does, held by a guard.
     *
     * @param n how many, at least 1
     * @return the guard, or {@code null} if they were not taken
     */
    public Permits tryAcquirePermits(int n) {
        return tryAcquire(n) ? new Permits(this, n) : null;
    }

    <G> Acquire<G> acquire(int n, Supplier<G> grant) {
        if (n < 1 || n > MAX_PERMITS) throw new IllegalArgumentException("permits: " + n);
        return new Acquire<>(this, n, grant);
    }

    /**
     * Takes {@code n} permits if they are free now and nobody is queued.
     *
     * @param n how many, at least 1
     * @return whether they were taken
     */
    public boolean tryAcquire(int n) {
        if (n < 1) throw new IllegalArgumentException("permits: " + n);
        synchronized (lock) {
            if (head != null || permits < n) return false;
            permits -= n;
            return true;
        }
    }

    /**
     * Gives {@code n} permits back; waiting acquires get them first, in FIFO order.
     *
     * @param n how many, at least 0
     * @throws IllegalArgumentException if the semaphore would hold more than {@link #MAX_PERMITS}
     */
    public void release(int n) {
        if (n < 0) throw new IllegalArgumentException("permits: " + n);
        WakeBatch wakes = new WakeBatch();
        try {
            synchronized (lock) {
                releaseLocked(n, wakes);
            }
        } finally {
            wakes.wakeAll(); // waiters granted before an overflow was detected are still woken
        }
    }

    /** @return the free permits now (a snapshot) */
    public int availablePermits() {
        synchronized (lock) {
            return permits;
        }
    }

    /** @return whether acquires are queued now (a snapshot) */
    public boolean hasWaiters() {
        synchronized (lock) {
            return head != null;
        }
    }

    /** Hands {@code n} permits to the queue head first. Caller holds {@code lock}. */
    void releaseLocked(int n, WakeBatch wakes) {
        int left = n;
        while (left > 0 && head != null) {
            Acquire<?> a = head;
            int give = Math.min(a.n - a.assigned, left);
            a.assigned += give;
            left -= give;
            if (a.assigned == a.n) {
                unlink(a);
                a.state = Acquire.GRANTED;
                wakes.add(a.waker);
                a.waker = null;
            }
        }
        if (left > MAX_PERMITS - permits) throw new IllegalArgumentException("too many permits released");
        permits += left;
    }

    /** Appends {@code a} to the queue. Caller holds {@code lock}. */
    void enqueue(Acquire<?> a) {
        a.prev = tail;
        a.next = null;
        if (tail == null) head = a;
        else tail.next = a;
        tail = a;
    }

    /** Removes {@code a} from the queue. Caller holds {@code lock}. */
    void unlink(Acquire<?> a) {
        if (a.prev == null) head = a.next;
        else a.prev.next = a.next;
        if (a.next == null) tail = a.prev;
        else a.next.prev = a.prev;
        a.prev = null;
        a.next = null;
    }

    @Override
    public String toString() {
        return "Semaphore[permits=" + availablePermits() + "]";
    }
}
