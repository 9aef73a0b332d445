package dev.weft.net;

import dev.weft.io.IoFuture;
import dev.weft.future.Future;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A listening TCP socket that accepts connections without blocking.
 *
 * {@snippet :
 * try (TcpListener l = TcpListener.bind(new InetSocketAddress("127.0.0.1", 0))) {
 *     System.out.println("listening on " + l.localAddress());
 *     while (true) {
 *         TcpStream s = await(l.accept());
 *         // hand s to a task
 *     }
 * }
 * }
 *
 * <p>Accept errors that pass (out of file descriptors, out of buffers, an aborted connection) do
 * not fail {@link #accept()} and do not spin: the accept pauses, 2 ms doubling up to 100 ms, and
 * goes on once connections can be taken again; {@link #acceptErrors()} counts them. Other errors
 * fail that accept only; the listener stays usable.
 */
public final class TcpListener implements AutoCloseable {
    private final Async<ServerSocketChannel> io;
    private final AtomicLong errors = new AtomicLong();

    private TcpListener(Async<ServerSocketChannel> io) {
        this.io = io;
    }

    /**
     * Binds a listener to {@code address} (port 0 picks a free port), backlog 1024.
     *
     * @param address the local address
     * @return the listener
     * @throws IOException if the address cannot be bound
     */
    public static TcpListener bind(SocketAddress address) throws IOException {
        ServerSocketChannel ch = ServerSocketChannel.open();
        try {
            ch.bind(address, 1024);
            return new TcpListener(Async.of(ch));
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Binds to {@code host:port}; see {@link #bind(SocketAddress)}.
     *
     * @param host the local host, e.g. {@code "127.0.0.1"}
     * @param port the port, 0 for any free one
     * @return the listener
     * @throws IOException if the address cannot be bound
     */
    public static TcpListener bind(String host, int port) throws IOException {
        return bind(new InetSocketAddress(host, port));
    }

    /**
     * Accepts the next connection.
     *
     * <p>Woken when a connection is pending (or, after a passing error, when the pause ends).
     * Throws {@link java.nio.channels.ClosedChannelException} if the listener is closed, other
     * {@link IOException}s that do not pass. Cancel-safe: a connection is only taken by the poll
     * that returns it; cancelling drops the registration and any pause.
     *
     * @return a future of the accepted connection
     */
    public IoFuture<TcpStream> accept() {
        return new Accept<>(io, errors, TcpStream::new);
    }

    /**
     * @return the bound local address (with the chosen port)
     * @throws IOException if the listener is closed
     */
    public InetSocketAddress localAddress() throws IOException {
        return (InetSocketAddress) io.get().getLocalAddress();
    }

    /** @return how many tasks wait in the reactor for a connection (a test hook: not public API) */
    int waiterCount() {
        return io.source().waiterCount();
    }

    /** @return how many passing accept errors paused this listener so far */
    public long acceptErrors() {
        return errors.get();
    }

    /**
     * Stops listening; pending accepts fail with {@link java.nio.channels.ClosedChannelException}.
     *
     * @throws IOException if closing failed
     */
    @Override
    public void close() throws IOException {
        io.close();
    }
}
