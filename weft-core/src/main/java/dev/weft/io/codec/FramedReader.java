package dev.weft.io.codec;

import dev.weft.future.AsyncStream;
import dev.weft.future.FallibleStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncRead;
import dev.weft.io.LimitExceededException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The frames of a byte stream: an {@link AsyncStream} that reads from an {@link AsyncRead} and
 * cuts what arrives into frames with a {@link Decoder} (Tokio's {@code FramedRead}). It declares
 * its failure ({@link FallibleStream}): an await of {@link #nextOrNull()} throws
 * {@code IOException}, so a {@code catch (LimitExceededException e)} around it compiles.
 *
 * {@snippet :
 * FramedReader<String> lines = new FramedReader<>(socket, LineCodec.utf8(1024));
 * for (String line; (line = await(lines.nextOrNull())) != null; ) {
 *     System.out.println(line);
 * }
 * }
 *
 * <ul>
 *   <li><em>What wakes it:</em> {@link #pollNext(Context)} reads only when the bytes it holds do
 *       not make a frame, so a poll that answers pending was answered pending by the reader, which
 *       wakes the task (for a socket: the reactor, once bytes arrive).</li>
 *   <li><em>The end:</em> the end of the input, once the decoder answers no more frames from the
 *       bytes left ({@link Decoder#decodeEof(ByteBuffer)}); bytes of a truncated frame fail with
 *       {@link java.io.EOFException} instead of being dropped.</li>
 *   <li><em>What it throws:</em> what the reader and the decoder throw:
 *       {@link LimitExceededException} for a frame longer than the decoder's limit,
 *       {@link dev.weft.io.InvalidDataException} for bytes that are not a frame, the reader's own
 *       {@code IOException}s. Any of them ends the stream: later polls answer the end.</li>
 *   <li><em>Cancel safety:</em> bytes received and not yet decoded stay in this reader's buffer
 *       between polls, so a pending poll loses nothing, and an abandoned {@link #next()} or
 *       {@link #nextOrNull()} leaves the stream where it was. There is no registration of its own
 *       to undo: {@link #cancel()} does nothing.</li>
 *   <li><em>Memory:</em> the buffer starts at 8 KiB (or the decoder's {@link Decoder#maxFrameBytes()}
 *       if smaller) and doubles while a frame does not fit, never past the decoder's bound; a
 *       decoder that answers {@code null} with that many bytes in hand fails with
 *       {@link LimitExceededException} too.</li>
 * </ul>
 *
 * <p>Not thread-safe: one task polls it, as with any stream.
 *
 * @param <T> the frame type
 */
public final class FramedReader<T> implements FallibleStream<T, IOException> {
    private static final int INITIAL_CAPACITY = 8192;

    private final AsyncRead in;
    private final Decoder<? extends T> decoder;
    private final int maxFrameBytes;
    /** Read mode: {@code [position, limit)} holds the bytes received and not yet decoded. */
    private ByteBuffer buf;
    /** Whether bytes arrived since the decoder last answered {@code null}: only then is it asked again. */
    private boolean fresh;
    /** Whether the input has ended. */
    private boolean inputEnded;
    /** Whether the stream has ended (answered its end, or thrown). */
    private boolean done;

    /**
     * @param in the source of bytes
     * @param decoder how they are cut into frames; this reader's own (a decoder keeps state)
     */
    public FramedReader(AsyncRead in, Decoder<? extends T> decoder) {
        int max = decoder.maxFrameBytes();
        if (max < 1) throw new IllegalArgumentException(decoder + " has a maxFrameBytes of " + max);
        this.in = in;
        this.decoder = decoder;
        this.maxFrameBytes = max;
        this.buf = ByteBuffer.allocate(Math.min(INITIAL_CAPACITY, max)).flip();
    }

    @Override
    public Poll<T> pollNext(Context cx) throws IOException {
        if (done) return AsyncStream.end();
        try {
            return pollFrame(cx);
        } catch (IOException | RuntimeException e) {
            end();
            throw e;
        }
    }

    private Poll<T> pollFrame(Context cx) throws IOException {
        while (true) {
            if (inputEnded) {
                T frame = decoder.decodeEof(buf);
                if (frame != null) return Poll.ready(frame);
                if (buf.hasRemaining()) throw new IllegalStateException(decoder + " left " + buf.remaining() + " bytes at the end of the input");
                end();
                return AsyncStream.end();
            }
            if (fresh) {
                T frame = decoder.decode(buf);
                if (frame != null) return Poll.ready(frame);
                fresh = false;
            }
            if (!buf.hasRemaining()) buf.limit(0); // all decoded: read from the front again
            else if (buf.limit() == buf.capacity()) makeRoom();
            int start = buf.position();
            buf.position(buf.limit()).limit(buf.capacity()); // write mode after the bytes held
            Poll<Integer> p;
            try {
                p = in.pollRead(cx, buf);
            } finally {
                buf.limit(buf.position()).position(start);
            }
            if (!(p instanceof Poll.Ready<Integer>(Integer n))) return Poll.pending();
            if (n < 0) inputEnded = true;
            else if (n == 0) throw new IOException(in + " read no bytes into a buffer with room");
            else fresh = true;
        }
    }

    /** Moves the bytes held to the front of the buffer, or grows it, or fails: the frame is too long. */
    private void makeRoom() throws LimitExceededException {
        if (buf.position() > 0) {
            buf.compact().flip();
        } else if (buf.capacity() < maxFrameBytes) {
            ByteBuffer bigger = ByteBuffer.allocate((int) Math.min(2L * buf.capacity(), maxFrameBytes));
            buf = bigger.put(buf).flip();
        } else {
            throw new LimitExceededException("maxFrameBytes", maxFrameBytes, "a frame");
        }
    }

    /** Ends the stream and lets go of the buffer. */
    private void end() {
        done = true;
        buf = ByteBuffer.allocate(0);
    }

    /** @return how many bytes were received and not yet decoded: never more than the decoder's {@link Decoder#maxFrameBytes()} */
    public int buffered() {
        return buf.remaining();
    }

    /**
     * Ends this stream and hands over the bytes it received and did not decode: for a protocol
     * that changes its framing part way (the body after an HTTP head, say), which goes on reading
     * the same source after these bytes.
     *
     * {@snippet :
     * FramedReader<String> head = new FramedReader<>(socket, LineCodec.of(StandardCharsets.ISO_8859_1, 8192));
     * for (String line; (line = await(head.nextOrNull())) != null && !line.isEmpty(); ) { } // the head
     * byte[] bodyStart = head.takeBuffered(); // then the rest: these bytes, and the socket's
     * }
     *
     * @return the bytes, possibly none
     */
    public byte[] takeBuffered() {
        byte[] out = new byte[buf.remaining()];
        buf.get(out);
        end();
        return out;
    }
}
