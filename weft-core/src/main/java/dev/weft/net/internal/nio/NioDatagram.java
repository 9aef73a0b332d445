package dev.weft.net.internal.nio;

import dev.weft.net.Async;
import dev.weft.io.IoFuture;
import dev.weft.net.internal.DatagramEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;

/**
 * The real network's {@link DatagramEndpoint}: a non-blocking {@link DatagramChannel} registered
 * with the reactor; each operation is a {@code readWith}/{@code writeWith} of the channel.
 * Immutable.
 */
public final class NioDatagram implements DatagramEndpoint {
    private final Async<DatagramChannel> io;

    private NioDatagram(Async<DatagramChannel> io) {
        this.io = io;
    }

    /**
     * @param address the local address
     * @return a bound, registered socket
     * @throws IOException if it cannot be bound (the channel is closed then)
     */
    public static NioDatagram bind(SocketAddress address) throws IOException {
        DatagramChannel ch = DatagramChannel.open();
        try {
            ch.bind(address);
            return new NioDatagram(Async.of(ch));
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    @Override
    public IoFuture<Integer> sendTo(ByteBuffer src, SocketAddress target) {
        return io.writeWith(ch -> {
            boolean empty = !src.hasRemaining();
            int n = ch.send(src, target);
            return n == 0 && !empty ? null : n;
        });
    }

    @Override
    public IoFuture<SocketAddress> receiveFrom(ByteBuffer dst) {
        return io.readWith(ch -> ch.receive(dst));
    }

    @Override
    public IoFuture<Integer> send(ByteBuffer src) {
        return io.writeWith(ch -> {
            boolean empty = !src.hasRemaining();
            int n = ch.write(src);
            return n == 0 && !empty ? null : n;
        });
    }

    @Override
    public IoFuture<Integer> receive(ByteBuffer dst) {
        return io.readWith(ch -> {
            int before = dst.position();
            return ch.receive(dst) == null ? null : dst.position() - before;
        });
    }

    @Override
    public void connect(SocketAddress peer) throws IOException {
        io.get().connect(peer);
    }

    @Override
    public InetSocketAddress localAddress() throws IOException {
        return (InetSocketAddress) io.get().getLocalAddress();
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
