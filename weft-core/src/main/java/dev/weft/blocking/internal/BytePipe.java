package dev.weft.blocking.internal;

import dev.weft.future.internal.Wakes;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;

/**
 * A bounded byte ring between an async side (polled, registers wakers) and a blocking side (a
 * pool thread that waits on this object's monitor): the buffer of smol's {@code Unblock}.
 *
 * <p>One pipe carries bytes one way. For a reader adapter the blocking side writes
 * ({@link #write(byte[], int, int)}) and the async side reads ({@link #pollRead}); for a writer
 * adapter the async side writes ({@link #pollWrite}) and the blocking side reads
 * ({@link #read(byte[])}), which also answers flush requests.
 *
 * <h2>State (all guarded by this object's monitor)</h2>
 * <pre>
 * field           meaning
 * buf, start, len the ring: bytes [start, start+len) mod capacity
 * writeClosed     the producer is done (error: why, or null for a clean end)
 * readClosed      the consumer is gone (error: why, or null)
 * asyncWaker      the async side's waker, woken when the blocking side made progress
 * flushRequested  flushes asked for by the async writer (a sequence number)
 * flushDone       the last flush the blocking side completed
 * </pre>
 * The blocking side waits with {@code wait()} and is woken by {@code notifyAll()} on every change;
 * the async side's waker is woken after the monitor is released.
 */
public final class BytePipe {
    private final byte[] buf;
    private int start;
    private int len;
    private boolean writeClosed;
    private boolean readClosed;
    private IOException error;
    private Waker asyncWaker;
    private long flushRequested;
    private long flushDone;
    private long flushTarget;

    /**
     * @param capacity bytes the pipe holds, at least 1
     */
    public BytePipe(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity: " + capacity);
        this.buf = new byte[capacity];
    }

    // ---- async consumer, blocking producer (reader adapter) ----

