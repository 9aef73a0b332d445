package dev.weft.sync;

import java.util.ArrayDeque;

/**
 * The message store of an unbounded channel: an {@link ArrayDeque} under this object's monitor.
 *
 * <h2>State</h2>
 * <pre>
 * field    meaning                                  who touches it
 * queue    messages offered and not yet polled      guarded by this
 * closed   false -> true once (close)               guarded by this
 * </pre>
 * Every operation is one critical section, so each linearizes inside it.
 *
 * @param <T> the message type
 */
final class LockedQueue<T> implements MessageQueue<T> {
    private final ArrayDeque<T> queue = new ArrayDeque<>();
    private boolean closed;

    @Override
    public synchronized Object offer(T message) {
        if (closed) return CLOSED;
        queue.addLast(message);
        return SENT;
    }

    @Override
    public synchronized Object poll() {
        T m = queue.pollFirst();
        if (m != null) return m;
        return closed ? CLOSED : NOT_NOW;
    }

    @Override
    public synchronized boolean close() {
        if (closed) return false;
        closed = true;
        return true;
    }

    @Override
    public synchronized boolean isClosed() {
        return closed;
    }

    @Override
    public synchronized int size() {
        return queue.size();
    }
}
