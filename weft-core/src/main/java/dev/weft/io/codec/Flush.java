package dev.weft.io.codec;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import java.io.IOException;

/** The future of {@link FramedWriter#flush()} and {@link FramedWriter#shutdown()}. */
final class Flush implements IoFuture<Void> {
    private final FramedWriter<?> writer;
    private final boolean shutdown;

    Flush(FramedWriter<?> writer, boolean shutdown) {
        this.writer = writer;
        this.shutdown = shutdown;
    }

    @Override
    public Poll<Void> poll(Context cx) throws IOException {
        return shutdown ? writer.pollShutdown(cx) : writer.pollFlush(cx);
    }
}
