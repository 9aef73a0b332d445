package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;

/** The future of {@link AsyncIo#read(AsyncRead, java.nio.ByteBuffer)}: one {@code pollRead}. */
final class Read implements IoFuture<Integer> {
    private final AsyncRead reader;
    private final java.nio.ByteBuffer dst;

    Read(AsyncRead reader, java.nio.ByteBuffer dst) {
        this.reader = reader;
        this.dst = dst;
    }

    @Override
    public Poll<Integer> poll(Context cx) throws IOException {
        return reader.pollRead(cx, dst);
    }
}
