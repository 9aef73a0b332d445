package dev.weft.net;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.io.AsyncIo;
import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import dev.weft.net.internal.Source;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * A Unix-domain stream connection: an {@link AsyncRead} and {@link AsyncWrite} like
 * {@link TcpStream}, over a socket file.
 *
 * {@snippet :
 * try (UnixStream s = await(UnixStream.connect(Path.of("/tmp/app.sock")))) {
 *     await(s.writeAll(ByteBuffer.wrap("ping".getBytes())));
 * }
 * }
 *
 * <p>Same rules as {@link TcpStream}: one reader and one writer at a time; close wakes both.
 */
public final class UnixStream implements AsyncRead, AsyncWrite, AutoCloseable {
    private final StreamIo io;

    UnixStream(Async<SocketChannel> io) {
        this.io = new StreamIo(io);
    }

    /**
     * Connects to the socket file at {@code path}. Woken when connected; throws
     * {@link IOException} if nobody listens there. Cancel-safe (closes the half-made socket).
     *
     * @param path the socket file
     * @return a future of the connected stream
     */
    public static Future<UnixStream> connect(Path path) {
        return new Connect<>(() -> SocketChannel.open(StandardProtocolFamily.UNIX),
                UnixDomainSocketAddress.of(path), null, UnixStream::new);
    }

    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        return io.pollRead(cx, dst);
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        return io.pollWrite(cx, src);
    }

    /** Nothing is buffered here: always ready. */
    @Override
    public Poll<Void> pollFlush(Context cx) {
        return Poll.ready(null);
    }

    /** Shuts the output half down (the peer reads end of stream); reading still works. */
    @Override
    public Poll<Void> pollShutdown(Context cx) throws IOException {
        return io.pollShutdown();
    }

    /**
     * Reads what is available; see {@link TcpStream#read(ByteBuffer)}.
     *
     * @param dst where the bytes go
     * @return a future of the count read, {@code -1} at end of stream
     */
    public Future<Integer> read(ByteBuffer dst) {
        return new Deregistering<>(AsyncIo.read(this, dst), io, Source.READ);
    }

    /**
     * Writes all of {@code src}; see {@link TcpStream#writeAll(ByteBuffer)}.
     *
     * @param src the bytes
     * @return a future completing when all bytes were handed to the socket
     */
    public Future<Void> writeAll(ByteBuffer src) {
        return new Deregistering<>(AsyncIo.writeAll(this, src), io, Source.WRITE);
    }

    /**
     * Shuts the output half down now.
     *
     * @throws IOException if the socket is closed
     */
    public void shutdownOutput() throws IOException {
        io.io().get().shutdownOutput();
    }

    /**
     * @return the peer's address (often unnamed for a connecting client)
     * @throws IOException if the socket is closed
     */
    public SocketAddress remoteAddress() throws IOException {
        return io.io().get().getRemoteAddress();
    }

    /**
     * Closes the socket. Idempotent.
     *
     * @throws IOException if closing failed
     */
    @Override
    public void close() throws IOException {
        io.io().close();
    }
}
