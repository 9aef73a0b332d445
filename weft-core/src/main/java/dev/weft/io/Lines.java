package dev.weft.io;

import dev.weft.future.AsyncStream;
import dev.weft.future.FallibleStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.internal.LineText;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * The stream of {@link AsyncIo#lines(AsyncBufRead, Charset)} and
 * {@link AsyncIo#lossyLines(AsyncBufRead, Charset, int)}: each element is one line without its
 * {@code "\n"} or {@code "\r\n"}; a last line without a terminator is an element too (a
 * {@code "\r"} ending it is dropped).
 *
 * A line longer than {@code maxLineBytes} (its terminator left out) ends the stream with
 * {@link LimitExceededException} (memory stays bounded whatever a peer sends); a line that is not
 * valid in the charset ends it with {@link InvalidDataException}, unless the stream is lossy.
 *
 * <p>State (owner thread only): {@code line[0, size)} holds the bytes of the line being assembled
 * across polls (never more than the limit and a {@code "\r"}), so a pending poll loses nothing;
 * {@code taken} counts the lines answered, for messages; {@code done} once the end was answered
 * or an error thrown.
 */
final class Lines implements FallibleStream<String, IOException> {
    private final AsyncBufRead in;
    private final LineText text;
    private final int maxLineBytes;
    private byte[] line = new byte[64];
    private int size;
    private long taken;
    private boolean done;

    Lines(AsyncBufRead in, Charset charset, int maxLineBytes, boolean lossy) {
        if (maxLineBytes < 1) throw new IllegalArgumentException("maxLineBytes must be positive: " + maxLineBytes);
        this.in = in;
        this.text = new LineText(charset, lossy);
        this.maxLineBytes = maxLineBytes;
    }

    @Override
    public Poll<String> pollNext(Context cx) throws IOException {
        if (done) return AsyncStream.end();
        try {
            return pollLine(cx);
        } catch (IOException | RuntimeException e) {
            done = true;
            line = new byte[0];
            size = 0;
            throw e;
        }
    }

    private Poll<String> pollLine(Context cx) throws IOException {
        while (true) {
            Poll<ByteBuffer> p = in.pollFillBuf(cx);
            if (!(p instanceof Poll.Ready<ByteBuffer>(ByteBuffer b))) return Poll.pending();
            if (!b.hasRemaining()) {
                if (size == 0) {
                    done = true;
                    return AsyncStream.end();
                }
                return Poll.ready(take());
            }
            int start = b.position();
            int end = b.limit();
            for (int i = start; i < end; i++) {
                if (b.get(i) == '\n') {
                    append(b, start, i);
                    in.consume(i - start + 1);
                    return Poll.ready(take());
                }
            }
            append(b, start, end);
            in.consume(end - start);
        }
    }

    /**
     * Adds {@code b[from, to)} to the line, or throws once the line, without a {@code "\r"} that
     * may turn out to end it, would hold more than the limit.
     */
    private void append(ByteBuffer b, int from, int to) throws LimitExceededException {
        int n = to - from;
        boolean endsWithCr = n > 0 ? b.get(to - 1) == '\r' : size > 0 && line[size - 1] == '\r';
        if ((long) size + n - (endsWithCr ? 1 : 0) > maxLineBytes) {
            throw new LimitExceededException("maxLineBytes", maxLineBytes, "a line");
        }
        if (size + n > line.length) line = Arrays.copyOf(line, Math.max(size + n, Math.min(2 * line.length, maxLineBytes + 1)));
        b.get(from, line, size, n);
        size += n;
    }

    private String take() throws InvalidDataException {
        int n = size > 0 && line[size - 1] == '\r' ? size - 1 : size;
        size = 0;
        taken++;
        return text.decode(ByteBuffer.wrap(line, 0, n), taken);
    }
}
