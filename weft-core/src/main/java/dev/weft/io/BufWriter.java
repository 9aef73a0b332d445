package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.internal.Drain;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Adds a buffer to an {@link AsyncWrite}: small writes are collected and handed on in larger
 * pieces when the buffer is full, on {@link #pollFlush(Context)} and on
 * {@link #pollShutdown(Context)}.
 *
 * {@snippet :
 * BufWriter out = new BufWriter(socket);
 * await(AsyncIo.writeAll(out, ByteBuffer.wrap("line 1\n".getBytes())));
 * await(AsyncIo.writeAll(out, ByteBuffer.wrap("line 2\n".getBytes())));
 * await(AsyncIo.flush(out)); // both lines go out in one write
 * }
 *
 * <p>Bytes still buffered are not written unless flushed: flush (or shut down) before dropping
 * the writer. Writes larger than the buffer, made while it is empty, go straight through; a
 * write that does not fit in what is left goes out together with the buffered bytes, in one
 * gathering write ({@link AsyncWrite#pollWriteVectored}: one {@code send} on a socket, not two).
 * Not thread-safe: one task writes at a time.
 */
public final class BufWriter implements AsyncWrite {
    private final AsyncWrite inner;
    private final ByteBuffer buf;
    /** {buf, the write's src} for a gathering write; the second slot is cleared after each. */
    private final ByteBuffer[] pair;

    /** @param inner the sink to buffer, with an 8 KiB buffer */
    public BufWriter(AsyncWrite inner) {
        this(inner, BufReader.DEFAULT_CAPACITY);
    }

    /**
     * @param inner the sink to buffer
     * @param capacity the buffer size in bytes
     */
    public BufWriter(AsyncWrite inner, int capacity) {
        if (capacity <= 0) throw new IllegalArgumentException("capacity " + capacity);
        this.inner = inner;
        this.buf = ByteBuffer.allocate(capacity); // write mode: [0, position) is buffered
        this.pair = new ByteBuffer[] {buf, null};
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        if (!src.hasRemaining()) return Poll.ready(0);
        if (buf.position() == 0 && src.remaining() >= buf.capacity()) return inner.pollWrite(cx, src);
        if (src.remaining() > buf.remaining()) {
            // would not fit: hand on what is buffered and src together, in one gathering write
            int before = src.position();
            buf.flip();
            Poll<Long> p;
            try {
                pair[0] = buf;
                pair[1] = src;
                p = inner.pollWriteVectored(cx, pair);
            } finally {
                pair[1] = null;
                buf.compact();
            }
            if (p.isPending()) return Poll.pending();
            if (src.position() > before) return Poll.ready(src.position() - before);
            // only buffered bytes went out: there is room now, buffer src below
        }
        if (!buf.hasRemaining() && pollDrain(cx).isPending()) return Poll.pending();
        int n = Math.min(buf.remaining(), src.remaining());
        buf.put(buf.position(), src, src.position(), n).position(buf.position() + n);
        src.position(src.position() + n);
        return Poll.ready(n);
    }

    @Override
    public Poll<Void> pollFlush(Context cx) throws IOException {
        if (pollDrain(cx).isPending()) return Poll.pending();
        return inner.pollFlush(cx);
    }

    @Override
    public Poll<Void> pollShutdown(Context cx) throws IOException {
        if (pollDrain(cx).isPending()) return Poll.pending();
        return inner.pollShutdown(cx);
    }

    /** @return how many bytes are buffered and not yet handed on */
    public int buffered() {
        return buf.position();
    }

    /** Hands every buffered byte to the inner sink. */
    private Poll<Void> pollDrain(Context cx) throws IOException {
        return Drain.poll(inner, buf, cx);
    }
}
