package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.internal.Coop;

/**
 * The shared state of one MPMC channel: the message store (a lock-free {@link BoundedRing} or an
 * unbounded {@link LockedQueue}, which also holds the close flag), the handle counts, and two
 * events (room freed, message added) the futures wait on.
 *
 * <h2>State</h2>
 * <pre>
 * field              meaning                                 who touches it
 * queue              messages sent and not yet received;     any thread, through its own rules
 *                    the close flag
 * senders/receivers  live handles; 0 closes the channel      guarded by this (rare: clone/close)
 * sendOps            senders waiting for room                notified after each receive (bounded)
 * recvOps            receivers waiting for a message         notified after each send
 * </pre>
 * <pre>
 * transition      from               to                  then
 * offer           open, not full     one more message    recvOps.notifyAdditional(1)
 * take            not empty          one less message    sendOps.notifyAdditional(1) (bounded)
 * close           open               closed              notifyAll on both events
 * </pre>
 * An operation that ends the poll (completes it) charges the cooperative budget: with
 * {@code cx != null} and no budget left it answers {@link #BUDGET} before touching the queue
 * (the task has been woken); after a success it takes one unit. A notify costs one volatile read
 * when nobody waits ({@link Event}). No lock of ours is held while an event's lock is taken or a
 * waker is woken.
 *
 * @param <T> the message type
 */
final class ChannelCore<T> {
    /** {@link #offer} / {@link #take}: the channel is full / empty. */
    static final Object NOT_NOW = MessageQueue.NOT_NOW;
    /** {@link #offer} / {@link #take}: closed (and, for take, drained). */
    static final Object CLOSED = MessageQueue.CLOSED;
    /** {@link #offer}: the message is queued. */
    static final Object SENT = MessageQueue.SENT;
    /** {@link #offer} / {@link #take}: the task's budget is spent; it has been woken. */
    static final Object BUDGET = new Object();

    final int capacity;
    final Event sendOps = new Event();
    final Event recvOps = new Event();
    private final MessageQueue<T> queue;
    private final boolean bounded;
    private int senders = 1;
    private int receivers = 1;

    /** @param capacity 1 .. 2^30 for a bounded channel, {@link Integer#MAX_VALUE} for unbounded */
    ChannelCore(int capacity) {
        this.capacity = capacity;
        this.bounded = capacity != Integer.MAX_VALUE;
        this.queue = bounded ? new BoundedRing<>(capacity) : new LockedQueue<>();
    }

    /**
     * Queues {@code message} if there is room.
     *
     * @param cx the polling context to charge the cooperative budget to, or {@code null} (try-ops)
     * @return {@link #SENT}, {@link #NOT_NOW} (full), {@link #CLOSED} or {@link #BUDGET}
     */
    Object offer(T message, Context cx) {
        if (cx != null && Coop.remaining() == 0) return spent(cx);
        Object r = queue.offer(message);
        if (r == SENT) {
            if (cx != null) Coop.proceed(cx);
            recvOps.notifyAdditional(1);
        }
        return r;
    }

    /**
     * Takes the oldest message if there is one.
     *
     * @param cx the polling context to charge the cooperative budget to, or {@code null} (try-ops)
     * @return the message, {@link #NOT_NOW} (empty and open), {@link #CLOSED} (closed and drained)
     *     or {@link #BUDGET}
     */
    Object take(Context cx) {
        if (cx != null && Coop.remaining() == 0) return spent(cx);
        Object r = queue.poll();
        if (r != NOT_NOW && r != CLOSED) {
            if (cx != null) Coop.proceed(cx);
            if (bounded) sendOps.notifyAdditional(1);
        }
        return r;
    }

    /** The budget is spent: {@link Coop#proceed} wakes the task and answers false. */
    private static Object spent(Context cx) {
        Coop.proceed(cx);
        return BUDGET;
    }

    /** @return {@code true} if this call closed the channel */
    boolean close() {
        if (!queue.close()) return false;
        sendOps.notifyAllListeners();
        recvOps.notifyAllListeners();
        return true;
    }

    boolean isClosed() {
        return queue.isClosed();
    }

    int size() {
        return queue.size();
    }

    synchronized void addSender() {
        if (senders == 0) throw new IllegalStateException("all senders are closed");
        senders++;
    }

    synchronized void addReceiver() {
        if (receivers == 0) throw new IllegalStateException("all receivers are closed");
        receivers++;
    }

    void dropSender() {
        boolean last;
        synchronized (this) {
            last = --senders == 0;
        }
        if (last) close();
    }

    void dropReceiver() {
        boolean last;
        synchronized (this) {
            last = --receivers == 0;
        }
        if (last) close();
    }
}
