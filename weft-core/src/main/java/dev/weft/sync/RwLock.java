package dev.weft.sync;

import dev.weft.future.Future;
import java.util.function.Supplier;

/**
 * An asynchronous reader-writer lock: many readers or one writer, granted in FIFO order so that
 * a waiting writer is never starved by a stream of readers (readers that arrive after it wait).
 *
 * {@snippet :
 * RwLock lock = new RwLock();
 * try (RwLockGuard r = Weft.await(lock.read())) {
 *     look();
 * }
 * try (RwLockGuard w = Weft.await(lock.write())) {
 *     change();
 * }
 * }
 *
 * <p>Built as Tokio's: a fair {@link Semaphore} with {@link #MAX_READERS} permits; a read takes
 * one, a write takes all of them. Memory consistency effects: actions before a write unlock
 * happen-before the completion of every later read or write lock.
 */
public final class RwLock {
    /** The most readers at once. */
    public static final int MAX_READERS = 1 << 28;

    private final Semaphore sem = new Semaphore(MAX_READERS);
    private final Supplier<RwLockGuard> readGuard = () -> new RwLockGuard(sem, 1);
    private final Supplier<RwLockGuard> writeGuard = () -> new RwLockGuard(sem, MAX_READERS);

    /** An unlocked lock. */
    public RwLock() {}

    /**
     * Locks for reading, shared with other readers, after every earlier waiting writer.
     *
     * <p>Wakes when granted. Throws nothing. Cancel-safe: a cancelled read lock that had already
     * been granted gives its share back (which may complete a waiting write lock).
     *
     * @return a future of the read guard
     */
    public Future<RwLockGuard> read() {
        return sem.acquire(1, readGuard);
    }

    /**
     * Locks for writing, exclusively.
     *
     * <p>Wakes when granted. Throws nothing. Cancel-safe: a cancelled write lock gives back what it
     * had been handed (partly or fully granted), which passes to the next waiters.
     *
     * @return a future of the write guard
     */
    public Future<RwLockGuard> write() {
        return sem.acquire(MAX_READERS, writeGuard);
    }

    /** @return a read guard if reading is possible now without waiting, else {@code null} */
    public RwLockGuard tryRead() {
        return sem.tryAcquire(1) ? new RwLockGuard(sem, 1) : null;
    }

    /** @return a write guard if the lock is free now, else {@code null} */
    public RwLockGuard tryWrite() {
        return sem.tryAcquire(MAX_READERS) ? new RwLockGuard(sem, MAX_READERS) : null;
    }

    @Override
    public String toString() {
        return "RwLock[free=" + sem.availablePermits() + "/" + MAX_READERS + "]";
    }
}
