package dev.weft.sync;

import java.util.Objects;

/**
 * The sending half of a {@link Oneshot}: sends at most one message, never waits.
 *
 * {@snippet :
 * Oneshot<String> o = Oneshot.create();
 * try (OneshotSender<String> tx = o.sender()) {
 *     tx.send("only once");
 * }
 * }
 *
 * <p>Closing it without sending makes the receiver fail with {@link ChannelClosedException}.
 * Memory consistency effects: actions before {@code send} happen-before the receiver's completion.
 *
 * @param <T> the message type
 */
public final class OneshotSender<T> implements AutoCloseable {
    private final OneshotReceiver<T> receiver;

    OneshotSender(OneshotReceiver<T> receiver) {
        this.receiver = receiver;
    }

    /**
     * Sends the message and wakes the receiver.
     *
     * @param message the message, not {@code null}
     * @throws ChannelClosedException if the receiver is gone (carrying {@code message})
     * @throws IllegalStateException if this sender already sent or closed
     */
    public void send(T message) {
        Objects.requireNonNull(message, "message");
        if (receiver.offer(message)) return;
        if (receiver.receiverGone()) throw new ChannelClosedException("oneshot receiver is gone", message);
        throw new IllegalStateException("oneshot already sent or closed");
    }

    /** @return whether the receiver gave up (a send would fail) */
    public boolean isClosed() {
        return receiver.receiverGone();
    }

    /** Closes without sending (idempotent; no effect after a send). */
    @Override
    public void close() {
        receiver.senderGone();
    }

    @Override
    public String toString() {
        return "OneshotSender[" + receiver + "]";
    }
}
