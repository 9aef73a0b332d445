package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/** The future of {@link AsyncIo#readExact(AsyncRead, ByteBuffer)}: reads until {@code dst} is full. */
final class ReadExact implements IoFuture<Void> {
    private final AsyncRead reader;
    private final ByteBuffer dst;

    ReadExact(AsyncRead reader, ByteBuffer dst) {
        this.reader = reader;
        this.dst = dst;
    }

    @Override
    public Poll<Void> poll(Context cx) throws IOException {
        while (dst.hasRemaining()) {
            Poll<Integer> p = reader.pollRead(cx, dst);
            if (p instanceof Poll.Ready<Integer>(Integer n)) {
                if (n < 0) throw new EOFException("stream ended with " + dst.remaining() + " bytes still to read");
            } else {
                return Poll.pending();
            }
        }
        return Poll.ready(null);
    }
}
