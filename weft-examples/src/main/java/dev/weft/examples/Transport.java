package dev.weft.examples;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncIo;
import dev.weft.io.IoFuture;
import dev.weft.net.TcpStream;
import dev.weft.net.tls.TlsStream;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The byte stream under one connection of the example servers: a {@link TcpStream}, a
 * {@link TlsStream} (HTTPS, Redis over TLS), an in-memory script in tests (so a whole HTTP
 * connection can be fuzzed without sockets).
 */
public interface Transport extends AutoCloseable {
    /** @return a future of the count read into {@code dst}, -1 at end of stream */
    IoFuture<Integer> read(ByteBuffer dst);

    /** @return a future completing when all of {@code src} is written */
    IoFuture<Void> writeAll(ByteBuffer src);

    /** Ends the output half: the peer reads end of stream. */
    void shutdownOutput() throws IOException;

    @Override
    void close() throws IOException;

    /** @return the transport over a connected socket */
    static Transport of(TcpStream s) {
        return new Transport() {
            @Override
            public IoFuture<Integer> read(ByteBuffer dst) {
                return s.read(dst);
            }

            @Override
            public IoFuture<Void> writeAll(ByteBuffer src) {
                return s.writeAll(src);
            }

            @Override
            public void shutdownOutput() throws IOException {
                s.shutdownOutput();
            }

            @Override
            public void close() throws IOException {
                s.close();
            }
        };
    }

    /**
     * @return the transport over a TLS stream: each write is flushed (a response leaves whole),
     *     {@link #shutdownOutput()} starts the close_notify without waiting, {@link #close()} sends
     *     it if it has not left and closes the socket
     */
    static Transport of(TlsStream s) {
        return new Transport() {
            @Override
            public IoFuture<Integer> read(ByteBuffer dst) {
                return s.read(dst);
            }

            @Override
            public IoFuture<Void> writeAll(ByteBuffer src) {
                IoFuture<Void> write = AsyncIo.writeAll(s, src);
                IoFuture<Void> flush = AsyncIo.flush(s);
                return cx -> src.hasRemaining() && write.poll(cx) instanceof Poll.Pending ? Poll.pending() : flush.poll(cx);
            }

            @Override
            public void shutdownOutput() throws IOException {
                s.pollShutdown(Context.noop()); // what the socket does not take now is written by the drain's reads
            }

            @Override
            public void close() throws IOException {
                s.close();
            }
        };
    }
}
