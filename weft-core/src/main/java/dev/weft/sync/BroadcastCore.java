package dev.weft.sync;

/**
 * The shared state of a {@link Broadcast}: a ring of the last {@code capacity} messages, each
 * receiver's position, and an Event every receiver waits on.
 *
 * <h2>State</h2>
 * <pre>
 * field      meaning                                              who touches it
 * ring       message with sequence s sits at ring[s % capacity]   guarded by this
 * tail       sequence of the next message to send                 guarded by this
 * closed     no more sends                                        guarded by this
 * senders    live sender handles; 0 closes                        guarded by this
 * receivers  live receiver handles (send reports this count)      guarded by this
 * sent       Event, notified (all) after every send and on close  -
 * </pre>
 * A receiver at sequence {@code next} has lagged when {@code next < tail - capacity}: it then
 * learns {@code tail - capacity - next} and jumps to {@code tail - capacity}. Messages stay in the
 * ring until overwritten.
 *
 * @param <T> the message type
 */
final class BroadcastCore<T> {
    final Object[] ring;
    final Event sent = new Event();
    long tail;
    boolean closed;
    int senders = 1;
    int receivers = 1;

    BroadcastCore(int capacity) {
        this.ring = new Object[capacity];
    }

    /** @return the oldest sequence still in the ring. Caller holds the lock. */
    long head() {
        return Math.max(0, tail - ring.length);
    }

    int send(T message) {
        int n;
        synchronized (this) {
            if (closed) throw ChannelClosedException.onSend(message);
            ring[(int) (tail % ring.length)] = message;
            tail++;
            n = receivers;
        }
        sent.notifyAllListeners();
        return n;
    }

    void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
        }
        sent.notifyAllListeners();
    }

    void dropSender() {
        boolean last;
        synchronized (this) {
            last = --senders == 0;
        }
        if (last) close();
    }
}
