package dev.weft.net;

import dev.weft.net.internal.nio.NioListener;
import dev.weft.io.IoFuture;
import dev.weft.future.Future;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A listening Unix-domain socket. Like {@link TcpListener}, with a socket file for an address.
 *
 * {@snippet :
 * Path sock = Files.createTempDirectory("app").resolve("app.sock");
 * try (UnixListener l = UnixListener.bind(sock)) {
 *     UnixStream s = await(l.accept());
 * }
 * }
 *
 * <p>The socket file stays after {@link #close()} (as with any Unix socket): delete it yourself.
 * Accept errors are handled as in {@link TcpListener}.
 */
public final class UnixListener implements AutoCloseable {
    private final NioListener io;
    private final Path path;
    private final AtomicLong errors = new AtomicLong();

    private UnixListener(NioListener io, Path path) {
        this.io = io;
        this.path = path;
    }

    /**
     * Creates the socket file at {@code path} and listens on it.
     *
     * @param path where the socket file goes; must not exist
     * @return the listener
     * @throws IOException if the socket cannot be bound
     */
    public static UnixListener bind(Path path) throws IOException {
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(path);
        ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        return new UnixListener(NioListener.bind(ch, address, 1024), path);
    }

    /**
     * Accepts the next connection; see {@link TcpListener#accept()} for waking, errors and
     * cancel-safety.
     *
     * @return a future of the accepted connection
     */
    public IoFuture<UnixStream> accept() {
        return new Accept<>(io, errors, UnixStream::new);
    }

    /** @return the socket file */
    public Path path() {
        return path;
    }

    /**
     * Stops listening. The socket file stays.
     *
     * @throws IOException if closing failed
     */
    @Override
    public void close() throws IOException {
        io.close();
    }
}
