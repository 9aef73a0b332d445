package dev.weft.sync;

import dev.weft.future.Future;
import java.util.function.Supplier;

/**
 * An asynchronous mutual-exclusion lock with FIFO hand-off: unlocking passes the lock straight to
 * the task that has waited longest, so no task can overtake and starve another.
 *
 * <p>Unlike {@code synchronized} or {@link java.util.concurrent.locks.ReentrantLock}, waiting for
 * it suspends the task and not the thread, and the guard may be released on any thread. It is not
 * reentrant.
 *
 * {@snippet :
 * Mutex mutex = new Mutex();
 * try (MutexGuard g = Weft.await(mutex.lock())) {
 *     counter++;
 * }
 * }
 *
 * <p>A mutex is a {@link Semaphore} with one permit; see there for the state table.
 * Memory consistency effects: actions before an unlock happen-before the completion of the next
 * lock.
 */
public final class Mutex {
    private final Semaphore sem = new Semaphore(1);
    private final Supplier<MutexGuard> guard = () -> new MutexGuard(sem);

    /** An unlocked mutex. */
    public Mutex() {}

    /**
     * Locks, waiting in FIFO order.
     *
     * <p>Wakes when the lock is handed to it. Throws nothing. Cancel-safe: a cancelled lock leaves
     * the queue, and if the lock had already been handed to it, it is handed on to the next waiter
     * (or unlocked); it loses its place in the queue.
     *
     * @return a future of the guard; unlock with {@link MutexGuard#unlock()} or close it
     */
    public Future<MutexGuard> lock() {
        return sem.acquire(1, guard);
    }

    /**
     * Locks if it is free now and nobody is waiting.
     *
     * @return the guard, or {@code null}
     */
    public MutexGuard tryLock() {
        return sem.tryAcquire(1) ? new MutexGuard(sem) : null;
    }

    /** @return whether the mutex is locked now (a snapshot) */
    public boolean isLocked() {
        return sem.availablePermits() == 0;
    }

    @Override
    public String toString() {
        return "Mutex[" + (isLocked() ? "locked" : "unlocked") + "]";
    }
}
