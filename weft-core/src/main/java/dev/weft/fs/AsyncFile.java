package dev.weft.fs;

import dev.weft.blocking.BlockingPool;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.Callable;

/**
 * An open file read and written asynchronously: each operation runs on a blocking-pool thread
 * (async-fs's {@code File}). Opened by {@link AsyncFiles#open}.
 *
 * {@snippet :
 * try (AsyncFile f = Weft.await(AsyncFiles.open(path, StandardOpenOption.READ))) {
 *     ByteBuffer buf = ByteBuffer.allocate(4096);
 *     Poll<Integer> p = f.pollRead(cx, buf); // or await a read helper of dev.weft.io
 * }
 * }
 *
 * <p>One task uses a file at a time (one operation in flight). Reads read ahead up to
 * {@value #CHUNK} bytes; writes are buffered: {@link #pollWrite} copies up to {@value #CHUNK}
 * bytes and completes at once while a pool thread writes them, and the next operation first waits
 * for that write (and throws its failure). {@link #pollFlush} waits for the last write;
 * {@link #syncAll()} also forces the data to the device. {@link #seek(long)} and
 * {@link #position()} account for read-ahead.
 *
 * <h2>State (owner only)</h2>
 * <pre>
 * field     meaning
 * inFlight  the pool job now running (a read or write of buf, or another op), or null
 * reading   inFlight is a read into buf
 * buf       read mode: bytes read ahead in [position, limit); write mode: bytes being written
 * ahead     read-ahead bytes available in buf (not yet returned)
 * </pre>
 * The pool job's completion happens-before the poll that sees it, so {@code buf} is handed back
 * and forth safely.
 */
public final class AsyncFile implements AsyncRead, AsyncWrite, AutoCloseable {
    /** The read-ahead and write-behind chunk: 256 KiB. */
    public static final int CHUNK = 256 * 1024;

    private final FileChannel channel;
    private final BlockingPool pool;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(CHUNK);
    private Future<Integer> inFlight;
    private boolean reading;
    private boolean ahead;

    AsyncFile(FileChannel channel, BlockingPool pool) {
        this.channel = channel;
        this.pool = pool;
    }

    /**
     * Reads bytes at the current position into {@code dst}.
     *
     * <p>Wakes when the pool thread's read finished. Throws the read's {@link IOException} (or
     * that of a previous buffered write). Cancel-safe: an abandoned pending read keeps its bytes
     * for the next read.
     */
    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        if (!dst.hasRemaining()) return Poll.ready(0);
        while (true) {
            if (ahead) {
                int n = Math.min(dst.remaining(), buf.remaining());
                ByteBuffer slice = buf.slice(buf.position(), n);
                dst.put(slice);
                buf.position(buf.position() + n);
                ahead = buf.hasRemaining();
                return Poll.ready(n);
            }
            if (inFlight != null) {
                boolean wasRead = reading;
                Poll<Integer> p = finish(cx);
                if (p.isPending()) return Poll.pending();
                if (wasRead) {
                    int n = p.value();
                    if (n < 0) return Poll.ready(-1);
                    buf.flip();
                    ahead = buf.hasRemaining();
                    if (!ahead) return Poll.ready(0);
                }
                continue;
            }
            buf.clear();
            reading = true;
            inFlight = pool.unblock(() -> channel.read(buf));
        }
    }

    /**
     * Writes up to {@value #CHUNK} bytes of {@code src} at the current position (buffered).
     *
     * <p>Pending only while a previous operation is still running; wakes when it finished. Throws
     * the previous buffered write's failure. Cancel-safe: a pending write took nothing from
     * {@code src}.
     */
    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        if (!src.hasRemaining()) return Poll.ready(0);
        if (settle(cx).isPending()) return Poll.pending();
        int rewind = dropReadAhead();
        int n = Math.min(src.remaining(), CHUNK);
        buf.clear();
        buf.put(src.slice(src.position(), n));
        src.position(src.position() + n);
        buf.flip();
        reading = false;
        inFlight = pool.unblock(() -> {
            if (rewind > 0) channel.position(channel.position() - rewind);
            int total = 0;
            while (buf.hasRemaining()) total += channel.write(buf);
            return total;
        });
        return Poll.ready(n);
    }

    /** Waits for the last buffered write; throws its failure. */
    @Override
    public Poll<Void> pollFlush(Context cx) throws IOException {
        return settle(cx);
    }

    /** Same as {@link #pollFlush}: a file has no write half to end. */
    @Override
    public Poll<Void> pollShutdown(Context cx) throws IOException {
        return settle(cx);
    }

    /**
     * Moves to byte {@code position}, after any operation in flight; read-ahead is dropped.
     *
     * @param position the new position, at least 0
     * @return a future of the new position (wakes when the pool thread has moved it; throws its
     *     {@link IOException})
     */
    public Future<Long> seek(long position) {
        if (position < 0) throw new IllegalArgumentException("position: " + position);
        return after(() -> {
            channel.position(position);
            return position;
        });
    }

    /**
     * The current position as the reader sees it (read-ahead not counted).
     *
     * @return a future of the position
     */
    public Future<Long> position() {
        return after(channel::position);
    }

    /**
     * Forces everything written to the storage device (after the last buffered write).
     *
     * @return a future that completes when forced
     */
    public Future<Void> syncAll() {
        return after(() -> {
            channel.force(true);
            return null;
        });
    }

    /** @return a future of the file's size in bytes */
    public Future<Long> size() {
        return after(channel::size);
    }

    /**
     * Closes the file now; an operation in flight fails. Await {@link #pollFlush} first, or the
     * last buffered write may be cut short.
     */
    @Override
    public void close() throws IOException {
        channel.close();
    }

    /** The future of an operation run after the one in flight. */
    private <T> Future<T> after(Callable<T> op) {
        return new Future<>() {
            private Future<T> job;

            @Override
            public Poll<T> poll(Context cx) throws Exception {
                if (job == null) {
                    if (settle(cx).isPending()) return Poll.pending();
                    int rewind = dropReadAhead();
                    job = pool.unblock(() -> {
                        if (rewind > 0) channel.position(channel.position() - rewind);
                        return op.call();
                    });
                }
                return job.poll(cx);
            }

            @Override
            public void cancel() {
                if (job != null) job.cancel();
            }
        };
    }

    /** Waits for the job in flight; a read it made stays as read-ahead. */
    private Poll<Void> settle(Context cx) throws IOException {
        if (inFlight == null) return Poll.ready(null);
        boolean wasRead = reading;
        Poll<Integer> p = finish(cx);
        if (p.isPending()) return Poll.pending();
        if (wasRead) {
            int n = p.value();
            if (n > 0) {
                buf.flip();
                ahead = true;
            }
        }
        return Poll.ready(null);
    }

    private Poll<Integer> finish(Context cx) throws IOException {
        Poll<Integer> p;
        try {
            p = inFlight.poll(cx);
        } catch (IOException | RuntimeException e) {
            inFlight = null;
            throw e;
        } catch (Exception e) {
            inFlight = null;
            throw new IOException(e);
        }
        if (p.isReady()) inFlight = null;
        return p;
    }

    /** Drops read-ahead bytes; @return how far the channel is ahead of the reader. */
    private int dropReadAhead() {
        if (!ahead) return 0;
        ahead = false;
        int r = buf.remaining();
        buf.position(buf.limit());
        return r;
    }

    @Override
    public String toString() {
        return "AsyncFile[" + channel + "]";
    }
}
