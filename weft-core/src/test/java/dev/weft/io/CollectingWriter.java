package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/** An in-memory {@link AsyncWrite} taking at most {@code chunk} bytes per write, pending every other call. */
final class CollectingWriter implements AsyncWrite {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final int chunk;
    private boolean pendingNext = true;
    int writes;
    int flushes;
    boolean shut;

    CollectingWriter(int chunk) {
        this.chunk = chunk;
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) {
        if (shut) throw new IllegalStateException("write after shutdown");
        if (pendingNext) {
            pendingNext = false;
            cx.waker().wake();
            return Poll.pending();
        }
        pendingNext = true;
        int n = Math.min(chunk, src.remaining());
        byte[] b = new byte[n];
        src.get(b);
        out.writeBytes(b);
        writes++;
        return Poll.ready(n);
    }

    @Override
    public Poll<Void> pollFlush(Context cx) {
        flushes++;
        return Poll.ready(null);
    }

    @Override
    public Poll<Void> pollShutdown(Context cx) {
        shut = true;
        return Poll.ready(null);
    }
}
