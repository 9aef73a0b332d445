package dev.weft.sync;

import dev.weft.future.Future;
import java.util.Objects;

/**
 * The sending half of a {@link Channel}. Any number of threads and tasks may use one sender;
 * {@link #newSender()} makes another handle, and the channel closes when the last sender handle is
 * {@link #close() closed} (or when {@link #closeChannel()} is called from either end).
 *
 * {@snippet :
 * Channel<String> ch = Channel.bounded(16);
 * try (Sender<String> tx = ch.sender()) {
 *     Weft.await(tx.send("hello"));
 * } // last sender closed: the receiver drains "hello", then sees the end
 * }
 *
 * <p>Memory consistency effects: actions before a send happen-before the receive that takes the
 * message.
 *
 * @param <T> the message type
 */
public final class Sender<T> extends ChannelEnd<T> {
    Sender(ChannelCore<T> core) {
        super(core);
    }

    /**
     * Sends {@code message}, waiting for room if the channel is bounded and full.
     *
     * <p>Wakes when a receiver takes a message (room) or the channel closes. Fails with
     * {@link ChannelClosedException} (whose {@link ChannelClosedException#unsent()} is
     * {@code message}) if the channel is closed. Cancel-safe: a cancelled send either completed
     * before (the message is in the channel) or did not send at all; a wake-up for room that it
     * had received but not used goes on to another waiting sender.
     *
     * @param message the message, not {@code null}
     * @return a future that completes once the message is in the channel
     */
    public Future<Void> send(T message) {
        checkOpen();
        return new Send<>(core, Objects.requireNonNull(message, "message"));
    }

    /**
     * Sends {@code message} if there is room now.
     *
     * @param message the message, not {@code null}
     * @return {@code true} if queued, {@code false} if the channel is full
     * @throws ChannelClosedException if the channel is closed (carrying {@code message})
     */
    public boolean trySend(T message) {
        checkOpen();
        Object r = core.offer(Objects.requireNonNull(message, "message"), null);
        if (r == ChannelCore.CLOSED) throw ChannelClosedException.onSend(message);
        return r == ChannelCore.SENT;
    }

    /**
     * Another sender handle for the same channel; the channel stays open until every handle is
     * closed.
     *
     * @return a new sender handle
     * @throws IllegalStateException if this handle is closed
     */
    public Sender<T> newSender() {
        checkOpen();
        core.addSender();
        return new Sender<>(core);
    }

    /** @return the capacity, {@link Integer#MAX_VALUE} for an unbounded channel */
    public int capacity() {
        return core.capacity;
    }

    @Override
    void dropFromCore() {
        core.dropSender();
    }
}
