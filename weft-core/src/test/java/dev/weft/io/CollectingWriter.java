package dev.weft.io;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/**
 * An in-memory {@link AsyncWrite} taking at most {@code chunk} bytes per write, pending every other
 * call; {@link #gathering} also takes gathering writes whole (up to {@code chunk} over all the
 * buffers), counted apart.
 */
final class CollectingWriter implements AsyncWrite {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final int chunk;
    private final boolean gathers;
    private boolean pendingNext = true;
    int writes;
    int vectoredWrites;
    int flushes;
    boolean shut;

    CollectingWriter(int chunk) {
        this(chunk, false);
    }

    private CollectingWriter(int chunk, boolean gathers) {
        this.chunk = chunk;
        this.gathers = gathers;
    }

    static CollectingWriter gathering(int chunk) {
        return new CollectingWriter(chunk, true);
    }

    @Override
    public Poll<Long> pollWriteVectored(Context cx, ByteBuffer[] srcs) throws java.io.IOException {
        if (!gathers) return AsyncWrite.super.pollWriteVectored(cx, srcs);
        if (pendingNext) {
            pendingNext = false;
            cx.waker().wake();
            return Poll.pending();
        }
        pendingNext = true;
        long taken = 0;
        for (ByteBuffer b : srcs) {
            int n = (int) Math.min(chunk - taken, b.remaining());
            byte[] bytes = new byte[n];
            b.get(bytes);
            out.writeBytes(bytes);
            taken += n;
        }
        vectoredWrites++;
        return Poll.ready(taken);
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
