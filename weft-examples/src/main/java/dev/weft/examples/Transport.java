package dev.weft.examples.http;

import dev.weft.io.IoFuture;
import dev.weft.net.TcpStream;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The byte stream under one HTTP connection: a {@link TcpStream} in the server, an in-memory
 * script in tests (so the whole connection can be fuzzed without sockets).
 */
interface Transport extends AutoCloseable {
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
}
