package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.internal.Coop;
import java.util.ArrayDeque;

/**
 * The shared state of one MPMC channel: a FIFO queue under a lock, the close flag, the handle
 * counts, and two events (space freed, message added) the futures wait on.
 *
 * <h2>State</h2>
 * <pre>
 * field              meaning                                 who touches it
 * queue              messages sent and not yet received      guarded by this
 * closed             no more sends; receives drain then fail guarded by this (written once false->true)
 * senders/receivers  live handles; 0 closes the channel      guarded by this
 * sendOps            senders waiting for room                notified after each receive (bounded)
 * recvOps            receivers waiting for a message         notified after each send
 * </pre>
 * <pre>
 * transition      from               to                  then
 * offer           open, not full     one more message    recvOps.notifyAdditional(1)
 * take            not empty          one less message    sendOps.notifyAdditional(1)
 * close           open               closed              notifyAll on both events
 * </pre>
 * The lock is never held while an event's lock is taken or a waker is woken (except
 * {@link Coop#proceed} waking the polling task itself, which takes no lock of ours).
 *
 * @param <T> the message type
 */
final class ChannelCore<T> {
    /** {@link #offer} / {@link #take}: the channel is full / empty. */
    static final Object NOT_NOW = new Object();
    /** {@link #offer} / {@link #take}: closed (and, for take, drained). */
    static final Object CLOSED = new Object();
    /** {@link #offer} / {@link #take}: the task's budget is spent; it has been woken. */
    static final Object BUDGET = new Object();
    /** {@link #offer}: the message is queued. */
    static final Object SENT = new Object();

    final int capacity;
    final Event sendOps = new Event();
    final Event recvOps = new Event();
    private final ArrayDeque<T> queue;
    private boolean closed;
    private int senders = 1;
    private int receivers = 1;

    ChannelCore(int capacity) {
        this.capacity = capacity;
        this.queue = new ArrayDeque<>(capacity == Integer.MAX_VALUE ? 16 : Math.min(capacity, 1024));
    }

    /**
     * Queues {@code message} if there is room.
     *
     * @param cx the polling context to charge the cooperative budget to, or {@code null} (try-ops)
     * @return {@link #SENT}, {@link #NOT_NOW} (full), {@link #CLOSED} or {@link #BUDGET}
     */
    Object offer(T message, Context cx) {
        synchronized (this) {
            if (closed) return CLOSED;
            if (queue.size() >= capacity) return NOT_NOW;
            if (cx != null && !Coop.proceed(cx)) return BUDGET;
            queue.addLast(message);
        }
        recvOps.notifyAdditional(1);
        return SENT;
    }

    /**
     * Takes the oldest message if there is one.
     *
     * @param cx the polling context to charge the cooperative budget to, or {@code null} (try-ops)
     * @return the message, {@link #NOT_NOW} (empty and open), {@link #CLOSED} (closed and drained)
     *     or {@link #BUDGET}
     */
    Object take(Context cx) {
        T m;
        synchronized (this) {
            if (queue.isEmpty()) return closed ? CLOSED : NOT_NOW;
            if (cx != null && !Coop.proceed(cx)) return BUDGET;
            m = queue.pollFirst();
        }
        if (capacity != Integer.MAX_VALUE) sendOps.notifyAdditional(1);
        return m;
    }

    /** @return {@code true} if this call closed the channel */
    boolean close() {
        synchronized (this) {
            if (closed) return false;
            closed = true;
        }
        sendOps.notifyAllListeners();
        recvOps.notifyAllListeners();
        return true;
    }

    synchronized boolean isClosed() {
        return closed;
    }

    synchronized int size() {
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
