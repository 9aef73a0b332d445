package dev.weft.bench.soak;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.examples.Accepting;
import dev.weft.examples.Shutdown;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.io.AsyncIo;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.net.tls.TlsAcceptor;
import dev.weft.net.tls.TlsStream;
import dev.weft.task.Task;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * The TLS server of the hostile matrix: requests framed as a 4-byte big-endian length (1 to
 * {@link #MAX_REQUEST} bytes) and the bytes, each answered with the same bytes, over
 * {@link TlsAcceptor} on a 2-worker runtime. How each connection ended goes to {@link #endings()}:
 * the handshake's or the stream's exception (class and message), {@code EOFException:
 * close_notify mid-request} for a peer that ended its stream inside a request, or
 * {@link Endings#CLOSED_BY_PEER}.
 */
final class TlsEchoServer implements AutoCloseable {
    /** The longest request: 64 KiB. */
    static final int MAX_REQUEST = 64 << 10;

    private final TcpListener listener;
    private final WeftRuntime runtime;
    private final Shutdown shutdown = new Shutdown();
    private final Endings endings = new Endings();

    private TlsEchoServer(TcpListener listener, WeftRuntime runtime, TlsAcceptor acceptor) {
        this.listener = listener;
        this.runtime = runtime;
        Task<Long> server = runtime.spawn(Accepting.serve(listener, shutdown, s -> serve(s, acceptor, endings)));
        server.detach();
    }

    /**
     * @param address where to listen
     * @param acceptor the handshake of each connection, under its deadline
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    static TlsEchoServer start(InetSocketAddress address, TlsAcceptor acceptor) throws IOException {
        WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("tls-echo-worker-").build();
        return new TlsEchoServer(Accepting.bindOn(rt, address), rt, acceptor);
    }

    /** One connection: the handshake, then requests until the peer ends between two; every ending counted. */
    private static Future<Void> serve(TcpStream c, TlsAcceptor acceptor, Endings endings) {
        return Weft.async(() -> {
            try (TlsStream tls = await(acceptor.accept(c))) {
                ByteBuffer header = ByteBuffer.allocate(4);
                byte[] request = new byte[MAX_REQUEST];
                while (true) {
                    header.clear();
                    while (header.hasRemaining()) {
                        int r = await(tls.read(header));
                        if (r < 0 && header.position() == 0) {
                            endings.add(Endings.CLOSED_BY_PEER);
                            await(tls.shutdown());
                            return null;
                        }
                        if (r < 0) throw new EOFException("close_notify mid-request, in its length");
                    }
                    int n = header.getInt(0);
                    if (n < 1 || n > MAX_REQUEST) throw new ProtocolException("a request of " + n + " bytes (1 to " + MAX_REQUEST + ")");
                    for (int got = 0; got < n; ) {
                        int r = await(tls.read(request, got, n - got));
                        if (r < 0) throw new EOFException("close_notify mid-request, after " + got + " of its " + n + " bytes");
                        got += r;
                    }
                    await(AsyncIo.writeAll(tls, request, 0, n));
                }
            } catch (Throwable t) {
                endings.add(t);
            }
            return null;
        });
    }

    int port() throws IOException {
        return listener.localAddress().getPort();
    }

    Endings endings() {
        return endings;
    }

    /** @return how many connection tasks are alive (handshaking, serving, or stuck) */
    int connections() {
        return shutdown.connections();
    }

    @Override
    public void close() throws IOException {
        try {
            shutdown.begin(Duration.ZERO);
        } finally {
            listener.close();
            runtime.close();
        }
    }
}
