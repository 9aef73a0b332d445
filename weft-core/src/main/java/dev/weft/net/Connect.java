package dev.weft.net;

import dev.weft.net.internal.nio.NioStream;
import dev.weft.io.IoFuture;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.net.internal.NetProvider;
import dev.weft.net.internal.nio.Source;
import dev.weft.net.internal.StreamEndpoint;
import dev.weft.time.Sleep;
import dev.weft.time.Time;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.time.Duration;

/**
 * The future of {@code connect()}: on the first poll, ask the runtime for a network provider
 * ({@link NetProvider}, a simulation's network) and connect through it; without one, open a
 * non-blocking socket, start the connect, wait for {@code OP_CONNECT}, finish it.
 *
 * <h2>State (owner thread only)</h2>
 * <pre>
 * started   false before the first poll
 * io        the registered real socket, owned by this future until it completes with it; or null
 * provided  the provider's connect, until it completes; or null
 * timeout   a sleep for the time limit, or null (no limit)
 * </pre>
 * On an error, a time-out or {@link #cancel()}, the half-made socket is closed (which also
 * deregisters it) or the provider's connect cancelled, so nothing is left behind.
 *
 * @param <S> the stream type
 */
final class Connect<S> implements IoFuture<S> {
    /** Opens an unconnected socket channel of the right protocol family. */
    @FunctionalInterface
    interface Open {
        SocketChannel open() throws IOException;
    }

    private final Open open;
    private final boolean simulable;
    private final SocketAddress address;
    private final Duration limit;
    private final Accept.Wrap<S> wrap;
    private boolean started;
    private Async<SocketChannel> io;
    private IoFuture<StreamEndpoint> provided;
    private Sleep timeout;

    /**
     * @param open opens the real socket
     * @param simulable whether a runtime's {@link NetProvider} serves this kind of address (TCP)
     * @param address where to connect
     * @param limit the time limit, or null
     * @param wrap makes the stream
     */
    Connect(Open open, boolean simulable, SocketAddress address, Duration limit, Accept.Wrap<S> wrap) {
        this.open = open;
        this.simulable = simulable;
        this.address = address;
        this.limit = limit;
        this.wrap = wrap;
    }

    @Override
    public Poll<S> poll(Context cx) throws IOException {
        try {
            if (!started) {
                started = true;
                NetProvider net = simulable ? NetProvider.current() : null;
                if (net != null) {
                    provided = net.connect(address);
                    if (limit != null) timeout = Time.sleep(limit);
                } else {
                    io = Async.of(open.open());
                    if (limit != null) timeout = Time.sleep(limit);
                    if (io.get().connect(address)) return done();
                    io.source().connecting(true);
                }
            } else if (io != null && io.get().finishConnect()) {
                return done();
            }
            if (provided != null) {
                Poll<StreamEndpoint> p;
                try {
                    p = provided.poll(cx);
                } catch (IOException | RuntimeException e) {
                    provided = null; // completed (with the error): must not be cancelled
                    throw e;
                }
                if (p instanceof Poll.Ready<StreamEndpoint>(StreamEndpoint s)) {
                    provided = null;
                    return done(s);
                }
            }
            if (timeout != null && timeout.poll(cx).isReady()) {
                timeout = null; // completed: must not be cancelled
                throw new SocketTimeoutException("connect to " + address + " timed out after " + limit);
            }
            if (io != null && !io.source().register(Source.WRITE, this, cx.waker())) {
                throw new ClosedChannelException();
            }
            return Poll.pending();
        } catch (IOException | RuntimeException e) {
            cancel();
            throw e;
        }
    }

    private Poll<S> done() throws IOException {
        io.source().deregister(Source.WRITE, this);
        io.source().connecting(false);
        Async<SocketChannel> connected = io;
        io = null;
        return done(new NioStream(connected.get(), connected.source()));
    }

    private Poll<S> done(StreamEndpoint connected) throws IOException {
        if (timeout != null) {
            timeout.cancel();
            timeout = null;
        }
        try {
            return Poll.ready(wrap.wrap(connected));
        } catch (IOException | RuntimeException e) {
            connected.close();
            throw e;
        }
    }

    @Override
    public void cancel() {
        if (timeout != null) {
            timeout.cancel();
            timeout = null;
        }
        if (provided != null) {
            provided.cancel();
            provided = null;
        }
        if (io != null) {
            try {
                io.close();
            } catch (IOException ignored) {
                // the connect was abandoned: the half-made socket has nothing left to report
            }
            io = null;
        }
    }
}
