package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** The future of {@link AsyncIo#readToEnd(AsyncRead)}: reads into a growing array until the end. */
final class ReadToEnd implements IoFuture<byte[]> {
    private final AsyncRead reader;
    private ByteBuffer buf = ByteBuffer.allocate(8192);

    ReadToEnd(AsyncRead reader) {
        this.reader = reader;
    }

    @Override
    public Poll<byte[]> poll(Context cx) throws IOException {
        while (true) {
            if (!buf.hasRemaining()) {
                ByteBuffer bigger = ByteBuffer.allocate(buf.capacity() * 2);
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
