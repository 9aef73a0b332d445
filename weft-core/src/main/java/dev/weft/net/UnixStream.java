package dev.weft.net;

import dev.weft.io.IoFuture;
import dev.weft.future.Future;
import dev.weft.net.internal.StreamEndpoint;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * A Unix-domain stream connection: a {@link SocketStream} over a socket file.
 *
 * {@snippet :
 * try (UnixStream s = await(UnixStream.connect(Path.of("/tmp/app.sock")))) {
 *     await(s.writeAll(ByteBuffer.wrap("ping".getBytes())));
 * }
 * }
 *
 * <p>The rules of {@link SocketStream} hold: one reader and one writer at a time; close wakes both.
 * The peer's address of a connecting client is often unnamed.
 */
public final class UnixStream extends SocketStream {
    UnixStream(StreamEndpoint io) {
        super(io);
    }

    /**
     * Connects to the socket file at {@code path}. Woken when connected; throws
     * {@link java.io.IOException} if nobody listens there. Cancel-safe (closes the half-made
     * socket).
     *
     * @param path the socket file
     * @return a future of the connected stream
     */
    public static IoFuture<UnixStream> connect(Path path) {
        return new Connect<>(() -> SocketChannel.open(StandardProtocolFamily.UNIX), false,
                UnixDomainSocketAddress.of(path), null, UnixStream::new);
    }

    @Override
    public String toString() {
        return "UnixStream[" + io + "]";
    }
}
