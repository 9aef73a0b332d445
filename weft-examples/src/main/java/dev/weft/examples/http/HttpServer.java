package dev.weft.examples.http;

import dev.weft.examples.Accepting;
import dev.weft.exec.Runtime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * An HTTP/1.1 server on Weft, written as a Weft user writes one: a woven accept loop that spawns
 * one woven {@link HttpConnection} task per connection on a {@link Runtime} it owns.
 *
 * {@snippet :
 * try (HttpServer server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), Routes.techEmpower().build())) {
 *     // GET http://127.0.0.1:<server.port()>/plaintext  ->  Hello, World!
 * }
 * }
 *
 * <p>The runtime has one worker per available processor. Each connection is independent: a
 * client that breaks the protocol, stalls or resets ends only its own task.
 */
public final class HttpServer implements AutoCloseable {
    private final TcpListener listener;
    private final Runtime runtime;
    private final Task<Long> acceptor;

    private HttpServer(TcpListener listener, Runtime runtime, Handler handler, Limits limits) {
        this.listener = listener;
        this.runtime = runtime;
        this.acceptor = runtime.spawn(serve(listener, handler, limits));
    }

    /**
     * The server as one future, for a runtime (or a simulation) the caller owns: the accept loop,
     * each connection a task spawned where the loop runs. Ends when {@code listener} is closed.
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
        return Accepting.loop(listener, s -> HttpConnection.serve(Transport.of(s), handler, limits, HttpDate.SHARED));
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
        TcpListener l = TcpListener.bind(address);
        int workers = java.lang.Runtime.getRuntime().availableProcessors();
        Runtime rt = Runtime.builder().workers(workers).threadNamePrefix("http-worker-").build();
        return new HttpServer(l, rt, handler, limits);
    }

    /**
     * @return the port the server listens on
     * @throws IOException if the server is closed
     */
    public int port() throws IOException {
        return listener.localAddress().getPort();
    }

    /** Waits until the server is closed (the accept loop ends). */
    void awaitClose() {
        dev.weft.exec.BlockOn.blockOn(acceptor);
    }

    /**
     * Stops accepting and stops the runtime (open connections are cancelled, which closes them).
     *
     * @throws IOException if closing the listener failed
     */
    @Override
    public void close() throws IOException {
        listener.close();
        runtime.close();
    }
}
