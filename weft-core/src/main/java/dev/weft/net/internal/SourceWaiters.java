package dev.weft.net.internal;

/**
 * The waiters of both directions of one registered descriptor, and whether it was closed: what
 * every poller's source keeps the same way (NIO's {@code Source}, epoll's {@code EpollSource}).
 *
 * <pre>
 * field     meaning                                         guarded by
 * readers   waiters for the read direction                  the owning source's lock
 * writers   waiters for the write direction                 the owning source's lock
 * closed    closed: both lists drained, no waiter is added   the owning source's lock
 *           again (each source checks it before it adds)
 * </pre>
 * Not thread-safe: every method is called with the owning source's lock held.
 */
public final class SourceWaiters {
    private final Waiters readers = new Waiters();
    private final Waiters writers = new Waiters();
    private boolean closed;

    /** @return the waiters for the read direction (read, accept, receive) */
    public Waiters readers() {
        return readers;
    }

    /** @return the waiters for the write direction (write, connect, send) */
    public Waiters writers() {
        return writers;
    }

    /** @return whether {@link #close} has run */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Marks the source closed and hands every waiter of both directions to {@code out}.
     *
     * @param out where the wakers go; woken by the caller after it released the lock
     * @return {@code false} if it was closed already (nothing changed)
     */
    public boolean close(WakeList out) {
        if (closed) return false;
        closed = true;
        readers.drainTo(out);
        writers.drainTo(out);
        return true;
    }

    /** @return how many slots of completed tasks were dropped (see {@link Waiters#sweepDead()}) */
    public int sweepDead() {
        return readers.sweepDead() + writers.sweepDead();
    }

    /** @return how many parties wait in both directions */
    public int size() {
        return readers.size() + writers.size();
    }
}
