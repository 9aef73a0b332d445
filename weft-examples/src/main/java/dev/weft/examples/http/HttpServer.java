package dev.weft.examples.http;

import dev.weft.Weft;
import dev.weft.examples.Accepting;
import dev.weft.examples.Shutdown;
import dev.weft.examples.Transport;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.tls.TlsAcceptor;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * An HTTP/1.1 server on Weft, written as a Weft user writes one: a woven accept loop
 * ({@link Accepting#serve}) that spawns one woven {@link HttpConnection} task per connection into
 * its task tracker, on a {@link WeftRuntime} it owns. Each connection owns a task scope in turn, for
 * what its handlers spawn: the server's task, its connections and their children are one tree.
 *
 * {@snippet :
 * try (HttpServer server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), Routes.techEmpower().build())) {
 *     // GET http://127.0.0.1:<server.port()>/plaintext  ->  Hello, World!
 * }
 * }
 *
 * <p>HTTPS: the same server with a {@link TlsAcceptor} ({@link #start(InetSocketAddress, Handler,
 * Limits, TlsAcceptor)}; {@link #tls(SSLContext)} makes the usual one, ALPN {@code http/1.1}).
 * Each connection's handshake runs in its own task, under the acceptor's deadline; one that fails
 * ends that connection alone.
 *
 * {@snippet :
 * SSLContext ctx = TlsContexts.fromPem(Path.of("cert.pem"), Path.of("key.pem"));
 * HttpServer https = HttpServer.start(new InetSocketAddress("127.0.0.1", 8443), Routes.techEmpower().build(),
 *         Limits.DEFAULT, HttpServer.tls(ctx));
 * }
 *
 * <p>The runtime has one worker per available processor. Each connection is independent: a
 * client that breaks the protocol, stalls or resets ends only its own task.
 *
 * <p>{@link #shutdown(Duration)} is graceful: connects are refused, each request in flight is
 * answered (with {@code Connection: close}) and its connection closed, idle connections close at
 * once, and what still runs after the grace is cancelled; the server's task ends once every
 * connection task has.
 */
public final class HttpServer implements AutoCloseable {
    private final TcpListener listener;
    private final WeftRuntime runtime;
    private final Shutdown shutdown = new Shutdown();
    private final Task<Long> acceptor;

    private HttpServer(TcpListener listener, WeftRuntime runtime, Handler handler, Limits limits, TlsAcceptor tls) {
        this.listener = listener;
        this.runtime = runtime;
        this.acceptor = runtime.spawn(tls == null ? serve(listener, handler, limits, shutdown) : serve(listener, handler, limits, shutdown, tls));
    }

    /**
     * The server as one future, for a runtime (or a simulation) the caller owns: the accept loop,
     * each connection a task spawned where the loop runs. Ends when {@code listener} is closed,
     * once its connections, cancelled, have ended.
     *
     * {@snippet :
     * TcpListener l = TcpListener.bind("0.0.0.0", 80);        // inside a SimRuntime task, say
     * Task.spawn(HttpServer.serve(l, Routes.demo(), Limits.DEFAULT));
     * }
     *
     * @param listener where connections arrive
     * @param handler what answers each request
     * @param limits the bounds of every request
     * @return a future of how many connections were accepted
     */
    public static Future<Long> serve(TcpListener listener, Handler handler, Limits limits) {
        return serve(listener, handler, limits, new Shutdown());
    }

    /**
     * The server as one future that {@code shutdown} stops gracefully.
     *
     * @param listener where connections arrive
     * @param handler what answers each request
     * @param limits the bounds of every request
     * @param shutdown the order to stop, with its grace
     * @return a future of how many connections were accepted, ready once every connection ended
     */
    public static Future<Long> serve(TcpListener listener, Handler handler, Limits limits, Shutdown shutdown) {
        return Accepting.serve(listener, shutdown,
                s -> HttpConnection.serve(Transport.of(s), handler, limits, HttpDate.SHARED, shutdown.token()));
    }

    /**
     * The HTTPS server as one future: each connection's handshake by {@code tls}, then HTTP/1.1
     * over it. A handshake that fails (a bad client, a time-out) ends its connection only.
     *
     * @param listener where connections arrive
     * @param handler what answers each request
     * @param limits the bounds of every request
     * @param shutdown the order to stop, with its grace
     * @param tls the acceptor, e.g. {@link #tls(SSLContext)}
     * @return a future of how many connections were accepted, ready once every connection ended
     */
    public static Future<Long> serve(TcpListener listener, Handler handler, Limits limits, Shutdown shutdown, TlsAcceptor tls) {
        return Accepting.serve(listener, shutdown, tls, t -> HttpConnection.serve(t, handler, limits, HttpDate.SHARED, shutdown.token()));
    }

    /**
     * @param context the server's certificate and key ({@code TlsContexts.fromPem})
     * @return the acceptor HTTPS uses here: ALPN {@code http/1.1}, a 10-second handshake deadline
     */
    public static TlsAcceptor tls(SSLContext context) {
        return TlsAcceptor.of(context).withAlpn("http/1.1");
    }

    /**
     * Binds and starts serving with {@link Limits#DEFAULT}.
     *
     * @param address where to listen, e.g. {@code 127.0.0.1:0}
     * @param handler what answers each request (a {@link Router}, say)
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static HttpServer start(InetSocketAddress address, Handler handler) throws IOException {
        return start(address, handler, Limits.DEFAULT);
    }

    /**
     * Binds and starts serving.
     *
     * @param address where to listen
     * @param handler what answers each request
     * @param limits the bounds of every request
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static HttpServer start(InetSocketAddress address, Handler handler, Limits limits) throws IOException {
        return start(address, handler, limits, null);
    }

    /**
     * Binds and starts serving HTTPS with {@code tls} (or plain HTTP when it is null).
     *
     * @param address where to listen
     * @param handler what answers each request
     * @param limits the bounds of every request
     * @param tls the acceptor of each connection's handshake, or null for plain HTTP
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static HttpServer start(InetSocketAddress address, Handler handler, Limits limits, TlsAcceptor tls) throws IOException {
        int workers = java.lang.Runtime.getRuntime().availableProcessors();
        WeftRuntime rt = WeftRuntime.builder().workers(workers).threadNamePrefix("http-worker-").build();
        TcpListener l = Accepting.bindOn(rt, address);
        return new HttpServer(l, rt, handler, limits, tls);
    }

    /**
     * @return the port the server listens on
     * @throws IOException if the server is closed
     */
    public int port() throws IOException {
        return listener.localAddress().getPort();
    }

    /** Waits until the server has ended (shut down, every connection ended). */
    void awaitClose() {
        Weft.blockOn(acceptor);
    }

    /**
     * Shuts the server down gracefully: connects are refused from now on; each request in flight
     * (being handled, or half received) is answered with {@code Connection: close} and its
     * connection closed, an idle connection at once; what is still running after {@code grace} is
     * cancelled, which closes its connection without an answer. Never blocks; only the first call
     * counts.
     *
     * {@snippet :
     * Weft.blockOn(server.shutdown(Duration.ofSeconds(5))); // every connection task has ended
     * }
     *
     * @param grace how long requests in flight may take
     * @return the server's task: complete once every connection task has ended
     */
    public Task<Long> shutdown(Duration grace) {
        shutdown.begin(grace);
        return acceptor;
    }

    /** @return how many connection tasks are alive */
    public int connections() {
        return shutdown.connections();
    }

    /**
     * Shuts down with no grace (open connections are cancelled, which closes them), waits until
     * every connection task has ended, and stops the runtime.
     *
     * @throws IOException if closing the listener failed
     */
    @Override
    public void close() throws IOException {
        try {
            Weft.blockOn(shutdown(Duration.ZERO));
        } finally {
            listener.close();
            runtime.close();
        }
    }
}
