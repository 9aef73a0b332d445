package dev.weft.io;

import dev.weft.future.AsyncStream;
import dev.weft.future.FallibleStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;

/**
 * The stream of {@link AsyncIo#lines(AsyncBufRead, Charset)}: each element is one line without
 * its {@code "\n"} or {@code "\r\n"}; a last line without a terminator is an element too.
 *
 * A line longer than {@code maxLineBytes} ends the stream with {@link LimitExceededException}
 * (memory stays bounded whatever a peer sends).
 *
 * <p>State (owner thread only): {@code line} holds the bytes of the line being assembled across
 * polls (never more than the limit), so a pending poll loses nothing; {@code done} once the end
 * was answered or the limit was crossed.
 */
final class Lines implements FallibleStream<String, IOException> {
    private final AsyncBufRead in;
    private final Charset charset;
    private final int maxLineBytes;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean done;

    Lines(AsyncBufRead in, Charset charset, int maxLineBytes) {
        if (maxLineBytes < 1) throw new IllegalArgumentException("maxLineBytes must be positive: " + maxLineBytes);
        this.in = in;
        this.charset = charset;
        this.maxLineBytes = maxLineBytes;
    }

    @Override
    public Poll<String> pollNext(Context cx) throws IOException {
        if (done) return AsyncStream.end();
        while (true) {
            Poll<ByteBuffer> p = in.pollFillBuf(cx);
            if (!(p instanceof Poll.Ready<ByteBuffer>(ByteBuffer b))) return Poll.pending();
            if (!b.hasRemaining()) {
                if (line.size() == 0) {
                    done = true;
                    return AsyncStream.end();
                }
                return Poll.ready(take());
            }
            int start = b.position();
            int end = b.limit();
            for (int i = start; i < end; i++) {
                if (b.get(i) == '\n') {
                    checkLimit(i - start);
                    line.writeBytes(slice(b, start, i));
                    in.consume(i - start + 1);
                    return Poll.ready(take());
                }
            }
            checkLimit(end - start);
            line.writeBytes(slice(b, start, end));
            in.consume(end - start);
        }
    }

    /** Throws once the line would hold more than the limit (a {@code "\r"} before the {@code "\n"} counts). */
    private void checkLimit(int more) throws LimitExceededException {
        if ((long) line.size() + more > maxLineBytes) {
            line.reset();
            done = true;
            throw new LimitExceededException("maxLineBytes", maxLineBytes, "a line");
        }
    }

    private static byte[] slice(ByteBuffer b, int from, int to) {
        byte[] out = new byte[to - from];
        b.get(from, out);
        return out;
    }

    private String take() {
        byte[] bytes = line.toByteArray();
        line.reset();
        int n = bytes.length;
        if (n > 0 && bytes[n - 1] == '\r') n--;
        return new String(bytes, 0, n, charset);
    }
}
