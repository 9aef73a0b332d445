package dev.weft.blocking;

import dev.weft.blocking.internal.BytePipe;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncWrite;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * An {@link OutputStream} written by a blocking-pool thread from a pipe that is filled
 * asynchronously. Made by {@link Unblock#writer(OutputStream)}.
 *
 * {@snippet :
 * UnblockWriter w = Unblock.writer(new java.io.FileOutputStream(file));
 * // write with pollWrite, then pollShutdown: it flushes and closes the stream
 * }
 *
 * <p>{@link #pollWrite} completes as soon as the bytes are in the pipe and waits (pending) only
 * while the pipe is full; it wakes when the pool thread took bytes. {@link #pollFlush} completes
 * once the stream was flushed after everything written before; {@link #pollShutdown} ends the
 * stream, lets the thread write the rest, flush and close it. A failure of the stream is thrown by
 * the next call. Owner only: one task writes.
 */
public final class UnblockWriter implements AsyncWrite, AutoCloseable {
    private final OutputStream out;
    private final BytePipe pipe;
    private final BlockingPool pool;
    private boolean started;
    private boolean flushing;
    private boolean shutdown;

    UnblockWriter(OutputStream out, int capacity, BlockingPool pool) {
        this.out = Objects.requireNonNull(out, "out");
        this.pipe = new BytePipe(capacity);
        this.pool = pool;
    }

    private void start() {
        if (!started) {
            started = true;
            pool.unblock(this::pump);
        }
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        if (shutdown) throw new IOException("writer is shut down");
        start();
        if (!src.hasRemaining()) return Poll.ready(0);
        return pipe.pollWrite(cx, src);
    }

    @Override
    public Poll<Void> pollFlush(Context cx) throws IOException {
        if (shutdown) return pipe.pollConsumerDone(cx);
        start();
        if (!flushing) {
            flushing = true;
            pipe.requestFlush();
        }
        Poll<Void> p = pipe.pollFlushed(cx);
        if (p.isReady()) flushing = false;
        return p;
    }

    @Override
    public Poll<Void> pollShutdown(Context cx) throws IOException {
        if (!shutdown) {
            shutdown = true;
            start();
            pipe.closeWrite(null);
        }
        return pipe.pollConsumerDone(cx);
    }

    private Void pump() {
        byte[] chunk = new byte[8192];
        try (OutputStream s = out) {
            int n;
            while ((n = pipe.read(chunk)) >= 0) {
                if (n > 0) {
                    s.write(chunk, 0, n);
                } else {
                    s.flush();
                    pipe.flushed();
                }
            }
            s.flush();
        } catch (IOException e) {
            pipe.closeRead(e);
            return null;
        }
        pipe.closeRead(null);
        return null;
    }

    /**
     * Ends the stream without waiting: the pool thread still writes what is in the pipe, then
     * flushes and closes the stream. Prefer {@link #pollShutdown} to learn about failures.
     */
    @Override
    public void close() {
        if (!shutdown) {
            shutdown = true;
            start();
            pipe.closeWrite(null);
        }
    }

    @Override
    public String toString() {
        return "UnblockWriter[" + out + "]";
    }
}
