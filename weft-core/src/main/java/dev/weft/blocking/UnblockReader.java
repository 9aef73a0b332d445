package dev.weft.blocking;

import dev.weft.blocking.internal.BytePipe;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncRead;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * An {@link InputStream} read by a blocking-pool thread into a pipe, read asynchronously from the
 * pipe. Made by {@link Unblock#reader(InputStream)}.
 *
 * {@snippet :
 * UnblockReader r = Unblock.reader(new java.io.ByteArrayInputStream(bytes));
 * Poll<Integer> p = r.pollRead(cx, ByteBuffer.allocate(100));
 * }
 *
 * <p>{@link #pollRead} wakes when the pool thread put bytes into the pipe, or the stream ended or
 * failed; it throws the stream's {@link IOException} after the bytes read before it. A pending
 * read that is abandoned loses nothing (bytes stay in the pipe). Owner only: one task reads.
 */
public final class UnblockReader implements AsyncRead, AutoCloseable {
    private final InputStream in;
    private final BytePipe pipe;
    private final BlockingPool pool;
    private boolean started;

    UnblockReader(InputStream in, int capacity, BlockingPool pool) {
        this.in = Objects.requireNonNull(in, "in");
        this.pipe = new BytePipe(capacity);
        this.pool = pool;
    }

    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        if (!started) {
            started = true;
            pool.unblock(this::pump);
        }
        if (!dst.hasRemaining()) return Poll.ready(0);
        return pipe.pollRead(cx, dst);
    }

    private Void pump() {
        byte[] chunk = new byte[8192];
        try (InputStream s = in) {
            int n;
            while ((n = s.read(chunk)) >= 0) pipe.write(chunk, 0, n);
            pipe.closeWrite(null);
        } catch (IOException e) {
            pipe.closeWrite(e);
        }
        return null;
    }

    /**
     * Stops reading: the pool thread stops at its next hand-off and closes the stream (if it never
     * started, the stream is closed here). Unread bytes are dropped.
     */
    @Override
    public void close() throws IOException {
        pipe.closeRead(null);
        if (!started) {
            started = true;
            in.close();
        }
    }

    @Override
    public String toString() {
        return "UnblockReader[" + in + "]";
    }
}
