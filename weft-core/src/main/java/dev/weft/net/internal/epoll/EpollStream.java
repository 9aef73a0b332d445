package dev.weft.net.internal.epoll;

import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.linux.NativeStream;
import dev.weft.net.internal.linux.SocketFd;
import dev.weft.net.internal.StreamEndpoint;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.internal.Coop;
import dev.weft.io.IoFuture;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;

/**
 * A connected TCP socket of the native poller: {@code recv} and {@code send} straight between the
 * caller's buffer (heap or direct) and the kernel, with no copy and no {@code SelectionKey}, and
 * readiness from {@link EpollSource} (edge-triggered, never re-armed).
 *
 * {@snippet :
 * Poll<Integer> n = stream.pollRead(cx, buf); // a recv when the socket may have data, else pending
 * }
 *
 * <p>One poll: if the direction is known drained, register and return pending without a system
 * call; else call. A full transfer leaves the readiness as it is (more may be there); a short one
 * clears it (Tokio's {@code PollEvented} does the same), so the next poll waits for the poller's
 * next report instead of paying a call that finds nothing; {@code EAGAIN} clears it and waits
 * ({@link EpollSource#awaitAfter}, which retries if a report came during the call). The read side
 * registers under the key {@code reader}, the write side under {@code writer}: one reader and one
 * writer at a time, as {@code StreamEndpoint} says. Writes pass {@code MSG_NOSIGNAL}: a peer that
 * is gone answers {@code EPIPE} (a {@code SocketException}), never a signal. A gathering write
 * ({@link #pollWriteVectored}) is one {@code send} of the buffers copied together.
 */
final class EpollStream extends EpollEndpoint implements NativeStream {
    /** The most bytes a gathering write copies into one send. */
    static final int GATHER = 16 * 1024;
    /** What {@link #transfer} answers for pending. */
    private static final long PENDING = Long.MIN_VALUE;

    private final Object reader = new Object();
    private final Object writer = new Object();
    /** Native room for gathering writes, made at the first one; the write side's only. */
    private MemorySegment scratch;

    EpollStream(EpollSource src) {
        super(src, "epoll stream");
    }

    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        return transfer(EpollSource.READ, reader, cx, dst);
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        return transfer(EpollSource.WRITE, writer, cx, src);
    }

    /**
     * A gathering write: the buffers' bytes (up to {@value #GATHER}) copied into this stream's
     * native scratch segment and sent with one {@code send}; a first buffer of {@value #GATHER}
     * bytes or more, or a single buffer with bytes, is sent from where it is, without a copy.
     */
    @Override
    public Poll<Long> pollWriteVectored(Context cx, ByteBuffer[] srcs) throws IOException {
        int first = -1;
        int count = 0;
        for (int i = 0; i < srcs.length; i++) {
            if (!srcs[i].hasRemaining()) continue;
            if (first < 0) first = i;
            count++;
        }
        if (first < 0) return Poll.ready(0L);
        ByteBuffer head = srcs[first];
        if (count == 1 || head.remaining() >= GATHER) {
            return transfer(EpollSource.WRITE, writer, cx, head) instanceof Poll.Ready<Integer>(Integer n)
                    ? Poll.ready((long) n) : Poll.pending();
        }
        if (scratch == null) scratch = Arena.ofAuto().allocate(GATHER);
        long want = 0;
        for (int i = first; i < srcs.length && want < GATHER; i++) {
            ByteBuffer b = srcs[i];
            int n = (int) Math.min(b.remaining(), GATHER - want);
            MemorySegment.copy(MemorySegment.ofBuffer(b), 0, scratch, want, n);
            want += n;
        }
        long n = transfer(EpollSource.WRITE, writer, cx, scratch, want);
        if (n == PENDING) return Poll.pending();
        for (int i = first, left = (int) n; left > 0; i++) {
            ByteBuffer b = srcs[i];
            int step = Math.min(left, b.remaining());
            b.position(b.position() + step);
            left -= step;
        }
        return Poll.ready(n);
    }

    private Poll<Integer> transfer(int dir, Object side, Context cx, ByteBuffer buf) throws IOException {
        int want = buf.remaining();
        if (want == 0) return Poll.ready(0);
        long n = transfer(dir, side, cx, MemorySegment.ofBuffer(buf), want);
        if (n == PENDING) return Poll.pending();
        if (n > 0) buf.position(buf.position() + (int) n);
        return Poll.ready((int) n);
    }

    /**
     * One poll of a direction: {@code want} bytes of {@code seg} received into or sent from.
     *
     * @return the count ({@code -1} at end of stream), or {@link #PENDING} (the waker is registered)
     */
    private long transfer(int dir, Object side, Context cx, MemorySegment seg, long want) throws IOException {
        if (Coop.remaining() == 0) {
            Coop.proceed(cx); // spent: wakes the task so that it yields its worker
            return PENDING;
        }
        while (true) {
            long w = src.readyOrWait(dir, side, cx.waker());
            if (w < 0) return PENDING;
            long n = call(dir, seg, want);
            if (n > 0) {
                if (n < want) src.clear(dir, w);
                Coop.proceed(cx);
                return n;
            }
            if (n == 0) return -1; // recv: end of stream (send never answers 0 for want > 0)
            int errno = Libc.errno(dir == EpollSource.READ ? src.readErrno : src.writeErrno);
            if (errno == Errno.EAGAIN) {
                if (src.awaitAfter(dir, w, side, cx.waker())) return PENDING;
            } else if (errno != Errno.EINTR) {
                throw src.failure(dir, dir == EpollSource.READ ? "recv" : "send");
            }
        }
    }

    private long call(int dir, MemorySegment seg, long want) throws ClosedChannelException {
        int fd = src.acquire();
        try {
            return dir == EpollSource.READ
                    ? Libc.recv(src.readErrno, fd, seg, want, 0)
                    : Libc.send(src.writeErrno, fd, seg, want, Libc.MSG_NOSIGNAL);
        } finally {
            src.release();
        }
    }

    @Override
    public void shutdownOutput() throws IOException {
        int fd = src.acquire();
        try {
            if (Libc.shutdown(src.writeErrno, fd, Libc.SHUT_WR) < 0 && Libc.errno(src.writeErrno) != Errno.ENOTCONN) {
                throw src.failure(EpollSource.WRITE, "shutdown");
            }
        } finally {
            src.release();
        }
    }

    @Override
    public IoFuture<Void> readable() {
        return new EpollReadiness(src, EpollSource.READ);
    }

    @Override
    public IoFuture<Void> writable() {
        return new EpollReadiness(src, EpollSource.WRITE);
    }

    @Override
    public SocketFd socket() {
        return src;
    }

    @Override
    public void deregister(int dir) {
        if (dir == StreamEndpoint.READ) src.deregister(EpollSource.READ, reader);
        else src.deregister(EpollSource.WRITE, writer);
    }
}
