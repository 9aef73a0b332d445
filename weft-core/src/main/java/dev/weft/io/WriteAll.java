package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;
import java.nio.ByteBuffer;

/** The future of {@link AsyncIo#writeAll(AsyncWrite, ByteBuffer)}: writes until {@code src} is empty. */
final class WriteAll implements IoFuture<Void> {
    private final AsyncWrite writer;
    private final ByteBuffer src;

    WriteAll(AsyncWrite writer, ByteBuffer src) {
        this.writer = writer;
        this.src = src;
    }

    @Override
    public Poll<Void> poll(Context cx) throws IOException {
        while (src.hasRemaining()) {
            Poll<Integer> p = writer.pollWrite(cx, src);
            if (p instanceof Poll.Ready<Integer>(Integer n)) {
                if (n == 0) throw new IOException("writer accepted no bytes");
            } else {
                return Poll.pending();
            }
        }
        return Poll.ready(null);
    }
}
