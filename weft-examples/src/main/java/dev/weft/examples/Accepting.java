package dev.weft.examples;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.net.tls.TlsAcceptor;
import dev.weft.net.tls.TlsStream;
import dev.weft.scope.TaskTracker;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CancellationException;
import java.util.function.Function;

/**
 * The accept loop every example server shares, as a woven {@code Weft.async} body: one task per
 * server that owns its connections. It accepts, turns Nagle's delay off and spawns the
 * connection's task into a {@link TaskTracker}, until its {@link Shutdown} begins (or the listener
 * is closed); then it closes the listener, so that connects are refused, and shuts the tracker
 * down: the connections get the shutdown's grace to end on their own, the rest are cancelled, and
 * the loop's future is ready once every connection task has ended, its {@code finally} blocks
 * included. A socket whose peer is gone before it could be set up is closed and skipped, so one
 * reset peer never ends the loop.
 *
 * {@snippet :
 * Shutdown shutdown = new Shutdown();
 * Task<Long> server = rt.spawn(Accepting.serve(listener, shutdown, s -> serve(s, shutdown.token())));
 * shutdown.begin(Duration.ofSeconds(5));
 * rt.blockOn(server); // no connection task is left
 * }
 */
public final class Accepting {
    private Accepting() {}

    /**
     * Binds a listener on one of {@code rt}'s threads, so that it is the runtime's: on the runtime's
     * poller (native epoll where the JVM allows it; a listener bound outside any runtime is on the
     * shared NIO reactor, and so is every connection it accepts), and closed by the runtime's close.
     * On a failure to bind, {@code rt} is closed.
     *
     * {@snippet :
     * WeftRuntime rt = WeftRuntime.builder().build();
     * TcpListener l = Accepting.bindOn(rt, new InetSocketAddress("127.0.0.1", 0));
     * }
     *
     * @param rt the runtime whose listener it is
     * @param address where to listen
     * @return the listener
     * @throws IOException if the address cannot be bound (the runtime is closed then)
     */
    public static TcpListener bindOn(WeftRuntime rt, SocketAddress address) throws IOException {
        try {
            return rt.blockOn((Future<TcpListener>) cx -> Poll.ready(TcpListener.bind(address)));
        } catch (Throwable e) { // the bind's IOException too (blockOn rethrows it as it is)
            rt.close();
            throw e;
        }
    }

    /**
     * A server that runs until its listener is closed, which cancels its connections at once.
     *
     * @param listener where connections arrive
     * @param serve the task for one connection (it owns and closes the stream)
     * @return a future of how many connections were accepted, ready once the listener is closed
     *     and every connection task has ended
     */
    public static Future<Long> loop(TcpListener listener, Function<TcpStream, Future<?>> serve) {
        return serve(listener, new Shutdown(), serve);
    }

    /**
     * A server that runs until {@code shutdown} begins (or its listener is closed), then shuts
     * down gracefully. Each connection is a task of the server's tracker, spawned on the runtime
     * (or in the simulation) that runs the loop; a connection that fails ends alone, and its
     * failure goes to the runtime's failure hook.
     *
     * @param listener where connections arrive; closed when the loop ends
     * @param shutdown the order to stop, with the grace the connections get
     * @param serve the task for one connection (it owns and closes the stream, and should end
     *     once the shutdown's token is cancelled and nothing is in flight on it)
     * @return a future of how many connections were accepted, ready once every connection task
     *     has ended
     */
    public static Future<Long> serve(TcpListener listener, Shutdown shutdown, Function<TcpStream, Future<?>> serve) {
        return Weft.async(() -> {
            TaskTracker connections = TaskTracker.open(c -> c.withName("connections"));
            shutdown.track(connections);
            long accepted = 0;
            try (listener) {
                while (true) {
                    TcpStream s = await(shutdown.token().runUntilCancelled(listener.accept()));
                    accepted++;
                    try {
                        s.setNoDelay(true);
                    } catch (IOException gone) {
                        // the peer reset the connection before it was served: served all the same,
                        // so that its first read names the reset (closed here, it went unnamed)
                    }
                    connections.spawn(serve.apply(s));
                }
            } catch (CancellationException | ClosedChannelException stopped) {
                // the shutdown began, or the listener was closed: no more connections
            } finally {
                shutdown.token().cancel(); // idle connections end now, busy ones once their request is answered
                await(connections.shutdown(shutdown.grace())); // then the rest are cancelled; ready once all ended
            }
            return accepted;
        });
    }

    /**
     * As {@link #serve(TcpListener, Shutdown, Function)}, over TLS: each connection's task runs
     * the handshake with {@code tls} (under its deadline), then {@code serve} over the TLS stream.
     * A handshake that fails ends its connection alone (the acceptor closed it).
     *
     * @param listener where connections arrive
     * @param shutdown the order to stop
     * @param tls the acceptor of each handshake
     * @param serve the connection's future, given its transport
     * @return a future of how many connections were accepted
     */
    public static Future<Long> serve(TcpListener listener, Shutdown shutdown, TlsAcceptor tls, Function<Transport, Future<?>> serve) {
        return serve(listener, shutdown, s -> Weft.async(() -> {
            TlsStream secure;
            try {
                secure = await(tls.accept(s)); // under its own deadline; a shutdown cancels it after the grace
            } catch (IOException refused) {
                return null;
            }
            return await(serve.apply(Transport.of(secure)));
        }));
    }
}
