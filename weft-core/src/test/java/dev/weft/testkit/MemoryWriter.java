package dev.weft.testkit;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncWrite;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * An in-memory {@link AsyncWrite} for the tests of writers and codecs: it takes at most
 * {@code chunk} bytes per write and, when it pushes back, answers pending (waking at once) before
 * every write, as a socket whose send buffer is full would. {@link #gathering} also takes
 * gathering writes whole (up to {@code chunk} over all the buffers), counted apart. It counts its
 * writes, flushes and shutdowns, and refuses a write after its shutdown.
 *
 * {@snippet :
 * MemoryWriter w = MemoryWriter.pushingBack(5);
 * // ... write through it ...
 * assertThat(w.out.toString(StandardCharsets.UTF_8)).isEqualTo("hello, world");
 * }
 */
public final class MemoryWriter implements AsyncWrite {
    /** Everything written, in order. */
    public final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final int chunk;
    private final boolean pushesBack;
    private final boolean gathers;
    private boolean pendingNext = true;
    /** Plain writes taken. */
    public int writes;
    /** Gathering writes taken whole ({@link #gathering} only). */
    public int vectoredWrites;
    /** Flushes. */
    public int flushes;
    /** Whether it was shut down. */
    public boolean shut;

    private MemoryWriter(int chunk, boolean pushesBack, boolean gathers) {
        this.chunk = chunk;
        this.pushesBack = pushesBack;
        this.gathers = gathers;
    }

    /** @return a writer that takes everything at once, never pending */
    public static MemoryWriter unbounded() {
        return new MemoryWriter(Integer.MAX_VALUE, false, false);
    }

    /** @return a writer that takes at most {@code chunk} bytes per write, pending before each */
    public static MemoryWriter pushingBack(int chunk) {
        return new MemoryWriter(chunk, true, false);
    }

    /** @return {@link #pushingBack} that also takes gathering writes whole */
    public static MemoryWriter gathering(int chunk) {
        return new MemoryWriter(chunk, true, true);
    }

    /** @return true once in two calls when pushing back: the caller then answers pending */
    private boolean pushBack(Context cx) {
        if (!pushesBack || !pendingNext) {
            pendingNext = true;
            return false;
        }
        pendingNext = false;
        cx.waker().wake();
        return true;
    }

    @Override
    public Poll<Long> pollWriteVectored(Context cx, ByteBuffer[] srcs) throws IOException {
        if (!gathers) return AsyncWrite.super.pollWriteVectored(cx, srcs);
        if (shut) throw new IllegalStateException("write after shutdown");
        if (pushBack(cx)) return Poll.pending();
        long taken = 0;
        for (ByteBuffer b : srcs) taken += take(b, (int) Math.min(chunk - taken, b.remaining()));
        vectoredWrites++;
        return Poll.ready(taken);
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) {
        if (shut) throw new IllegalStateException("write after shutdown");
        if (pushBack(cx)) return Poll.pending();
        int n = take(src, Math.min(chunk, src.remaining()));
        writes++;
        return Poll.ready(n);
    }

    private int take(ByteBuffer src, int n) {
        byte[] bytes = new byte[n];
        src.get(bytes);
        out.writeBytes(bytes);
        return n;
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
