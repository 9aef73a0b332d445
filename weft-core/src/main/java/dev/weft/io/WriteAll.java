package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The future of {@link AsyncIo#writeAll(AsyncWrite, ByteBuffer)} and
 * {@link AsyncIo#writeAll(AsyncWrite, ByteBuffer...)}: writes until every buffer is empty, with
 * gathering writes ({@link AsyncWrite#pollWriteVectored}) when there are several.
 */
final class WriteAll implements IoFuture<Void> {
    private final AsyncWrite writer;
    private final ByteBuffer src;
    private final ByteBuffer[] srcs;

    WriteAll(AsyncWrite writer, ByteBuffer src) {
        this.writer = writer;
        this.src = src;
        this.srcs = null;
    }

    WriteAll(AsyncWrite writer, ByteBuffer[] srcs) {
        this.writer = writer;
        this.src = null;
        this.srcs = srcs;
    }

    @Override
    public Poll<Void> poll(Context cx) throws IOException {
        if (srcs != null) return pollVectored(cx);
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

    private Poll<Void> pollVectored(Context cx) throws IOException {
        while (hasRemaining()) {
            Poll<Long> p = writer.pollWriteVectored(cx, srcs);
            if (p instanceof Poll.Ready<Long>(Long n)) {
                if (n == 0) throw new IOException("writer accepted no bytes");
            } else {
                return Poll.pending();
            }
        }
        return Poll.ready(null);
    }

    private boolean hasRemaining() {
        for (ByteBuffer b : srcs) if (b.hasRemaining()) return true;
        return false;
    }
}
