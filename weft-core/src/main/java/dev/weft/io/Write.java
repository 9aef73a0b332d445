package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;
import java.nio.ByteBuffer;

/** The future of {@link AsyncIo#write(AsyncWrite, ByteBuffer)}: one {@code pollWrite}. */
final class Write implements IoFuture<Integer> {
    private final AsyncWrite writer;
    private final ByteBuffer src;

    Write(AsyncWrite writer, ByteBuffer src) {
        this.writer = writer;
        this.src = src;
    }

    @Override
    public Poll<Integer> poll(Context cx) throws IOException {
        return writer.pollWrite(cx, src);
    }
}
