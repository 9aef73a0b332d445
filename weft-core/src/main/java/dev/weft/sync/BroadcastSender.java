package dev.weft.sync;

import java.util.Objects;

/**
 * The sending half of a {@link Broadcast}. Sending never waits: the oldest message is overwritten
 * when the ring is full.
 *
 * {@snippet :
 * int receivers = b.sender().send(update);
 * }
 *
 * <p>Memory consistency effects: actions before a send happen-before a receive of that message.
 *
 * @param <T> the message type
 */
public final class BroadcastSender<T> implements AutoCloseable {
    private final BroadcastCore<T> core;
    private boolean released;

    BroadcastSender(BroadcastCore<T> core) {
        this.core = core;
    }

    /**
     * Sends {@code message} to every current receiver.
     *
     * @param message not {@code null}
     * @return how many receivers there are
     * @throws ChannelClosedException if the channel is closed (carrying {@code message})
     */
    public int send(T message) {
        return core.send(Objects.requireNonNull(message, "message"));
    }

    /**
     * A new receiver that sees the messages sent from now on.
     *
     * @return the receiver
     */
    public BroadcastReceiver<T> subscribe() {
        synchronized (core) {
            core.receivers++;
            return new BroadcastReceiver<>(core, core.tail);
        }
    }

    /** @return another sender handle; the channel closes when the last one is closed */
    public BroadcastSender<T> newSender() {
        synchronized (core) {
            if (core.senders == 0) throw new IllegalStateException("all senders are closed");
            core.senders++;
        }
        return new BroadcastSender<>(core);
    }

    /** Closes this handle (idempotent); the last one closes the channel. */
    @Override
    public void close() {
        synchronized (core) {
            if (released) return;
            released = true;
        }
        core.dropSender();
    }

    /** Closes the channel: receivers get what is held, then {@link ChannelClosedException}. */
    public void closeChannel() {
        core.close();
    }

    @Override
    public String toString() {
        return "BroadcastSender";
    }
}
