package dev.weft.net.internal;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.nio.ByteBuffer;

/**
 * One end of a connected stream, as a {@code SocketStream} drives it: over a real NIO channel
 * ({@code dev.weft.net.StreamIo}) or a {@link NetProvider}'s connection.
 *
 * {@snippet :
 * Poll<Integer> n = endpoint.pollRead(cx, buf); // pending: cx's waker is registered
 * }
 *
 * <p>The poll methods follow {@code AsyncRead}/{@code AsyncWrite}: a read answers {@code -1} at end
 * of stream, a write at least one byte; a pending answer has registered the context's waker in the
 * direction's one slot (one reader and one writer at a time), and {@link #deregister(int)} drops
 * that slot when the waiting future is cancelled. {@link #close()} wakes both directions; their
 * next polls fail with {@link java.nio.channels.ClosedChannelException}.
 */
public interface StreamEndpoint {
    /**
     * @param cx the context whose waker waits if nothing is there
     * @param dst where the bytes go
     * @return the count read, {@code -1} at end of stream, or pending
     * @throws IOException if the connection failed (reset, closed)
     */
    Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException;

    /**
     * @param cx the context whose waker waits if there is no room
     * @param src the bytes
     * @return the count taken, or pending
     * @throws IOException if the connection failed (reset, broken pipe, closed)
     */
    Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException;

    /**
     * A gathering write, as {@link dev.weft.io.AsyncWrite#pollWriteVectored}; the default writes
     * from the first buffer with bytes.
     *
     * @param cx the context whose waker waits if there is no room
     * @param srcs the buffers
     * @return the count taken (0 if no buffer has bytes), or pending
     * @throws IOException if the connection failed
     */
    default Poll<Long> pollWriteVectored(Context cx, ByteBuffer[] srcs) throws IOException {
        for (ByteBuffer b : srcs) {
            if (!b.hasRemaining()) continue;
            return pollWrite(cx, b) instanceof Poll.Ready<Integer>(Integer n) ? Poll.ready((long) n) : Poll.pending();
        }
        return Poll.ready(0L);
    }

    /**
     * @param cx the context
     * @return ready once the output half is shut down
     * @throws IOException if the stream is closed
     */
    Poll<Void> pollShutdown(Context cx) throws IOException;

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
     * Drops the slot of the waiting read ({@link Source#READ}) or write ({@link Source#WRITE}),
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
