package dev.weft.net.tls;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import dev.weft.time.Sleep;
import dev.weft.time.Time;
import java.io.IOException;
import java.time.Duration;

/**
 * The future of a connector's or acceptor's handshake: first the stream (a connect, or a peek at
 * the ClientHello), then its handshake, all under one time limit. On a failure, the time limit
 * or {@link #cancel()}, the connection is closed: nothing is left behind.
 *
 * <h2>State (owner thread only)</h2>
 * <pre>
 * opening   the future of the stream, until it completes; then null
 * tls       the stream once made, owned by this future until it completes with it
 * deadline  the time limit's sleep, made on the first poll; null if none
 * done      true once completed, failed or cancelled
 * </pre>
 */
final class Handshake implements IoFuture<TlsStream> {
    /** How the stream is made, and how what is half made is dropped if that never completes. */
    interface Opening extends IoFuture<TlsStream> {
        /** Closes what this opening holds (a connection accepted or connected, not yet a stream). */
        void abandon();
    }

    private final Duration limit;
    private Opening opening;
    private TlsStream tls;
    private Sleep deadline;
    private boolean done;

    Handshake(Opening opening, Duration limit) {
        this.opening = opening;
        this.limit = limit;
    }

    @Override
    public Poll<TlsStream> poll(Context cx) throws IOException {
        if (done) throw new IllegalStateException("polled after it completed");
        if (deadline == null && limit != null) deadline = Time.sleep(limit);
        try {
            if (opening != null) {
                if (!(opening.poll(cx) instanceof Poll.Ready<TlsStream>(TlsStream made))) return timeLeft(cx);
                opening = null;
                tls = made;
            }
            if (tls.driver().pollHandshake(cx) instanceof Poll.Pending) return timeLeft(cx);
        } catch (IOException | RuntimeException e) {
            drop();
            throw e;
        }
        done = true;
        if (deadline != null) deadline.cancel();
        return Poll.ready(tls);
    }

    /** Pending, unless the time limit ran out: then the connection is closed and the failure thrown. */
    private Poll<TlsStream> timeLeft(Context cx) throws IOException {
        if (deadline == null || deadline.poll(cx) instanceof Poll.Pending) return Poll.pending();
        drop();
        throw new TlsHandshakeTimeoutException("the TLS handshake did not complete within " + limit);
    }

    @Override
    public void cancel() {
        if (!done) drop();
    }

    private void drop() {
        done = true;
        if (deadline != null) deadline.cancel();
        if (opening != null) {
            opening.cancel();
            opening.abandon();
        }
        if (tls != null) closeQuietly(tls);
    }

    /** Closes a connection given up on; what the caller gets is why, not how the close went. */
    static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // the handshake's failure is what the caller gets
        }
    }
}
