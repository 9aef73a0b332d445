package dev.weft.sync;

/**
 * Permits held from a {@link Semaphore}, given back when closed: the guard of
 * {@link Semaphore#acquirePermits(int)}, so that a {@code try}-with-resources releases them on
 * every way out, a failure or a cancellation too (Tokio's {@code SemaphorePermit}).
 *
 * {@snippet :
 * Semaphore connections = new Semaphore(10);
 * try (Permits p = Weft.await(connections.acquirePermits(1))) {
 *     serve();
 * }
 * }
 *
 * <p>Owner only: one guard is released once, by whoever holds it; {@link #close()} after
 * {@link #release()} does nothing.
 */
public final class Permits implements AutoCloseable {
    private final Semaphore sem;
    private final int count;
    private boolean released;

    Permits(Semaphore sem, int count) {
        this.sem = sem;
        this.count = count;
    }

    /** @return how many permits this guard holds */
    public int count() {
        return count;
    }

    /**
     * Gives the permits back; waiting acquires get them first, in FIFO order.
     *
     * @throws IllegalStateException if this guard already gave them back
     */
    public void release() {
        if (released) throw new IllegalStateException("permits already released");
        released = true;
        sem.release(count);
    }

    /** Gives the permits back unless this guard already did. */
    @Override
    public void close() {
        if (!released) release();
    }

    @Override
    public String toString() {
        return "Permits[" + count + (released ? ", released]" : ", held]");
    }
}
