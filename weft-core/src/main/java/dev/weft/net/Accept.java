package dev.weft.net;

import dev.weft.io.IoFuture;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Coop;
import dev.weft.net.internal.Source;
import dev.weft.time.Sleep;
import dev.weft.time.Time;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The future of a listener's {@code accept()}: take a pending connection, wait for one, or pause
 * after a passing error ({@link AcceptBackoff}).
 *
 * <h2>State (owner thread only)</h2>
 * <pre>
 * waiting   holds the listener source's read slot           -> on readiness: accept again
 * pause     a sleep after a passing error, else null        -> when it expires: accept again
 * backoff   the last pause, null after a success
 * </pre>
 * Completing (with a connection or an error) and {@link #cancel()} give the slot back and drop
 * the pause, so nothing stays registered.
 *
 * @param <S> the stream type the accepted channel is wrapped in
 */
final class Accept<S> implements IoFuture<S> {
    /** Wraps a registered, connected channel into a stream. */
    @FunctionalInterface
    interface Wrap<S> {
        S wrap(Async<SocketChannel> io) throws IOException;
    }

    private final Async<ServerSocketChannel> io;
    private final AtomicLong errors;
    private final Wrap<S> wrap;
    private boolean waiting;
    private Sleep pause;
    private Duration backoff;

    Accept(Async<ServerSocketChannel> io, AtomicLong errors, Wrap<S> wrap) {
        this.io = io;
        this.errors = errors;
        this.wrap = wrap;
    }

    @Override
    public Poll<S> poll(Context cx) throws IOException {
        while (true) {
            if (pause != null) {
                if (pause.poll(cx).isPending()) return Poll.pending();
                pause = null;
            }
            SocketChannel ch;
            try {
                ch = io.get().accept();
            } catch (ClosedChannelException e) {
                cancel();
                throw e;
            } catch (IOException e) {
                if (!AcceptBackoff.isPassing(e)) {
                    cancel();
                    throw e;
                }
                errors.incrementAndGet();
                backoff = AcceptBackoff.next(backoff);
                pause = Time.sleep(backoff);
                continue;
            }
            if (ch != null) {
                cancel();
                Coop.proceed(cx);
                try {
                    return Poll.ready(wrap.wrap(Async.of(ch)));
                } catch (IOException | RuntimeException e) {
                    ch.close();
                    throw e;
                }
            }
            if (!io.source().register(Source.READ, this, cx.waker())) throw new ClosedChannelException();
            waiting = true;
            return Poll.pending();
        }
    }

    @Override
    public void cancel() {
        if (waiting) {
            waiting = false;
            io.source().deregister(Source.READ, this);
        }
        if (pause != null) {
            pause.cancel();
            pause = null;
        }
    }
}
