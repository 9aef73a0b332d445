package dev.weft.net;

import dev.weft.net.internal.nio.NioListener;
import dev.weft.io.IoFuture;
import dev.weft.future.Future;
import dev.weft.net.internal.ListenerEndpoint;
import dev.weft.net.internal.NetProvider;
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
 *
 * <p>In a simulation ({@code dev.weft.sim.SimRuntime}, in weft-sim) the listener is bound on the
 * simulated host of the calling task, with the same API and the same pause on passing errors.
 */
public final class TcpListener implements AutoCloseable {
    private final ListenerEndpoint io;
    private final AtomicLong errors = new AtomicLong();

    private TcpListener(ListenerEndpoint io) {
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
        return bind(address, 1024);
    }

    /**
     * Binds a listener to {@code address} (port 0 picks a free port) with room for
     * {@code backlog} connections not yet accepted (the kernel may round it; beyond it, connects
     * wait or are refused).
     *
     * @param address the local address
     * @param backlog the most pending connections, at least 1
     * @return the listener
     * @throws IOException if the address cannot be bound
     */
    public static TcpListener bind(SocketAddress address, int backlog) throws IOException {
        if (backlog < 1) throw new IllegalArgumentException("backlog: " + backlog);
        NetProvider net = NetProvider.current();
        if (net != null) return new TcpListener(net.bind(address, backlog));
        return new TcpListener(NioListener.bind(ServerSocketChannel.open(), address, backlog));
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
        NetProvider net = NetProvider.current();
        if (net != null && net.resolvesNames()) return bind(InetSocketAddress.createUnresolved(host, port));
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
        return (InetSocketAddress) io.localAddress();
    }

    /** @return how many tasks wait in the reactor for a connection (a test hook: not public API) */
    int waiterCount() {
        return io.waiterCount();
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

    @Override
    public String toString() {
        return "TcpListener[" + io + "]";
    }
}
