package dev.weft.net.internal.epoll;

import dev.weft.net.internal.DatagramEndpoint;
import dev.weft.net.internal.ListenerEndpoint;
import dev.weft.net.internal.NetProvider;
import dev.weft.net.internal.StreamEndpoint;
import dev.weft.io.IoFuture;
import java.io.IOException;
import java.net.SocketAddress;

/**
 * The kernel's network through the native poller: the {@link NetProvider} of a runtime built with
 * the epoll poller, so {@code TcpListener}, {@code TcpStream} and {@code UdpSocket} run on
 * {@link EpollPoller} sockets instead of NIO channels, and user code does not change.
 *
 * {@snippet :
 * EpollPoller poller = new EpollPoller();
 * NetProvider net = new NativeNet(poller);  // registered among the runtime's drivers
 * }
 *
 * <p>Host names are not resolved here ({@link #resolvesNames()} is false): {@code TcpStream.connect(host,
 * port)} looks them up on the blocking pool first, as with NIO. Unix-domain sockets and channels
 * wrapped with {@code Async.of} stay on NIO's selector (the shared reactor, driven by the shared
 * driver's threads).
 */
public final class NativeNet implements NetProvider {
    private final EpollPoller poller;

    /** @param poller the poller its sockets register with */
    public NativeNet(EpollPoller poller) {
        this.poller = poller;
    }

    @Override
    public ListenerEndpoint bind(SocketAddress local, int backlog) throws IOException {
        return EpollListener.bind(poller, local, backlog);
    }

    @Override
    public IoFuture<StreamEndpoint> connect(SocketAddress remote) {
        return new EpollConnect(poller, remote);
    }

    @Override
    public DatagramEndpoint bindDatagram(SocketAddress local) throws IOException {
        return EpollDatagram.bind(poller, local);
    }

    @Override
    public boolean resolvesNames() {
        return false;
    }
}
