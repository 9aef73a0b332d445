package dev.weft.net;

import dev.weft.net.internal.nio.NioStream;
import dev.weft.io.IoFuture;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.io.AsyncIo;
import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import dev.weft.net.internal.nio.Source;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * A connected stream socket, TCP ({@link TcpStream}) or Unix-domain ({@link UnixStream}): an
 * {@link AsyncRead} and {@link AsyncWrite} over a non-blocking {@link SocketChannel} registered
 * with the reactor, or, in a simulation, over the simulated network (a {@code TcpStream} made by
 * {@code connect} or {@code accept} there). Everything here works the same for all of them.
 *
 * {@snippet :
 * static Future<Void> greet(SocketStream s) { // either kind of stream
 *     return s.writeAll("hi\n".getBytes(), 0, 3);
 * }
 * }
 *
 * <p>One task may read while another writes; two tasks reading at once (or writing at once) get
 * interleaved bytes, as with any stream. {@link #close()} wakes both, whose operations then fail
 * with {@link java.nio.channels.ClosedChannelException}.
 *
 * <p>Memory consistency effects: bytes written before a {@code write} completes are those the
 * peer reads; a completed read happens-before the code that awaits it.
 */
public abstract sealed class SocketStream implements AsyncRead, AsyncWrite, AutoCloseable
        permits TcpStream, UnixStream {
    final StreamEndpoint io;

    SocketStream(StreamEndpoint io) {
        this.io = io;
    }

    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        return io.pollRead(cx, dst);
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        return io.pollWrite(cx, src);
    }

    /** A gathering write: one system call for all the buffers (NIO's gathering write, or a native send). */
    @Override
    public Poll<Long> pollWriteVectored(Context cx, ByteBuffer[] srcs) throws IOException {
        return io.pollWriteVectored(cx, srcs);
    }

    /** Nothing is buffered here: always ready. */
    @Override
    public Poll<Void> pollFlush(Context cx) {
        return Poll.ready(null);
    }

    /** Shuts the output half down (the peer reads end of stream); reading still works. */
    @Override
    public Poll<Void> pollShutdown(Context cx) throws IOException {
        return io.pollShutdown(cx);
    }

    /**
     * Reads what is available into {@code dst} (see {@link AsyncIo#read(AsyncRead, ByteBuffer)}).
     * Woken by readability; throws the socket's {@link IOException} (e.g. connection reset).
     * Cancel-safe: no bytes are lost, and cancelling drops the read registration.
     *
     * @param dst where the bytes go
     * @return a future of the count read, {@code -1} at end of stream
     */
    public IoFuture<Integer> read(ByteBuffer dst) {
        return new Deregistering<>(AsyncIo.read(this, dst), io, Source.READ);
    }

    /**
     * As {@link #read(ByteBuffer)}, into {@code b[off, off+len)}.
     *
     * @param b the array
     * @param off the first index
     * @param len the most bytes to read
     * @return a future of the count read, {@code -1} at end of stream
     */
    public IoFuture<Integer> read(byte[] b, int off, int len) {
        return read(ByteBuffer.wrap(b, off, len));
    }

    /**
     * Reads exactly {@code len} bytes into {@code b[off, off+len)}. Woken by readability; throws
     * {@link java.io.EOFException} if the stream ends first. Not cancel-safe: bytes read before
     * the cancel are in {@code b} but the count is lost; the registration is dropped.
     *
     * @param b the array
     * @param off the first index
     * @param len the byte count
     * @return a future completing when all bytes are there
     */
    public IoFuture<Void> readExact(byte[] b, int off, int len) {
        return new Deregistering<>(AsyncIo.readExact(this, ByteBuffer.wrap(b, off, len)), io, Source.READ);
    }

    /**
     * Writes what the socket takes now from {@code src} (at least one byte). Woken by
     * writability; throws the socket's {@link IOException} (e.g. broken pipe). Cancel-safe.
     *
     * @param src the bytes
     * @return a future of the count written
     */
    public IoFuture<Integer> write(ByteBuffer src) {
        return new Deregistering<>(AsyncIo.write(this, src), io, Source.WRITE);
    }

    /**
     * Writes all of {@code src}. Woken by writability (waits as long as the peer does not read:
     * backpressure); throws the socket's {@link IOException}. Not cancel-safe: after a cancel,
     * {@code src}'s position tells how much was written; the registration is dropped.
     *
     * @param src the bytes
     * @return a future completing when all bytes were handed to the socket
     */
    public IoFuture<Void> writeAll(ByteBuffer src) {
        return new Deregistering<>(AsyncIo.writeAll(this, src), io, Source.WRITE);
    }

    /**
     * As {@link #writeAll(ByteBuffer)}, from {@code b[off, off+len)}.
     *
     * @param b the array
     * @param off the first index
     * @param len the byte count
     * @return a future completing when all bytes were handed to the socket
     */
    public IoFuture<Void> writeAll(byte[] b, int off, int len) {
        return writeAll(ByteBuffer.wrap(b, off, len));
    }

    /**
     * Shuts the output half down now: the peer reads end of stream; this side can still read.
     *
     * @throws IOException if the socket is closed or not connected
     */
    public void shutdownOutput() throws IOException {
        io.shutdownOutput();
    }

    /** @return a future completing when the socket is reported readable; see {@link Async#readable()} */
    public IoFuture<Void> readable() {
        return io.readable();
    }

    /** @return a future completing when the socket is reported writable; see {@link Async#writable()} */
    public IoFuture<Void> writable() {
        return io.writable();
    }

    /**
     * Reads a socket option ({@link java.net.StandardSocketOptions}), as
     * {@link SocketChannel#getOption} does.
     *
     * @param name the option
     * @param <T> its type
     * @return its value
     * @throws IOException if the socket is closed
     * @throws UnsupportedOperationException if the socket does not support the option
     */
    public <T> T getOption(SocketOption<T> name) throws IOException {
        return io.getOption(name);
    }

    /**
     * Sets a socket option ({@link java.net.StandardSocketOptions}), as
     * {@link SocketChannel#setOption} does. On a simulated stream {@code SO_RCVBUF} sets the
     * receive buffer's capacity.
     *
     * @param name the option
     * @param value its value
     * @param <T> its type
     * @throws IOException if the socket is closed or the value is invalid
     * @throws UnsupportedOperationException if the socket does not support the option
     */
    public <T> void setOption(SocketOption<T> name, T value) throws IOException {
        io.setOption(name, value);
    }

    /**
     * @return the local address
     * @throws IOException if the socket is closed
     */
    public SocketAddress localAddress() throws IOException {
        return io.localAddress();
    }

    /**
     * @return the peer's address
     * @throws IOException if the socket is closed
     */
    public SocketAddress remoteAddress() throws IOException {
        return io.remoteAddress();
    }

    /**
     * @return the asynchronous channel under this stream, for {@code readWith} and the like
     * @throws UnsupportedOperationException on a simulated stream or one of the native epoll
     *     or io_uring pollers, which have no NIO channel
     */
    public Async<SocketChannel> channel() {
        if (io instanceof NioStream real) return Async.over(real.channel(), real.source());
        throw new UnsupportedOperationException("this stream has no NIO channel (" + io
                + ": simulated, or on the native epoll or io_uring poller): use the stream's own methods (read, write,"
                + " getOption, setOption), or build the runtime with poller(IoPoller.NIO)");
    }

    /** @return how many tasks wait on this socket in the reactor (a test hook: not public API) */
    int waiterCount() {
        return io.waiterCount();
    }

    /**
     * Closes the socket: waiting tasks wake and fail, the reactor forgets it. Idempotent.
     *
     * @throws IOException if closing failed
     */
    @Override
    public void close() throws IOException {
        io.close();
    }
}
