package dev.weft.net.internal.nio;

import dev.weft.future.Waker;
import dev.weft.net.internal.ListenerEndpoint;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * NIO's {@link ListenerEndpoint}: a non-blocking {@link ServerSocketChannel} registered with the
 * reactor, for {@code TcpListener} and {@code UnixListener}. Waiting accepts
 * hold slots in the source's read direction ({@code OP_ACCEPT}). Immutable; the source guards its
 * own state.
 */
public final class NioListener extends NioEndpoint<ServerSocketChannel> implements ListenerEndpoint {
    private NioListener(ServerSocketChannel ch, Source source) {
        super(ch, source);
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
    public static NioListener bind(ServerSocketChannel ch, SocketAddress address, int backlog) throws IOException {
        try {
            ch.bind(address, backlog);
            return new NioListener(ch, Reactor.current().register(ch));
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
        SocketChannel accepted = ch.accept();
        if (accepted == null) return null;
        try {
            return new NioStream(accepted, Reactor.current().register(accepted));
        } catch (IOException | RuntimeException e) {
            accepted.close();
            if (e.getClass() == IOException.class) {
                throw new SocketException("cannot register an accepted connection: " + e.getMessage(), e);
            }
            throw e;
        }
    }

    @Override
    public boolean register(Object owner, Waker waker) {
        return source.register(Source.READ, owner, waker);
    }

    @Override
    public void deregister(Object owner) {
        source.deregister(Source.READ, owner);
    }

    @Override
    public SocketAddress localAddress() throws IOException {
        return ch.getLocalAddress();
    }
}
