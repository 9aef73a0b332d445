package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A sink of bytes that is written without blocking: the asynchronous {@link java.io.OutputStream}.
 *
 * <p>{@link #pollWrite(Context, ByteBuffer)} writes as many bytes from {@code src} as can be taken
 * now (at least one), or answers pending after registering {@code cx.waker()} (backpressure).
 * {@link #pollFlush(Context)} completes once everything written has been handed on;
 * {@link #pollShutdown(Context)} flushes and then ends the output (a socket's write half closes).
 *
 * {@snippet :
 * AsyncWrite sink = new AsyncWrite() { // discards everything
 *     @Override public Poll<Integer> pollWrite(Context cx, ByteBuffer src) {
 *         int n = src.remaining(); src.position(src.limit()); return Poll.ready(n);
 *     }
 *     @Override public Poll<Void> pollFlush(Context cx) { return Poll.ready(null); }
 *     @Override public Poll<Void> pollShutdown(Context cx) { return Poll.ready(null); }
 * };
 * }
 */
public interface AsyncWrite {

    /**
     * Writes what can be taken now from {@code src}.
     *
     * @param cx the context of the polling task
     * @param src the bytes; its position advances by the count written
     * @return ready with the count written ({@code > 0} when {@code src} has bytes), or pending
     * @throws IOException if writing failed (for a socket: the peer reset the connection)
     */
    Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException;

    /**
     * Completes once all buffered bytes have been handed on.
     *
     * @param cx the context of the polling task
     * @return ready when flushed, or pending
     * @throws IOException if writing failed
     */
    Poll<Void> pollFlush(Context cx) throws IOException;

    /**
     * Flushes, then ends the output; later writes fail.
     *
     * @param cx the context of the polling task
     * @return ready when shut down, or pending
     * @throws IOException if writing failed
     */
    Poll<Void> pollShutdown(Context cx) throws IOException;
}
