package dev.weft.io.codec;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncWrite;
import dev.weft.io.IoFuture;
import dev.weft.io.internal.Drain;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Sends frames over a byte stream: encodes them with an {@link Encoder} into a buffer of its own
 * and writes that to an {@link AsyncWrite} (Tokio's {@code FramedWrite}).
 *
 * {@snippet :
 * FramedWriter<String> out = new FramedWriter<>(socket, LineCodec.utf8(1024));
 * await(out.feed("first"));  // buffered
 * await(out.feed("second")); // buffered
 * await(out.flush());        // both lines go out in one write
 * await(out.send("third"));  // feed, then flush
 * }
 *
 * <ul>
 *   <li><em>What wakes its futures:</em> the writer, whose {@code pollWrite} and
 *       {@code pollFlush} answered pending (for a socket: the reactor, once the socket takes more);
 *       a {@link #feed} that finds room in the buffer completes on its first poll.</li>
 *   <li><em>What they throw:</em> what the writer throws, and what the encoder throws for a frame
 *       it refuses ({@link dev.weft.io.LimitExceededException}, {@link IllegalArgumentException}):
 *       a refused frame leaves nothing of it in the buffer, and the writer stays usable.</li>
 *   <li><em>Cancel safety:</em> a {@link #feed} puts its frame in the buffer whole, in the poll it
 *       completes, so cancelled before that nothing of the frame was buffered or sent. A
 *       {@link #send} cancelled while it flushes leaves its frame in the buffer, where the next
 *       {@code flush} or {@code send} writes it. Bytes the writer took are gone either way: a
 *       cancelled {@link #flush} may have written part of the buffer, and the rest stays.</li>
 *   <li><em>Memory:</em> the buffer holds 8 KiB; for a frame that needs more it grows, never
 *       past the encoder's {@link Encoder#maxFrameBytes()}, and shrinks back once that frame is
 *       written out. A feed that does not fit in what is left first writes out what the buffer
 *       holds.</li>
 * </ul>
 *
 * <p>Buffered frames are not written unless flushed: flush (or shut down) before dropping the
 * writer. Not thread-safe: one task sends at a time, and one future of this writer is polled at a
 * time.
 *
 * @param <T> the frame type
 */
public final class FramedWriter<T> {
    private static final int BASE_CAPACITY = 8192;

    private final AsyncWrite out;
    private final Encoder<? super T> encoder;
    private final int maxFrameBytes;
    /** Write mode: {@code [0, position)} holds encoded bytes not yet written. */
    private ByteBuffer buf;

    /**
     * @param out the sink of bytes
     * @param encoder how frames become bytes; this writer's own
     */
    public FramedWriter(AsyncWrite out, Encoder<? super T> encoder) {
        int max = encoder.maxFrameBytes();
        if (max < 1) throw new IllegalArgumentException(encoder + " has a maxFrameBytes of " + max);
        this.out = out;
        this.encoder = encoder;
        this.maxFrameBytes = max;
        this.buf = ByteBuffer.allocate(BASE_CAPACITY);
    }

    /**
     * Puts {@code frame} in the buffer, once there is room: completes without writing anything if
     * the buffer has room; if not, completes once the buffered bytes went out and the frame was
     * encoded. Cancel-safe: the frame is buffered whole in the poll that completes, or not at all.
     *
     * @param frame the frame
     * @return a future completing once the frame is buffered
     */
    public IoFuture<Void> feed(T frame) {
        return new Feed<>(this, frame, false);
    }

    /**
     * Feeds {@code frame}, then flushes: completes once the frame (and everything buffered before
     * it) was handed to the writer and flushed. Cancelled after the frame was buffered, the frame
     * stays buffered for the next flush.
     *
     * @param frame the frame
     * @return a future completing once the frame was written and flushed
     */
    public IoFuture<Void> send(T frame) {
        return new Feed<>(this, frame, true);
    }

    /**
     * Writes out everything buffered, then flushes the writer. A cancel leaves what was not
     * written yet in the buffer.
     *
     * @return a future completing once flushed
     */
    public IoFuture<Void> flush() {
        return new Flush(this, false);
    }

    /**
     * Flushes, then shuts the writer down (a socket's write half closes). A cancel leaves what was
     * not written yet in the buffer.
     *
     * @return a future completing once shut down
     */
    public IoFuture<Void> shutdown() {
        return new Flush(this, true);
    }

    /**
     * Buffers {@code frame} if there is room, writing out what is buffered first if not: the poll
     * method behind {@link #feed}, for hand-written futures.
     *
     * @param cx the context of the polling task
     * @param frame the frame
     * @return ready once the frame is buffered; pending (nothing of the frame buffered) while the
     *     writer applies backpressure
     * @throws IOException what the writer or the encoder throws
     */
    public Poll<Void> pollFeed(Context cx, T frame) throws IOException {
        while (true) {
            int mark = buf.position();
            boolean written = false;
            try {
                written = encoder.encode(frame, buf);
            } finally {
                if (!written) buf.position(mark);
            }
            if (written) return Poll.ready(null);
            if (mark > 0) {
                if (pollDrain(cx).isPending()) return Poll.pending();
            } else if (buf.capacity() < maxFrameBytes) {
                buf = ByteBuffer.allocate((int) Math.min(2L * buf.capacity(), maxFrameBytes));
            } else {
                throw new IllegalStateException(encoder + " did not encode a frame into " + buf.capacity()
                        + " bytes, its maxFrameBytes, and did not refuse it either");
            }
        }
    }

    /**
     * Writes out everything buffered, then flushes the writer: the poll method behind
     * {@link #flush()}.
     *
     * @param cx the context of the polling task
     * @return ready once flushed, or pending
     * @throws IOException what the writer throws
     */
    public Poll<Void> pollFlush(Context cx) throws IOException {
        if (pollDrain(cx).isPending()) return Poll.pending();
        return out.pollFlush(cx);
    }

    /**
     * Writes out everything buffered, then shuts the writer down: the poll method behind
     * {@link #shutdown()}.
     *
     * @param cx the context of the polling task
     * @return ready once shut down, or pending
     * @throws IOException what the writer throws
     */
    public Poll<Void> pollShutdown(Context cx) throws IOException {
        if (pollDrain(cx).isPending()) return Poll.pending();
        return out.pollShutdown(cx);
    }

    /** @return how many encoded bytes wait in the buffer, not yet handed to the writer */
    public int buffered() {
        return buf.position();
    }

    /** Hands every buffered byte to the writer; once all went out, a grown buffer shrinks back. */
    private Poll<Void> pollDrain(Context cx) throws IOException {
        if (Drain.poll(out, buf, cx).isPending()) return Poll.pending();
        if (buf.capacity() > BASE_CAPACITY) buf = ByteBuffer.allocate(BASE_CAPACITY);
        return Poll.ready(null);
    }
}
