package dev.weft.io.codec;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncWrite;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/**
 * An in-memory {@link AsyncWrite} that takes at most {@code chunk} bytes per write and, if
 * {@code pushesBack}, answers pending (waking at once) before every write: backpressure. It
 * counts its writes, flushes and shutdowns.
 */
final class CollectingSink implements AsyncWrite {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final int chunk;
    private final boolean pushesBack;
    private boolean pendingNext = true;
    int writes;
    int flushes;
    boolean shut;

    CollectingSink(int chunk, boolean pushesBack) {
        this.chunk = chunk;
        this.pushesBack = pushesBack;
    }

    /** @return a sink that takes everything at once */
    static CollectingSink unbounded() {
        return new CollectingSink(Integer.MAX_VALUE, false);
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) {
        if (shut) throw new IllegalStateException("write after shutdown");
        if (pushesBack && pendingNext) {
            pendingNext = false;
            cx.waker().wake();
            return Poll.pending();
        }
        pendingNext = true;
        int n = Math.min(chunk, src.remaining());
        byte[] bytes = new byte[n];
        src.get(bytes);
        out.writeBytes(bytes);
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
