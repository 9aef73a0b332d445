package dev.weft.net.internal.epoll;

/**
 * What every endpoint of the epoll poller does the same way: it owns one registered socket
 * ({@link EpollSource}), counts the tasks waiting on it, and closes it. The source guards its own
 * state; {@code src} is final.
 */
abstract class EpollEndpoint {
    /** The endpoint's socket and its waiters. */
    final EpollSource src;
    private final String kind;

    /**
     * @param src the registered socket
     * @param kind what the endpoint is, for {@link #toString()} ("epoll stream")
     */
    EpollEndpoint(EpollSource src, String kind) {
        this.src = src;
        this.kind = kind;
    }

    /** @return how many tasks wait on this socket (for tests and diagnostics) */
    public int waiterCount() {
        return src.waiterCount();
    }

    /** Closes the socket, waking every waiter. Idempotent. */
    public void close() {
        src.close();
    }

    @Override
    public String toString() {
        return kind + ", " + src;
    }
}