    /**
     * Async side: takes what is there into {@code dst}.
     *
     * @return ready with the count, ready with -1 at the end, or pending
     * @throws IOException the producer's failure, once everything before it was read
     */
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        int n;
        synchronized (this) {
            if (len == 0) {
                if (writeClosed) {
                    if (error != null) throw error;
                    return Poll.ready(-1);
                }
                asyncWaker = cx.waker();
                return Poll.pending();
            }
            n = Math.min(len, dst.remaining());
            int first = Math.min(n, buf.length - start);
            dst.put(buf, start, first);
            if (n > first) dst.put(buf, 0, n - first);
            start = (start + n) % buf.length;
            len -= n;
            notifyAll();
        }
        return Poll.ready(n);
    }

    /**
     * Blocking side: puts all of {@code b[off, off+n)} into the pipe, waiting for room.
     *
     * @throws IOException if the consumer closed the pipe
     */
    public void write(byte[] b, int off, int n) throws IOException {
        while (n > 0) {
            Waker w;
            synchronized (this) {
                while (len == buf.length && !readClosed) waitHere();
                if (readClosed) throw new IOException("pipe closed by the reader");
                int end = (start + len) % buf.length;
                int k = Math.min(n, Math.min(buf.length - len, buf.length - end));
                System.arraycopy(b, off, buf, end, k);
                len += k;
                off += k;
                n -= k;
                w = takeWaker();
            }
            if (w != null) Wakes.wake(w);
        }
    }

    /**
     * Producer is done; {@code failure} (or {@code null}) is what the consumer sees after the data.
     *
     * @param failure why, or {@code null} for a clean end
     */
    public void closeWrite(IOException failure) {
        Waker w;
        synchronized (this) {
            if (writeClosed) return;
            writeClosed = true;
            error = failure;
            notifyAll();
            w = takeWaker();
        }
        if (w != null) Wakes.wake(w);
    }

    // ---- async producer, blocking consumer (writer adapter) ----

    /**
     * Async side: puts what fits of {@code src} into the pipe.
     *
     * @return ready with the count, or pending while the pipe is full
     * @throws IOException if the consumer failed or closed
     */
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        synchronized (this) {
            checkConsumer();
            if (writeClosed) throw new IOException("pipe closed for writing");
            if (len == buf.length) {
                asyncWaker = cx.waker();
                return Poll.pending();
            }
            int n = 0;
            while (src.hasRemaining() && len < buf.length) {
                int end = (start + len) % buf.length;
                int k = Math.min(src.remaining(), Math.min(buf.length - len, buf.length - end));
                src.get(buf, end, k);
                len += k;
                n += k;
            }
            notifyAll();
            return Poll.ready(n);
        }
    }

    /** Async side: asks the consumer to flush once everything written so far is consumed. */
    public void requestFlush() {
        synchronized (this) {
            flushRequested++;
            notifyAll();
        }
    }

    /**
     * Async side: completes once the latest {@link #requestFlush()} was done (or the consumer
     * finished cleanly).
     *
     * @throws IOException if the consumer failed
     */
    public Poll<Void> pollFlushed(Context cx) throws IOException {
        synchronized (this) {
            if (readClosed) {
                checkConsumer();
                return Poll.ready(null);
            }
            if (flushDone >= flushRequested) return Poll.ready(null);
            asyncWaker = cx.waker();
            return Poll.pending();
        }
    }

    /**
     * Async side: completes once the consumer has finished (after {@link #closeWrite}).
     *
     * @throws IOException if the consumer failed
     */
    public Poll<Void> pollConsumerDone(Context cx) throws IOException {
        synchronized (this) {
            if (readClosed) {
                checkConsumer();
                return Poll.ready(null);
            }
            asyncWaker = cx.waker();
            return Poll.pending();
        }
    }

    /**
     * Blocking side: takes bytes, waiting for some.
     *
     * @return the count; {@code 0} means "everything is consumed and a flush is requested: flush
     *     now, then call {@link #flushed()}"; {@code -1} at the end
     * @throws InterruptedIOException if the thread was interrupted
     */
    public int read(byte[] b) throws InterruptedIOException {
        Waker w;
        int n;
        synchronized (this) {
            while (len == 0 && !writeClosed && flushRequested == flushDone) waitHere();
            if (len == 0) {
                if (flushRequested != flushDone) {
                    flushTarget = flushRequested;
                    return 0;
                }
                return -1;
            }
            n = Math.min(len, b.length);
            int first = Math.min(n, buf.length - start);
            System.arraycopy(buf, start, b, 0, first);
            if (n > first) System.arraycopy(buf, 0, b, first, n - first);
            start = (start + n) % buf.length;
            len -= n;
            w = takeWaker();
        }
        if (w != null) Wakes.wake(w);
        return n;
    }

    /** Blocking side: the flush that {@link #read(byte[])} asked for is done. */
    public void flushed() {
        Waker w;
        synchronized (this) {
            flushDone = flushTarget;
            w = takeWaker();
        }
        if (w != null) Wakes.wake(w);
    }

    /**
     * The consumer is done or gone; {@code failure} (or {@code null}) is what the producer sees.
     *
     * @param failure why, or {@code null}
     */
    public void closeRead(IOException failure) {
        Waker w;
        synchronized (this) {
            if (readClosed) return;
            readClosed = true;
            if (error == null) error = failure;
            notifyAll();
            w = takeWaker();
        }
        if (w != null) Wakes.wake(w);
    }

    private void checkConsumer() throws IOException {
        if (readClosed && error != null) throw error;
        if (readClosed && writeClosed) return;
        if (readClosed) throw new IOException("pipe closed by the reader");
    }

    private Waker takeWaker() {
        Waker w = asyncWaker;
        asyncWaker = null;
        return w;
    }

    private void waitHere() throws InterruptedIOException {
        try {
            wait();
        } catch (InterruptedException e) {
            throw new InterruptedIOException("interrupted while waiting on the pipe");
        }
    }
}
