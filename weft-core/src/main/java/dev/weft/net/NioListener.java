package dev.weft.net;

import dev.weft.future.Waker;
import dev.weft.net.internal.ListenerEndpoint;
import dev.weft.net.internal.Source;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * The real network's {@link ListenerEndpoint}: a non-blocking {@link ServerSocketChannel}
 * registered with the reactor, for {@link TcpListener} and {@link UnixListener}. Waiting accepts
 * hold slots in the source's read direction ({@code OP_ACCEPT}). Immutable; the source guards its
 * own state.
 */
final class NioListener implements ListenerEndpoint {
    private final Async<ServerSocketChannel> io;

    private NioListener(Async<ServerSocketChannel> io) {
        this.io = io;
    }

    /**
     * Binds {@code ch} and registers it; closes it if either fails.
     *
     * @param ch an open, unbound server channel
     * @param address the local address
     * @param backlog the backlog
     * @return the listener
     * @throws IOException if the address cannot be bound
     */
    static NioListener bind(ServerSocketChannel ch, SocketAddress address, int backlog) throws IOException {
        try {
            ch.bind(address, backlog);
            return new NioListener(Async.of(ch));
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>A failure to register the accepted socket with the reactor is no passing error (the
     * reactor will not recover by waiting): it is reported as a {@link SocketException}, which
     * fails that accept, and the socket is closed.
     */
    @Override
    public StreamEndpoint accept() throws IOException {
        SocketChannel ch = io.get().accept();
        if (ch == null) return null;
        try {
            return new StreamIo(Async.of(ch));
        } catch (IOException | RuntimeException e) {
            ch.close();
            if (e.getClass() == IOException.class) {
                throw new SocketException("cannot register an accepted connection: " + e.getMessage(), e);
            }
            throw e;
        }
    }

    @Override
    public boolean register(Object owner, Waker waker) {
        return io.source().register(Source.READ, owner, waker);
    }

    @Override
    public void deregister(Object owner) {
        io.source().deregister(Source.READ, owner);
    }

    @Override
    public SocketAddress localAddress() throws IOException {
        return io.get().getLocalAddress();
    }

    @Override
    public int waiterCount() {
        return io.source().waiterCount();
    }

    @Override
    public void close() throws IOException {
        io.close();
    }

    @Override
    public String toString() {
        return io.get().toString();
    }
}
