package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;

/** The future of {@link AsyncIo#flush(AsyncWrite)} and {@link AsyncIo#shutdown(AsyncWrite)}. */
final class Flush implements IoFuture<Void> {
    private final AsyncWrite writer;
    private final boolean shutdown;

    Flush(AsyncWrite writer, boolean shutdown) {
        this.writer = writer;
        this.shutdown = shutdown;
    }

    @Override
    public Poll<Void> poll(Context cx) throws IOException {
        return shutdown ? writer.pollShutdown(cx) : writer.pollFlush(cx);
    }
}
