package dev.weft.net.internal.uring;

import dev.weft.io.IoFuture;
import dev.weft.net.internal.DatagramEndpoint;
import dev.weft.net.internal.ListenerEndpoint;
import dev.weft.net.internal.NetProvider;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import java.net.SocketAddress;

/**
 * The kernel's network through io_uring: the {@link NetProvider} of a runtime built with
 * {@code IoPoller.IO_URING}, so {@code TcpListener} and {@code TcpStream} run on
 * {@link UringPoller} sockets, and user code does not change. {@code UdpSocket} runs on an epoll
 * instance that the ring watches (see {@link UringPoller}); host names are resolved by the caller,
 * as with epoll.
 *
 * {@snippet :
 * NetProvider net = new UringNet(new UringPoller()); // registered among the runtime's drivers
 * }
 */
public final class UringNet implements NetProvider {
    private final UringPoller poller;

    /** @param poller the poller its sockets run on */
    public UringNet(UringPoller poller) {
        this.poller = poller;
    }

    @Override
    public ListenerEndpoint bind(SocketAddress local, int backlog) throws IOException {
        return UringListener.bind(poller, local, backlog);
    }

    @Override
    public IoFuture<StreamEndpoint> connect(SocketAddress remote) {
        return new UringConnect(poller, remote);
    }

    @Override
    public DatagramEndpoint bindDatagram(SocketAddress local) throws IOException {
        return poller.datagrams().bindDatagram(local);
    }

    @Override
    public boolean resolvesNames() {
        return false;
    }
}
