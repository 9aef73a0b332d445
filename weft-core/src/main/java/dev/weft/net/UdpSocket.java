package dev.weft.net;

import dev.weft.net.internal.nio.NioDatagram;
import dev.weft.io.IoFuture;
import dev.weft.future.Future;
import dev.weft.net.internal.DatagramEndpoint;
import dev.weft.net.internal.NetProvider;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;

/**
 * A UDP socket: datagrams sent and received without blocking, to and from any address, or to and
 * from one peer after {@link #connect(SocketAddress)}.
 *
 * {@snippet :
 * try (UdpSocket a = UdpSocket.bind(new InetSocketAddress("127.0.0.1", 0))) {
 *     await(a.sendTo(ByteBuffer.wrap("hi".getBytes()), peer));
 *     ByteBuffer in = ByteBuffer.allocate(1500);
 *     SocketAddress from = await(a.receiveFrom(in));
 * }
 * }
 *
 * <p>A datagram longer than the buffer is cut to the buffer's size (the rest is lost), as with
 * {@link DatagramChannel}.
 *
 * <p>In a simulation ({@code dev.weft.sim.SimRuntime}, in weft-sim) the socket is bound on the
 * simulated host of the calling task; datagrams there take the link's latency (so they may arrive
 * out of order) and may be dropped.
 */
public final class UdpSocket implements AutoCloseable {
    private final DatagramEndpoint io;

    private UdpSocket(DatagramEndpoint io) {
        this.io = io;
    }

    /**
     * Binds a UDP socket to {@code address} (port 0 picks a free port).
     *
     * @param address the local address
     * @return the socket
     * @throws IOException if it cannot be bound
     */
    public static UdpSocket bind(SocketAddress address) throws IOException {
        NetProvider net = NetProvider.current();
        return new UdpSocket(net != null ? net.bindDatagram(address) : NioDatagram.bind(address));
    }

    /**
     * Sends and receives only to and from {@code peer} from now on ({@link #send(ByteBuffer)},
     * {@link #receive(ByteBuffer)}); datagrams from others are dropped by the kernel.
     *
     * @param peer the one peer
     * @throws IOException if the socket cannot be connected
     */
    public void connect(SocketAddress peer) throws IOException {
        io.connect(peer);
    }

    /**
     * Sends {@code src} as one datagram to {@code target}. Woken by writability when the send
     * buffer is full. Throws the socket's {@link IOException}. Cancel-safe: the datagram is sent
     * whole or not at all.
     *
     * @param src the datagram
     * @param target where to send it
     * @return a future of the count sent (all of {@code src})
     */
    public IoFuture<Integer> sendTo(ByteBuffer src, SocketAddress target) {
        return io.sendTo(src, target);
    }

    /**
     * Receives one datagram into {@code dst}. Woken by readability. Cancel-safe: a datagram is
     * only taken by the poll that returns it.
     *
     * @param dst where the datagram goes
     * @return a future of the sender's address
     */
    public IoFuture<SocketAddress> receiveFrom(ByteBuffer dst) {
        return io.receiveFrom(dst);
    }

    /**
     * Sends {@code src} to the connected peer; see {@link #sendTo(ByteBuffer, SocketAddress)}.
     *
     * @param src the datagram
     * @return a future of the count sent
     */
    public IoFuture<Integer> send(ByteBuffer src) {
        return io.send(src);
    }

    /**
     * Receives one datagram from the connected peer into {@code dst}; see
     * {@link #receiveFrom(ByteBuffer)}. Throws {@link java.net.PortUnreachableException} if an
     * earlier send was refused.
     *
     * @param dst where the datagram goes
     * @return a future of the count received
     */
    public IoFuture<Integer> receive(ByteBuffer dst) {
        return io.receive(dst);
    }

    /**
     * @return the bound local address
     * @throws IOException if the socket is closed
     */
    public InetSocketAddress localAddress() throws IOException {
        return io.localAddress();
    }

    /**
     * Closes the socket; waiting sends and receives fail. Idempotent.
     *
     * @throws IOException if closing failed
     */
    @Override
    public void close() throws IOException {
        io.close();
    }

    @Override
    public String toString() {
        return "UdpSocket[" + io + "]";
    }
}
