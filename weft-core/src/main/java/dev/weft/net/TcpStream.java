package dev.weft.net;

import dev.weft.io.IoFuture;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.io.AsyncIo;
import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;

/**
 * A TCP connection: a {@link SocketStream} with TCP's options and internet addresses.
 *
 * {@snippet :
 * try (TcpStream s = await(TcpStream.connect(new InetSocketAddress("127.0.0.1", 7000)))) {
 *     s.setNoDelay(true);
 *     await(s.writeAll("hi\n".getBytes(), 0, 3));
 *     byte[] reply = new byte[3];
 *     await(s.readExact(reply, 0, 3));
 * }
 * }
 *
 * <p>The rules of {@link SocketStream} hold: one reader and one writer at a time; close wakes both.
 *
 * <p>In a simulation ({@code dev.weft.sim.SimRuntime}, in weft-sim) the connect functions reach the
 * simulated hosts instead of the kernel (host names resolve there, without DNS); the stream behaves
 * the same.
 */
public final class TcpStream extends SocketStream {
    TcpStream(StreamEndpoint io) {
        super(io);
    }

    /**
     * Connects to {@code address}.
     *
     * <p>Woken when the connect completes or fails. Throws {@link java.net.ConnectException} if
     * refused, other {@link IOException}s as the socket reports them. Cancel-safe: a cancelled
     * connect closes its half-made socket.
     *
     * @param address where to connect
     * @return a future of the connected stream
     */
    public static IoFuture<TcpStream> connect(SocketAddress address) {
        return new Connect<>(SocketChannel::open, true, address, null, TcpStream::new);
    }

    /**
     * Connects to {@code address} within {@code timeout}. As {@link #connect(SocketAddress)}, and
     * throws {@link java.net.SocketTimeoutException} when the time is up (the socket is closed).
     *
     * @param address where to connect
     * @param timeout the time limit
     * @return a future of the connected stream
     */
    public static IoFuture<TcpStream> connect(SocketAddress address, Duration timeout) {
        return new Connect<>(SocketChannel::open, true, address, timeout, TcpStream::new);
    }

    /**
     * Connects to {@code host:port}; see {@link #connect(SocketAddress)}. A host name is looked up
     * on the runtime's blocking pool, never on a worker (a literal address needs no lookup); a name
     * that does not resolve fails with {@link java.net.UnknownHostException}.
     *
     * @param host a host name or literal address
     * @param port the port
     * @return a future of the connected stream
     */
    public static IoFuture<TcpStream> connect(String host, int port) {
        return new HostConnect(host, port);
    }

    /**
     * Sets {@code TCP_NODELAY} (off: Nagle's algorithm batches small writes).
     *
     * @param on whether to send small writes at once
     * @throws IOException if the option cannot be set
     */
    public void setNoDelay(boolean on) throws IOException {
        io.setOption(StandardSocketOptions.TCP_NODELAY, on);
    }

    /**
     * @return whether {@code TCP_NODELAY} is set
     * @throws IOException if the option cannot be read
     */
    public boolean noDelay() throws IOException {
        return io.getOption(StandardSocketOptions.TCP_NODELAY);
    }

    @Override
    public InetSocketAddress localAddress() throws IOException {
        return (InetSocketAddress) super.localAddress();
    }

    @Override
    public InetSocketAddress remoteAddress() throws IOException {
        return (InetSocketAddress) super.remoteAddress();
    }

    @Override
    public String toString() {
        return "TcpStream[" + io + "]";
    }
}
