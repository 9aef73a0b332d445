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
     * Writes what can be taken now from {@code srcs}, in order, as one write where the sink can
     * gather (a socket: one {@code send} of the buffers together instead of one per buffer). The
     * default writes from the first buffer that has bytes, through {@link #pollWrite}.
     *
     * {@snippet :
     * Poll<Long> n = sink.pollWriteVectored(cx, new ByteBuffer[] {head, body});
     * }
     *
     * @param cx the context of the polling task
     * @param srcs the buffers; their positions advance by what was written from each
     * @return ready with the count written ({@code > 0} when a buffer has bytes, {@code 0} when
     *     none has), or pending
     * @throws IOException if writing failed
     */
    default Poll<Long> pollWriteVectored(Context cx, ByteBuffer[] srcs) throws IOException {
        for (ByteBuffer b : srcs) {
            if (!b.hasRemaining()) continue;
            return pollWrite(cx, b) instanceof Poll.Ready<Integer>(Integer n) ? Poll.ready((long) n) : Poll.pending();
        }
        return Poll.ready(0L);
    }

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
