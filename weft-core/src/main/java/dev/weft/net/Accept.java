package dev.weft.net;

import dev.weft.io.IoFuture;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Coop;
import dev.weft.net.internal.ListenerEndpoint;
import dev.weft.net.internal.StreamEndpoint;
import dev.weft.time.Sleep;
import dev.weft.time.Time;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The future of a listener's {@code accept()}: take a pending connection, wait for one, or pause
 * after a passing error ({@link AcceptBackoff}). The same for a real listener ({@link NioListener})
 * and a network provider's, so both get the same pause on "Too many open files".
 *
 * <h2>State (owner thread only)</h2>
 * <pre>
 * waiting   holds a slot in the listener's waiters           -> on readiness: accept again
 * pause     a sleep after a passing error, else null        -> when it expires: accept again
 * backoff   the last pause, null after a success
 * </pre>
 * Completing (with a connection or an error) and {@link #cancel()} give the slot back and drop
 * the pause, so nothing stays registered.
 *
 * @param <S> the stream type the accepted channel is wrapped in
 */
final class Accept<S> implements IoFuture<S> {
    /** Wraps a connected endpoint into a stream. */
    @FunctionalInterface
    interface Wrap<S> {
        S wrap(StreamEndpoint io) throws IOException;
    }

    private final ListenerEndpoint listener;
    private final AtomicLong errors;
    private final Wrap<S> wrap;
    private boolean waiting;
    private Sleep pause;
    private Duration backoff;

    Accept(ListenerEndpoint listener, AtomicLong errors, Wrap<S> wrap) {
        this.listener = listener;
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
            StreamEndpoint ch;
            try {
                ch = listener.accept();
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
                    return Poll.ready(wrap.wrap(ch));
                } catch (IOException | RuntimeException e) {
                    ch.close();
                    throw e;
                }
            }
            if (!listener.register(this, cx.waker())) throw new ClosedChannelException();
            waiting = true;
            return Poll.pending();
        }
    }

    @Override
    public void cancel() {
        if (waiting) {
            waiting = false;
            listener.deregister(this);
        }
        if (pause != null) {
            pause.cancel();
            pause = null;
        }
    }
}
