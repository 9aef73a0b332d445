package dev.weft.net.internal;

import dev.weft.internal.Drivers;
import dev.weft.io.IoFuture;
import java.io.IOException;
import java.net.SocketAddress;

/**
 * A network other than NIO's: the sockets of {@code dev.weft.net} ({@code TcpListener},
 * {@code TcpStream}, {@code UdpSocket}) run over the provider a runtime registers under
 * {@link #KEY} among its drivers, and over real NIO channels when there is none. A deterministic
 * simulation registers its simulated network here, a runtime on the native poller its
 * {@link NativeNet} (the kernel's sockets without NIO); the user's code does not change.
 *
 * {@snippet :
 * NetProvider net = NetProvider.current();                  // null: the real network
 * ListenerEndpoint l = net.bind(new InetSocketAddress(80), 1024);
 * }
 *
 * <p>Addresses handed in may be unresolved ({@link java.net.InetSocketAddress#createUnresolved})
 * when {@link #resolvesNames()}: the provider resolves host names itself (a simulation has no
 * DNS). Endpoints follow the rules of their real counterparts: one poll at a time per direction, wake through the wakers handed in,
 * every registration re-checks its condition (no lost wake-up), closing wakes every waiter.
 */
public interface NetProvider {
    /** Where a runtime's {@link Drivers} keep its network provider. */
    Drivers.Key<NetProvider> KEY = Drivers.key(NetProvider.class);

    /** @return the provider of the runtime whose code runs now, or {@code null}: use real sockets */
    static NetProvider current() {
        return Drivers.currentOrNull(KEY);
    }

    /**
     * Binds a TCP listener.
     *
     * @param local the local address; port 0 picks a free port
     * @param backlog the most connections that may wait to be accepted
     * @return the listener
     * @throws IOException if the address cannot be bound (in use, not this host's)
     */
    ListenerEndpoint bind(SocketAddress local, int backlog) throws IOException;

    /**
     * Starts a TCP connect. The future fails with {@link java.net.ConnectException} if refused;
     * cancelling it closes the half-made connection.
     *
     * @param remote where to connect (possibly unresolved)
     * @return a future of the connected stream
     */
    IoFuture<StreamEndpoint> connect(SocketAddress remote);

    /**
     * Binds a UDP socket.
     *
     * @param local the local address; port 0 picks a free port
     * @return the socket
     * @throws IOException if the address cannot be bound
     */
    DatagramEndpoint bindDatagram(SocketAddress local) throws IOException;

    /**
     * @return whether this provider takes unresolved addresses and resolves host names itself
     *     (a simulation: it has its own hosts and no DNS); if not, callers resolve names first,
     *     on the blocking pool, and hand in resolved addresses
     */
    default boolean resolvesNames() {
        return true;
    }
}
