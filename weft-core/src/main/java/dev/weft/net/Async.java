package dev.weft.net;

import dev.weft.io.IoFuture;
import dev.weft.future.Future;
import dev.weft.net.internal.nio.Reactor;
import dev.weft.net.internal.nio.Readiness;
import dev.weft.net.internal.nio.Source;
import java.io.IOException;
import java.nio.channels.SelectableChannel;

/**
 * A {@link SelectableChannel} made asynchronous: non-blocking and registered with an NIO reactor
 * (smol's {@code Async<T>}). It always uses NIO's {@code Selector}, whichever poller the runtime
 * chose ({@link IoPoller}): on a runtime with the native epoll poller, its channels are on the
 * shared NIO reactor.
 *
 * <p>{@link #readWith(IoOp)} and {@link #writeWith(IoOp)} run a non-blocking operation and, each
 * time it would block (answers {@code null}, see {@link IoOp}), wait until the reactor reports the
 * channel readable or writable, then run it again. {@link #readable()} and {@link #writable()}
 * just wait. Any number of tasks may wait on one channel; each waiting future holds its own slot.
 *
 * {@snippet :
 * try (Async<ServerSocketChannel> l = Async.of(ServerSocketChannel.open().bind(addr))) {
 *     SocketChannel client = await(l.readWith(ServerSocketChannel::accept)); // null: would block
 * }
 * }
 *
 * <p>Memory consistency effects: actions of the thread that ran the operation happen-before the
 * code that observes the completed future.
 *
 * @param <T> the channel type
 */
public final class Async<T extends SelectableChannel> implements AutoCloseable {
    private final T channel;
    private final Source source;

    private Async(T channel, Source source) {
        this.channel = channel;
        this.source = source;
    }

    /**
     * @param channel a channel registered already (a stream's)
     * @param source its registration
     * @param <T> the channel type
     * @return the asynchronous view of it, sharing the registration
     */
    static <T extends SelectableChannel> Async<T> over(T channel, Source source) {
        return new Async<>(channel, source);
    }

    /**
     * Makes {@code channel} non-blocking and registers it with the NIO reactor of the runtime
     * whose worker calls this (each runtime whose poller is {@link IoPoller#NIO} owns one and
     * closes it, with the channels still registered, when it closes), or else with the shared NIO
     * reactor, which serves code outside any runtime and runtimes on {@link IoPoller#EPOLL} (whose
     * epoll poller serves only the TCP and UDP sockets it makes itself).
     *
     * @param channel an open channel
     * @param <T> the channel type
     * @return the asynchronous channel, which owns {@code channel} from now on
     * @throws IOException if the channel cannot be registered
     */
    public static <T extends SelectableChannel> Async<T> of(T channel) throws IOException {
        return new Async<>(channel, Reactor.current().register(channel));
    }

    /** @return the channel; use it only for non-blocking operations and options */
    public T get() {
        return channel;
    }

    Source source() {
        return source;
    }

    /**
     * Waits until the channel is reported readable (or acceptable, for a server socket).
     *
     * <p>Woken by the reactor's next report of readability after the first poll (at once if the
     * channel is readable already: the selector is level-triggered), or by {@link #close()}. The
     * report may be stale when the task runs: retry the operation. Throws nothing. Cancel-safe:
     * cancelling removes the registration and loses nothing.
     *
     * @return a future completing on readability
     */
    public IoFuture<Void> readable() {
        return new Readiness(source, Source.READ);
    }

    /**
     * Waits until the channel is reported writable (or connected, while a connect is pending).
     * Woken, throwing and cancel-safety as {@link #readable()}.
     *
     * @return a future completing on writability
     */
    public IoFuture<Void> writable() {
        return new Readiness(source, Source.WRITE);
    }

    /**
     * Runs {@code op} until it does not block, waiting for readability in between.
     *
     * <p>Woken by readability (see {@link #readable()}). Throws what {@code op} throws, or
     * {@link java.nio.channels.ClosedChannelException} if the channel was closed while waiting.
     * Cancel-safe exactly when {@code op} is: a cancelled future never runs {@code op} again, so
     * nothing is lost if each run of {@code op} either completes or has no effect. Uses one unit
     * of the cooperative budget per completed operation.
     *
     * @param op the non-blocking operation; answers {@code null} when it would block
     * @param <R> the result type
     * @return a future of the operation's first non-null result
     */
    public <R> IoFuture<R> readWith(IoOp<? super T, ? extends R> op) {
        return new IoWith<>(channel, source, Source.READ, op);
    }

    /**
     * Runs {@code op} until it does not block, waiting for writability in between. Woken by
     * writability; throwing, cancel-safety and budget as {@link #readWith(IoOp)}.
     *
     * @param op the non-blocking operation; answers {@code null} when it would block
     * @param <R> the result type
     * @return a future of the operation's first non-null result
     */
    public <R> IoFuture<R> writeWith(IoOp<? super T, ? extends R> op) {
        return new IoWith<>(channel, source, Source.WRITE, op);
    }

    /**
     * Deregisters from the reactor, wakes every waiting task (whose retried operation then fails
     * with {@link java.nio.channels.ClosedChannelException}) and closes the channel. Idempotent.
     *
     * @throws IOException if closing the channel failed
     */
    @Override
    public void close() throws IOException {
        source.close();
        channel.close();
    }
}
