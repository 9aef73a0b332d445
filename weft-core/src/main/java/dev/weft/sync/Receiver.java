package dev.weft.sync;

import dev.weft.future.AsyncStream;
import dev.weft.future.Future;

/**
 * The receiving half of a {@link Channel}. Any number of threads and tasks may receive from one
 * receiver (each message goes to exactly one of them); {@link #newReceiver()} makes another handle, and
 * the channel closes when the last receiver handle is {@link #close() closed}.
 *
 * {@snippet :
 * Channel<Integer> ch = Channel.unbounded();
 * ch.sender().trySend(1);
 * int one = Weft.await(ch.receiver().recv());
 * }
 *
 * @param <T> the message type
 */
public final class Receiver<T> extends ChannelEnd<T> {
    Receiver(ChannelCore<T> core) {
        super(core);
    }

    /**
     * Receives the oldest message, waiting for one if the channel is empty.
     *
     * <p>Wakes when a message is sent or the channel closes. Fails with
     * {@link ChannelClosedException} once the channel is closed <em>and</em> every message sent
     * before the close has been received. Cancel-safe: a message is taken only by the poll that
     * completes the future, so a cancelled receive loses none; a wake-up it received but did not
     * use goes on to another waiting receiver.
     *
     * @return a future of the message
     */
    public Future<T> recv() {
        checkOpen();
        return new Recv<>(core);
    }

    /**
     * Takes the oldest message if there is one now.
     *
     * @return the message, or {@code null} if the channel is empty (and open)
     * @throws ChannelClosedException if the channel is closed and empty
     */
    @SuppressWarnings("unchecked") // take() answers a T or one of the core's sentinel objects
    public T tryRecv() {
        checkOpen();
        Object r = core.take(null);
        if (r == ChannelCore.CLOSED) throw ChannelClosedException.onRecv();
        return r == ChannelCore.NOT_NOW ? null : (T) r;
    }

    /**
     * The messages as a stream that ends when the channel is closed and drained. Cancel-safe like
     * {@link #recv()}.
     *
     * @return a new stream over this receiver (several streams share the messages)
     */
    public AsyncStream<T> stream() {
        checkOpen();
        return new RecvStream<>(core);
    }

    /**
     * Another receiver handle for the same channel.
     *
     * @return a new receiver handle
     * @throws IllegalStateException if this handle is closed
     */
    public Receiver<T> newReceiver() {
        checkOpen();
        core.addReceiver();
        return new Receiver<>(core);
    }

    @Override
    void dropFromCore() {
        core.dropReceiver();
    }
}
