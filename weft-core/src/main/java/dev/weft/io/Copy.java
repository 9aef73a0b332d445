package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The future of {@link AsyncIo#copy(AsyncRead, AsyncWrite)}.
 *
 * <p>State (owner thread only): {@code buf} holds bytes read but not yet written (read mode when
 * {@code draining}); {@code ended} once the reader reported the end; {@code total} bytes written.
 */
final class Copy implements IoFuture<Long> {
    private final AsyncRead reader;
    private final AsyncWrite writer;
    private final ByteBuffer buf = ByteBuffer.allocate(16 * 1024);
    private boolean draining;
    private boolean ended;
    private long total;

    Copy(AsyncRead reader, AsyncWrite writer) {
        this.reader = reader;
        this.writer = writer;
    }

    @Override
    public Poll<Long> poll(Context cx) throws IOException {
        while (true) {
            if (draining) {
                while (buf.hasRemaining()) {
                    Poll<Integer> w = writer.pollWrite(cx, buf);
                    if (!(w instanceof Poll.Ready<Integer>(Integer n))) return Poll.pending();
                    if (n == 0) throw new IOException("writer accepted no bytes");
                    total += n;
                }
                buf.clear();
                draining = false;
            }
            if (ended) {
                if (writer.pollFlush(cx).isPending()) return Poll.pending();
                return Poll.ready(total);
            }
            Poll<Integer> r = reader.pollRead(cx, buf);
            if (!(r instanceof Poll.Ready<Integer>(Integer n))) {
                // Nothing to read now: hand on what the writer buffers while we wait (a pending
                // flush has registered the waker too, which is all the waiting needs).
                writer.pollFlush(cx);
                return Poll.pending();
            }
            if (n < 0) ended = true;
            buf.flip();
            draining = true;
        }
    }
}
