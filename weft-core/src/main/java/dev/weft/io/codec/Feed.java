package dev.weft.io.codec;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import java.io.IOException;

/**
 * The future of {@link FramedWriter#feed} and {@link FramedWriter#send}: buffers the frame, then
 * (for a send) flushes. {@code fed} is set in the poll that buffered the frame, so a later poll
 * only flushes.
 */
final class Feed<T> implements IoFuture<Void> {
    private final FramedWriter<T> writer;
    private final T frame;
    private final boolean thenFlush;
    private boolean fed;

    Feed(FramedWriter<T> writer, T frame, boolean thenFlush) {
        this.writer = writer;
        this.frame = frame;
        this.thenFlush = thenFlush;
    }

    @Override
    public Poll<Void> poll(Context cx) throws IOException {
        if (!fed) {
            if (writer.pollFeed(cx, frame).isPending()) return Poll.pending();
            fed = true;
        }
        return thenFlush ? writer.pollFlush(cx) : Poll.ready(null);
    }
}
