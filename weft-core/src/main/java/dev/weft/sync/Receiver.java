package dev.weft.sync;

import dev.weft.future.Future;
import dev.weft.future.Stream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The receiving half of a {@link Channel}. Any number of threads and tasks may receive from one
 * receiver (each message goes to exactly one of them); {@link #clone()} makes another handle, and
 * the channel closes when the last receiver handle is {@link #close() closed}.
 *
 * {@snippet :
 * Channel<Integer> ch = Channel.unbounded();
 * ch.sender().trySend(1);
 * int one = Weft.await(ch.receiver().recv());
 * }
 *
 * <p>Fields: {@code core} is final; {@code released} goes false to true once, by CAS.
 *
 * @param <T> the message type
 */
public final class Receiver<T> implements AutoCloseable {
    private static final VarHandle RELEASED;

    static {
        try {
            RELEASED = MethodHandles.lookup().findVarHandle(Receiver.class, "released", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ChannelCore<T> core;
    @SuppressWarnings("unused") // accessed through RELEASED
    private volatile boolean released;

    Receiver(ChannelCore<T> core) {
        this.core = core;
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
    public Stream<T> stream() {
        checkOpen();
        return new RecvStream<>(core);
    }

    /**
     * Another receiver handle for the same channel.
     *
     * @return a new receiver handle
     * @throws IllegalStateException if this handle is closed
     */
    @Override
    public Receiver<T> clone() {
        checkOpen();
        core.addReceiver();
        return new Receiver<>(core);
    }

    /**
     * Closes this handle (idempotent); closing the last receiver handle closes the channel, so
     * senders fail fast instead of filling a channel nobody reads.
     */
    @Override
    public void close() {
        if (RELEASED.compareAndSet(this, false, true)) core.dropReceiver();
    }

    /**
     * Closes the channel for every handle; what was sent before can still be received.
     *
     * @return {@code true} if this call closed it
     */
    public boolean closeChannel() {
        return core.close();
    }

    /** @return whether the channel is closed (messages may still be queued) */
    public boolean isClosed() {
        return core.isClosed();
    }

    /** @return how many messages are queued now (a snapshot) */
    public int size() {
        return core.size();
    }

    private void checkOpen() {
        if (released) throw new IllegalStateException("this receiver handle is closed");
    }

    @Override
    public String toString() {
        return "Receiver[size=" + core.size() + ", closed=" + core.isClosed() + "]";
    }
}
