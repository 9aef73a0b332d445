package dev.weft.sync;

/**
 * Proof of holding an {@link RwLock} for reading or for writing.
 *
 * {@snippet :
 * try (RwLockGuard w = Weft.await(lock.write())) {
 *     assert w.isWrite();
 * }
 * }
 *
 * <p>Owner only: one guard is unlocked once, by whoever holds it.
 */
public final class RwLockGuard implements AutoCloseable {
    private final Semaphore sem;
    private final int permits;
    private boolean unlocked;

    RwLockGuard(Semaphore sem, int permits) {
        this.sem = sem;
        this.permits = permits;
    }

    /** @return whether this guard holds the lock for writing */
    public boolean isWrite() {
        return permits == RwLock.MAX_READERS;
    }

    /**
     * Unlocks.
     *
     * @throws IllegalStateException if this guard already unlocked
     */
    public void unlock() {
        if (unlocked) throw new IllegalStateException("lock guard already unlocked");
        unlocked = true;
        sem.release(permits);
    }

    /** Unlocks unless this guard already did. */
    @Override
    public void close() {
        if (!unlocked) unlock();
    }

    @Override
    public String toString() {
        return "RwLockGuard[" + (isWrite() ? "write" : "read") + (unlocked ? ", unlocked" : "") + "]";
    }
}
