package dev.weft.examples.echo;

import dev.weft.Weft;
import static dev.weft.Weft.await;

import dev.weft.coro.Coroutine;
import dev.weft.examples.Shutdown;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.scope.TaskTracker;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.concurrent.CancellationException;

/**
 * The echo server of {@link EchoServer} written in straight-line coroutine style: a read, a write
 * and a loop, with {@code await} where the hand-written version has a state machine.
 *
 * {@snippet :
 * try (CoroutineEchoServer server = CoroutineEchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
 *     EchoLoad.Result r = EchoLoad.run(server.port(), 50, Duration.ofSeconds(3));
 * }
 * }
 *
 * <p>The accept loop is a stackful coroutine ({@link Coroutine#async}) on a 2-worker
 * {@link WeftRuntime}, and so is each connection, spawned into the loop's task tracker; while a
 * coroutine waits in {@code await} its worker runs the others. {@link Coroutine#async} is never
 * woven, so this server stays stackful in a build that runs the weaver; {@link WovenEchoServer} is
 * the same source with {@code Weft.async}, woven, and the same graceful {@link #shutdown}.
 */
public final class CoroutineEchoServer implements AutoCloseable {
    private final TcpListener listener;
    private final WeftRuntime runtime;
    private final Shutdown shutdown = new Shutdown();
    private volatile TaskTracker connections;
    private final Task<Long> server;

    private CoroutineEchoServer(TcpListener listener, WeftRuntime runtime) {
        this.listener = listener;
        this.runtime = runtime;
        this.server = runtime.spawn(acceptLoop());
    }

    /**
     * Binds and starts serving.
     *
     * @param address where to listen, e.g. {@code 127.0.0.1:0}
     * @return the running server
     * @throws IOException if the address cannot be bound
     */
    public static CoroutineEchoServer start(InetSocketAddress address) throws IOException {
        TcpListener l = TcpListener.bind(address);
        WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("coro-echo-worker-").build();
        return new CoroutineEchoServer(l, rt);
    }

    /**
     * Accepts until the shutdown begins (or the listener is closed), each connection a task of
     * the tracker; then refuses connects and gives the connections the grace before they are
     * cancelled. Answers how many connections it accepted, once every one has ended.
     */
    private Future<Long> acceptLoop() {
        return Coroutine.async(() -> {
            TaskTracker tracker = TaskTracker.open(c -> c.withName("connections"));
            connections = tracker;
            long accepted = 0;
            try (listener) {
                while (true) {
                    TcpStream s = await(shutdown.token().runUntilCancelled(listener.accept()));
                    accepted++;
                    try {
                        s.setNoDelay(true);
                    } catch (IOException gone) { // the peer is gone already: skip it
                        s.close();
                        continue;
                    }
                    tracker.spawn(echo(s));
                }
            } catch (CancellationException | ClosedChannelException stopped) {
                // the shutdown began, or the listener was closed: no more connections
            } finally {
                shutdown.token().cancel();
                await(tracker.shutdown(shutdown.grace())); // suspends the coroutine until every connection ended
            }
            return accepted;
        });
    }

    /** Echoes one connection until the peer ends its output; a reset ends only this coroutine. */
    static Future<Void> echo(TcpStream s) {
        return Coroutine.async(() -> {
            try (s) {
                byte[] buf = new byte[4096];
                for (int n; (n = await(s.read(buf, 0, buf.length))) > 0; ) {
                    await(s.writeAll(buf, 0, n));
                }
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
     * Shuts the server down gracefully, as {@link WovenEchoServer#shutdown} does. Never blocks.
     *
     * @param grace how long the connections may take to end on their own
     * @return the server's task: complete once every connection task has ended
     */
    public Task<Long> shutdown(Duration grace) {
        shutdown.begin(grace);
        return server;
    }

    /** @return how many connection tasks are alive */
    public int connections() {
        TaskTracker t = connections;
        return t == null ? 0 : t.active();
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
     * Serves 127.0.0.1 on the given port until the process is stopped (then gracefully).
     *
     * @param args the port (default 7001)
     * @throws Exception if the port cannot be bound
     */
    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 7001;
        CoroutineEchoServer s = start(new InetSocketAddress("127.0.0.1", port));
        System.out.println("Weft coroutine echo server on 127.0.0.1:" + s.port() + " (Ctrl-C to stop)");
        Shutdown.onExit(s::shutdown);
        Weft.blockOn(s.server);
    }
}
