package dev.weft.net.internal;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import dev.weft.io.IoFuture;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.nio.ByteBuffer;

/**
 * One end of a connected stream, as a {@code SocketStream} drives it: a socket of a runtime's
 * poller ({@code nio.NioStream} over a NIO channel, {@code epoll.EpollStream} over a file
 * descriptor) or a {@link NetProvider}'s connection (the simulator's).
 *
 * {@snippet :
 * Poll<Integer> n = endpoint.pollRead(cx, buf); // pending: cx's waker is registered
 * }
 *
 * <p>The poll methods are {@code AsyncRead}'s and {@code AsyncWrite}'s: a read answers {@code -1} at
 * end of stream, a write at least one byte; a pending answer has registered the context's waker in the
 * direction's one slot (one reader and one writer at a time), and {@link #deregister(int)} drops
 * that slot when the waiting future is cancelled. {@link #close()} wakes both directions; their
 * next polls fail with {@link java.nio.channels.ClosedChannelException}.
 */
public interface StreamEndpoint extends AsyncRead, AsyncWrite {
    /** The read direction, for {@link #deregister(int)}. */
    int READ = 0;
    /** The write direction, for {@link #deregister(int)}. */
    int WRITE = 1;

    /**
     * Sockets keep no bytes of their own: a write that returned has handed its bytes to the
     * kernel (or the simulated network), so a flush is ready at once.
     *
     * @param cx the context
     * @return ready
     */
    @Override
    default Poll<Void> pollFlush(Context cx) {
        return Poll.ready(null);
    }

    /**
     * Shuts the output half down now: the peer reads end of stream after the bytes in flight.
     *
     * @throws IOException if the stream is closed or not connected
     */
    void shutdownOutput() throws IOException;

    /** @return a future completing when the stream is reported readable (or closed) */
    IoFuture<Void> readable();

    /** @return a future completing when the stream is reported writable (or closed) */
    IoFuture<Void> writable();

    /**
     * @return the local address
     * @throws IOException if the stream is closed
     */
    SocketAddress localAddress() throws IOException;

    /**
     * @return the peer's address
     * @throws IOException if the stream is closed
     */
    SocketAddress remoteAddress() throws IOException;

    /**
     * @param name the option
     * @param <T> its type
     * @return its value
     * @throws IOException if the stream is closed
     * @throws UnsupportedOperationException if the option is not supported
     */
    <T> T getOption(SocketOption<T> name) throws IOException;

    /**
     * @param name the option
     * @param value its new value
     * @param <T> its type
     * @throws IOException if the stream is closed
     * @throws UnsupportedOperationException if the option is not supported
     */
    <T> void setOption(SocketOption<T> name, T value) throws IOException;

    /**
     * Drops the slot of the waiting read ({@link #READ}) or write ({@link #WRITE}),
     * for a cancelled future; nothing if nobody waits.
     *
     * @param dir the direction
     */
    void deregister(int dir);

    /** @return how many tasks wait on this stream (for tests and diagnostics) */
    int waiterCount();

    /**
     * Closes the stream, waking every waiter. Idempotent.
     *
     * @throws IOException if closing failed
     */
    void close() throws IOException;
}
