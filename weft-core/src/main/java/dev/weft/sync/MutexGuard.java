package dev.weft.sync;

/**
 * Proof of holding a {@link Mutex}; unlocking it hands the lock to the next waiter.
 *
 * {@snippet :
 * MutexGuard g = Weft.await(mutex.lock());
 * try { update(); } finally { g.unlock(); }
 * }
 *
 * <p>Owner only: one guard is unlocked once, by whoever holds it.
 */
public final class MutexGuard implements AutoCloseable {
    private final Semaphore sem;
    private boolean unlocked;

    MutexGuard(Semaphore sem) {
        this.sem = sem;
    }

    /**
     * Unlocks the mutex.
     *
     * @throws IllegalStateException if this guard already unlocked it
     */
    public void unlock() {
        if (unlocked) throw new IllegalStateException("mutex guard already unlocked");
        unlocked = true;
        sem.release(1);
    }

    /** Unlocks the mutex unless this guard already did. */
    @Override
    public void close() {
        if (!unlocked) unlock();
    }

    @Override
    public String toString() {
        return "MutexGuard[" + (unlocked ? "unlocked" : "held") + "]";
    }
}
