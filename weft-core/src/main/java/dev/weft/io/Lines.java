package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.future.Stream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;

/**
 * The stream of {@link AsyncIo#lines(AsyncBufRead, Charset)}: each element is one line without
 * its {@code "\n"} or {@code "\r\n"}; a last line without a terminator is an element too.
 *
 * <p>State (owner thread only): {@code line} holds the bytes of the line being assembled across
 * polls, so a pending poll loses nothing; {@code done} once the end was answered.
 */
final class Lines implements Stream<String> {
    private final AsyncBufRead in;
    private final Charset charset;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean done;

    Lines(AsyncBufRead in, Charset charset) {
        this.in = in;
        this.charset = charset;
    }

    @Override
    public Poll<String> pollNext(Context cx) throws IOException {
        if (done) return Stream.end();
        while (true) {
            Poll<ByteBuffer> p = in.pollFillBuf(cx);
            if (!(p instanceof Poll.Ready<ByteBuffer>(ByteBuffer b))) return Poll.pending();
            if (!b.hasRemaining()) {
                if (line.size() == 0) {
                    done = true;
                    return Stream.end();
                }
                return Poll.ready(take());
            }
            int start = b.position();
            int end = b.limit();
            for (int i = start; i < end; i++) {
                if (b.get(i) == '\n') {
                    line.writeBytes(slice(b, start, i));
                    in.consume(i - start + 1);
                    return Poll.ready(take());
                }
            }
            line.writeBytes(slice(b, start, end));
            in.consume(end - start);
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
