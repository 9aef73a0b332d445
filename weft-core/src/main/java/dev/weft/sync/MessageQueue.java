package dev.weft.sync;

/**
 * The message store of a {@link Channel}: a linearizable MPMC FIFO queue that can be closed.
 * {@link BoundedRing} (bounded channels, lock-free) and {@link LockedQueue} (unbounded channels)
 * implement it; {@link ChannelCore} adds the waiting, the handle counts and the budget.
 *
 * <p>Close semantics shared by both: after {@link #close()} every offer answers {@link #CLOSED};
 * polls still answer the messages offered before, then {@link #CLOSED}.
 *
 * @param <T> the message type
 */
interface MessageQueue<T> {
    /** {@link #offer}: the message is queued. */
    Object SENT = new Object();
    /** {@link #offer} / {@link #poll}: full / empty (and open). */
    Object NOT_NOW = new Object();
    /** {@link #offer}: closed; {@link #poll}: closed and drained. */
    Object CLOSED = new Object();

    /**
     * @param message not {@code null}
     * @return {@link #SENT}, {@link #NOT_NOW} (full) or {@link #CLOSED}
     */
    Object offer(T message);

    /** @return the oldest message, {@link #NOT_NOW} (empty, open) or {@link #CLOSED} (closed, drained) */
    Object poll();

    /** @return {@code true} if this call closed the queue */
    boolean close();

    /** @return whether the queue is closed */
    boolean isClosed();

    /** @return how many messages are queued (a linearizable snapshot) */
    int size();
}
