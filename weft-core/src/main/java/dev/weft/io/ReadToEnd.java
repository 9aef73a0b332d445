package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The future of {@link AsyncIo#readToEnd(AsyncRead, int)}: reads into a growing array until the
 * end, failing with {@link LimitExceededException} once more than {@code maxBytes} arrived.
 */
final class ReadToEnd implements IoFuture<byte[]> {
    private final AsyncRead reader;
    private final int maxBytes;
    private ByteBuffer buf;

    ReadToEnd(AsyncRead reader, int maxBytes) {
        if (maxBytes < 0 || maxBytes == Integer.MAX_VALUE) throw new IllegalArgumentException("maxBytes must be 0 to 2^31-2: " + maxBytes);
        this.reader = reader;
        this.maxBytes = maxBytes;
        this.buf = ByteBuffer.allocate(Math.min(8192, maxBytes + 1));
    }

    @Override
    public Poll<byte[]> poll(Context cx) throws IOException {
        while (true) {
            if (!buf.hasRemaining()) {
                if (buf.capacity() > maxBytes) {
                    buf = ByteBuffer.allocate(0);
                    throw new LimitExceededException("maxBytes", maxBytes, "the stream");
                }
                // one byte past the limit is room enough to see that the stream goes on
                ByteBuffer bigger = ByteBuffer.allocate((int) Math.min((long) buf.capacity() * 2, maxBytes + 1L));
                bigger.put(buf.flip());
                buf = bigger;
            }
            Poll<Integer> p = reader.pollRead(cx, buf);
            if (p instanceof Poll.Ready<Integer>(Integer n)) {
                if (n < 0) return Poll.ready(Arrays.copyOf(buf.array(), buf.position()));
            } else {
                return Poll.pending();
            }
        }
    }
}
