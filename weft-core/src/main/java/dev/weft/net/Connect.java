package dev.weft.net;

import dev.weft.io.IoFuture;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.net.internal.Source;
import dev.weft.time.Sleep;
import dev.weft.time.Time;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.time.Duration;

/**
 * The future of {@code connect()}: open a non-blocking socket on the first poll, start the
 * connect, wait for {@code OP_CONNECT}, finish it.
 *
 * <h2>State (owner thread only)</h2>
 * <pre>
 * io        null before the first poll; then the registered socket, owned by this future until
 *           it completes with it
 * timeout   a sleep for the time limit, or null (no limit)
 * </pre>
 * On an error, a time-out or {@link #cancel()}, the half-made socket is closed (which also
 * deregisters it), so nothing is left behind.
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
    private final SocketAddress address;
    private final Duration limit;
    private final Accept.Wrap<S> wrap;
    private Async<SocketChannel> io;
    private Sleep timeout;

    Connect(Open open, SocketAddress address, Duration limit, Accept.Wrap<S> wrap) {
        this.open = open;
        this.address = address;
        this.limit = limit;
        this.wrap = wrap;
    }

    @Override
    public Poll<S> poll(Context cx) throws IOException {
        try {
            if (io == null) {
                io = Async.of(open.open());
                if (limit != null) timeout = Time.sleep(limit);
                if (io.get().connect(address)) return done();
                io.source().connecting(true);
            } else if (io.get().finishConnect()) {
                return done();
            }
            if (timeout != null && timeout.poll(cx).isReady()) {
                timeout = null; // completed: must not be cancelled
                throw new SocketTimeoutException("connect to " + address + " timed out after " + limit);
            }
            if (!io.source().register(Source.WRITE, this, cx.waker())) throw new ClosedChannelException();
            return Poll.pending();
        } catch (IOException | RuntimeException e) {
            cancel();
            throw e;
        }
    }

    private Poll<S> done() throws IOException {
        io.source().deregister(Source.WRITE, this);
        io.source().connecting(false);
        if (timeout != null) {
            timeout.cancel();
            timeout = null;
        }
        Async<SocketChannel> connected = io;
        io = null;
        return Poll.ready(wrap.wrap(connected));
    }

    @Override
    public void cancel() {
        if (timeout != null) {
            timeout.cancel();
            timeout = null;
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
