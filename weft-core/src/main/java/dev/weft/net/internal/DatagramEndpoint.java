package dev.weft.net.internal;

import dev.weft.io.IoFuture;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;

/**
 * A UDP socket as {@code UdpSocket} drives it: over a real
 * {@link java.nio.channels.DatagramChannel} or a {@link NetProvider}'s socket. The methods mean
 * what {@code UdpSocket}'s of the same names mean (which documents waking and cancel-safety).
 *
 * {@snippet :
 * SocketAddress from = await(endpoint.receiveFrom(buf));
 * }
 */
public interface DatagramEndpoint {
    /**
     * @param src the datagram
     * @param target where to send it
     * @return a future of the count sent
     */
    IoFuture<Integer> sendTo(ByteBuffer src, SocketAddress target);

    /**
     * @param dst where the datagram goes (cut to its room)
     * @return a future of the sender's address
     */
    IoFuture<SocketAddress> receiveFrom(ByteBuffer dst);

    /**
     * @param src the datagram, to the connected peer
     * @return a future of the count sent
     */
    IoFuture<Integer> send(ByteBuffer src);

    /**
     * @param dst where a datagram of the connected peer goes
     * @return a future of the count received
     */
    IoFuture<Integer> receive(ByteBuffer dst);

    /**
     * @param peer the only peer from now on
     * @throws IOException if the socket cannot be connected
     */
    void connect(SocketAddress peer) throws IOException;

    /**
     * @return the bound local address
     * @throws IOException if the socket is closed
     */
    InetSocketAddress localAddress() throws IOException;

    /**
     * Closes the socket; waiting sends and receives wake and fail. Idempotent.
     *
     * @throws IOException if closing failed
     */
    void close() throws IOException;
}
