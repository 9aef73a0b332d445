package dev.weft.examples.echo;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.examples.Accepting;
import dev.weft.examples.Shutdown;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * The echo server of {@link CoroutineEchoServer}, the same straight-line source, but with
 * {@link Weft#async} bodies that the weaver ({@code weft-weaver}) rewrites at build time into
 * state-machine futures ({@code dev.weft.coro.WovenFuture} subclasses), as {@link EchoConnection}
 * is by hand: no virtual thread per connection and no JVM flag. {@code weft-examples}' build
 * weaves its classes, so no agent is needed: {@code weft-examples/run echo 7002}.
 *
 * {@snippet :
 * try (WovenEchoServer server = WovenEchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
 *     EchoLoad.Result r = EchoLoad.run(server.port(), 50, Duration.ofSeconds(3));
 *     Weft.blockOn(server.shutdown(Duration.ofSeconds(1))); // no connection task is left
 * }
 * }
 *
 * <p>The server is one task ({@link Accepting#serve}) on a 2-worker {@link WeftRuntime}; each
 * connection is a woven future spawned into the server's task tracker. At an {@code await} of a
 * pending read or write it saves its live locals in its own fields and returns pending, and the
 * worker runs the others. Echo has no requests to finish, so a {@linkplain #shutdown graceful
 * shutdown} gives each connection the grace to end its exchange, then cancels it.
 */
public final class WovenEchoServer implements AutoCloseable {
    private final TcpListener listener;
    private final WeftRuntime runtime;
    private final Shutdown shutdown = new Shutdown();
    private final Task<Long> server;

    private WovenEchoServer(TcpListener listener, WeftRuntime runtime) {
        this.listener = listener;
        this.runtime = runtime;
        this.server = runtime.spawn(Accepting.serve(listener, shutdown, WovenEchoServer::echo));
    }

    /**
     * Binds and starts serving.
     *
     * @param address where to listen, e.g. {@code 127.0.0.1:0}
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static WovenEchoServer start(InetSocketAddress address) throws IOException {
        WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("woven-echo-worker-").build();
        TcpListener l = Accepting.bindOn(rt, address);
        return new WovenEchoServer(l, rt);
    }

    /**
     * Echoes one connection until the peer ends its output. A reset or vanished peer (an
     * {@code IOException} of a read or write) ends this connection, quietly: it is the peer's
     * doing, and nothing else is affected. Cancelling it (the grace of a shutdown is over, or the
     * runtime closes) throws {@link java.util.concurrent.CancellationException} at the pending
     * {@code await}, so {@code try (s)} closes the stream.
     */
    static Future<Void> echo(TcpStream s) {
        return Weft.async(() -> {
            try (s) {
                byte[] buf = new byte[4096];
                for (int n; (n = await(s.read(buf, 0, buf.length))) > 0; ) {
                    await(s.writeAll(buf, 0, n));
                }
            } catch (IOException gone) {
                // the peer reset or vanished: this connection ends, nothing else does
            }
            return null;
        });
    }

    /**
     * @return the port the server listens on
     * @throws IOException if the server is closed
     */
    public int port() throws IOException {
        return listener.localAddress().getPort();
    }

    /**
     * Shuts the server down gracefully: connects are refused from now on, each connection gets
     * {@code grace} to end (its client half-closes and takes the last echo), and the connections
     * still open then are cancelled, which closes them. Never blocks; only the first call counts.
     *
     * @param grace how long the connections may take to end on their own
     * @return the server's task: complete, with the count of connections accepted, once every
     *     connection task has ended
     */
    public Task<Long> shutdown(Duration grace) {
        shutdown.begin(grace);
        return server;
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

    /**
     * Serves 127.0.0.1 on the given port until the process is stopped; prints
     * {@code listening on 127.0.0.1:<port>} once it accepts connections. Stopped (Ctrl-C,
     * SIGTERM), it shuts down gracefully, with {@link Shutdown#ON_EXIT} of grace.
     *
     * @param args the port (default 7002; 0: any free port)
     * @throws Exception if the port cannot be bound
     */
    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 7002;
        WovenEchoServer s = start(new InetSocketAddress("127.0.0.1", port));
        System.out.println("listening on 127.0.0.1:" + s.port());
        Shutdown.onExit(s::shutdown);
        Weft.blockOn(s.server);
    }
}
