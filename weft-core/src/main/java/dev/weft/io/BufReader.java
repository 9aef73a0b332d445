package dev.weft.io;

import dev.weft.future.FallibleStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Adds a buffer to an {@link AsyncRead}: fewer, larger reads of the inner source, and the
 * {@link AsyncBufRead} view that {@link #lines()} needs.
 *
 * {@snippet :
 * BufReader in = new BufReader(socket);
 * FallibleStream<String, IOException> lines = in.lines();
 * // poll lines.pollNext(cx) until it answers AsyncStream.end(): one line per element, without
 * // "\n" / "\r\n"; bytes that are not UTF-8 end it with InvalidDataException
 * }
 *
 * <p>Reads larger than the buffer, made while it is empty, go straight to the inner source. Not
 * thread-safe: one task reads at a time, as with any stream.
 */
public final class BufReader implements AsyncBufRead {
    /** The default buffer size: 8 KiB. */
    public static final int DEFAULT_CAPACITY = 8192;

    private final AsyncRead inner;
    private final ByteBuffer buf;
    private final ByteBuffer view;
    private boolean ended;

    /** @param inner the source to buffer, with an 8 KiB buffer */
    public BufReader(AsyncRead inner) {
        this(inner, DEFAULT_CAPACITY);
    }

    /**
     * @param inner the source to buffer
     * @param capacity the buffer size in bytes
     */
    public BufReader(AsyncRead inner, int capacity) {
        if (capacity <= 0) throw new IllegalArgumentException("capacity " + capacity);
        this.inner = inner;
        this.buf = ByteBuffer.allocate(capacity).flip();
        this.view = buf.asReadOnlyBuffer();
    }

    @Override
    public Poll<ByteBuffer> pollFillBuf(Context cx) throws IOException {
        if (!buf.hasRemaining() && !ended) {
            buf.clear();
            Poll<Integer> p;
            try {
                p = inner.pollRead(cx, buf);
            } finally {
                buf.flip();
            }
            if (p instanceof Poll.Ready<Integer>(Integer n)) {
                if (n < 0) ended = true;
            } else {
                return Poll.pending();
            }
        }
        view.limit(buf.limit()).position(buf.position());
        return Poll.ready(view);
    }

    @Override
    public void consume(int n) {
        if (n < 0 || n > buf.remaining()) throw new IllegalArgumentException("consume " + n + " of " + buf.remaining());
        buf.position(buf.position() + n);
    }

    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        if (!dst.hasRemaining()) return Poll.ready(0);
        if (!buf.hasRemaining() && dst.remaining() >= buf.capacity() && !ended) return inner.pollRead(cx, dst);
        Poll<ByteBuffer> p = pollFillBuf(cx);
        if (!(p instanceof Poll.Ready<ByteBuffer>(ByteBuffer b))) return Poll.pending();
        if (!b.hasRemaining()) return Poll.ready(-1);
        int n = Math.min(b.remaining(), dst.remaining());
        dst.put(dst.position(), buf, buf.position(), n).position(dst.position() + n);
        consume(n);
        return Poll.ready(n);
    }

    /**
     * @return the lines of this reader, decoded as strict UTF-8; see
     *     {@link AsyncIo#lines(AsyncBufRead, Charset)}
     */
    public FallibleStream<String, IOException> lines() {
        return AsyncIo.lines(this, StandardCharsets.UTF_8);
    }

    /**
     * @param maxLineBytes the longest line taken; see {@link AsyncIo#lines(AsyncBufRead, Charset, int)}
     * @return the lines of this reader, decoded as strict UTF-8
     */
    public FallibleStream<String, IOException> lines(int maxLineBytes) {
        return AsyncIo.lines(this, StandardCharsets.UTF_8, maxLineBytes);
    }
}
