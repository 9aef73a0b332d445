package dev.weft.net.internal.uring;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.internal.Coop;
import dev.weft.io.IoFuture;
import dev.weft.net.internal.StreamEndpoint;
import dev.weft.net.internal.WakeList;
import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.linux.NativeStream;
import dev.weft.net.internal.linux.SocketFd;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;

/**
 * A connected TCP socket of the io_uring poller, completion-based: a read submits one
 * {@code IORING_OP_RECV} into a native buffer of the poller's {@link Buffers} and returns pending;
 * its completion fills the buffer and wakes the reader, whose next poll copies the bytes out (what
 * does not fit stays for the next read). A write copies the caller's bytes into a native buffer,
 * submits one {@code IORING_OP_SEND} ({@code MSG_NOSIGNAL | MSG_WAITALL}) and returns the count at once (the
 * bytes are the kernel's from then on, as with a socket's send buffer); the next write waits for
 * that send's completion, and a short send is resubmitted for the rest by the completion.
 *
 * <p>When the poller has a provided buffer ring ({@link BufRing}), the receive side is a
 * {@link MultishotRecv} instead: one multishot receive stays armed while a reader wants bytes and
 * the kernel picks the ring's buffers; the fields {@code reading}, {@code readBuf}, {@code eof},
 * {@code readErr} and {@code reader} below then stay unused, and the receive side's own table
 * (under this same lock) says what it does.
 *
 * {@snippet :
 * Poll<Integer> n = stream.pollRead(cx, buf); // pending: a recv is in flight, cx's waker registered
 * }
 *
 * <h2>State (guarded by this)</h2>
 * <pre>
 * field            meaning
 * reading          a recv is in flight, into readBuf (the kernel may write it: never given back)
 * readBuf          null, or the buffer of the recv in flight, or of received bytes readPos..readLim
 * eof / readErr    the last recv answered 0 / a negated errno (sticky, as a socket's)
 * writing          a send is in flight from writeBuf[writeOff, writeOff + writeLen)
 * writeErr         a send failed with this errno: the next write throws it (a socket's flush is
 *                  ready at once, as StreamEndpoint says: its bytes are the kernel's)
 * shutWanted       shutdownOutput() was called: IORING_OP_SHUTDOWN goes after the send in flight
 * reader, writer   the waiting task of each direction (one at a time, as StreamEndpoint says)
 * multishot        final: null (one recv per read), or the multishot receive side
 * </pre>
 * <pre>
 * transition      by                  what
 * pollRead        the reader          bytes buffered: copy them out (buffer given back when
 *                                     empty); else arm a recv if none is in flight; wait
 * recvDone        the reaping thread  reading=false; res&gt;0: bytes buffered; 0: eof; -ECANCELED:
 *                                     nothing (buffer given back); other: readErr; wake the reader
 * deregister(R)   a cancelled read    reader=null; a recv in flight gets IORING_OP_ASYNC_CANCEL
 *                                     (bytes it may still bring stay for the next read)
 * pollWrite       the writer          a send in flight: wait; else copy, submit, return the count
 * sendDone        the reaping thread  short: resubmit the rest; else writing=false, buffer given
 *                                     back, the pending shutdown submitted, the writer woken
 * close()         any thread          cancel the recv; a send in flight finishes (its bytes were
 *                                     accepted); the fd is closed through the ring after both
 * </pre>
 * Cancel-safety: a cancelled read loses nothing (bytes that arrive stay buffered); a cancelled
 * write's bytes were accepted by the poll that returned their count and are sent.
 */
final class UringStream extends UringSocket implements NativeStream {
    private final Buffers buffers;
    private final UringOp recvOp = new UringOp() {
        @Override
        void complete(int res, int flags, WakeList out) {
            recvDone(res, out);
        }
    };
    private final UringOp sendOp = new UringOp() {
        @Override
        void complete(int res, int flags, WakeList out) {
            sendDone(res, out);
        }
    };
    private final UringOp shutdownOp = new UringOp() {
        @Override
        void complete(int res, int flags, WakeList out) {
            synchronized (UringStream.this) {
                opEnded();
            }
        }
    };

    private boolean reading;
    private MemorySegment readBuf;
    private int readPos;
    private int readLim;
    private boolean eof;
    private int readErr;
    private boolean writing;
    private MemorySegment writeBuf;
    private int writeOff;
    private int writeLen;
    private int writeErr;
    private boolean shutWanted;
    private Waker reader;
    private Waker writer;
    /** The receive side when the poller has a buffer ring (multishot receive); null: one recv per read. */
    private final MultishotRecv multishot;

    UringStream(UringPoller poller, int fd) {
        super(poller, fd);
        this.buffers = poller.buffers();
        BufRing ring = poller.bufRing();
        this.multishot = ring == null ? null : ring.receiver(this);
    }

    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        if (!dst.hasRemaining()) return Poll.ready(0);
        if (Coop.remaining() == 0) {
            Coop.proceed(cx); // spent: wakes the task so that it yields its worker
            return Poll.pending();
        }
        int n;
        synchronized (this) {
            if (closedLocked()) throw new ClosedChannelException();
            if (multishot != null) {
                if (!(multishot.pollRead(cx, dst) instanceof Poll.Ready<Integer>(Integer m))) return Poll.pending();
                n = m;
            } else if (readLim > readPos) {
                n = Math.min(dst.remaining(), readLim - readPos);
                MemorySegment.copy(readBuf, readPos, MemorySegment.ofBuffer(dst), 0, n);
                dst.position(dst.position() + n);
                readPos += n;
                if (readPos == readLim) {
                    buffers.give(readBuf);
                    readBuf = null;
                    readPos = readLim = 0;
                }
            } else if (readErr != 0) {
                throw Errno.exception(readErr, "recv");
            } else if (eof) {
                n = -1;
            } else {
                reader = cx.waker();
                if (!reading) armRecv(dst.remaining());
                return Poll.pending();
            }
        }
        Coop.proceed(cx);
        return Poll.ready(n);
    }

    /** Under this. */
    private void armRecv(int want) throws ClosedChannelException {
        readBuf = buffers.take(Math.min(want, Buffers.MAX));
        if (!poller.submit(recvOp, Sys.OP_RECV, fd, readBuf.address(), (int) readBuf.byteSize(), 0, 0, 0)) {
            buffers.give(readBuf);
            readBuf = null;
            reader = null;
            throw new ClosedChannelException();
        }
        reading = true;
        opStarted();
    }

    private void recvDone(int res, WakeList out) {
        synchronized (this) {
            reading = false;
            if (res > 0 && !closedLocked()) {
                readPos = 0;
                readLim = res;
            } else {
                buffers.give(readBuf);
                readBuf = null;
                if (res == 0) eof = true;
                else if (res < 0 && res != -Sys.ECANCELED && res != -Errno.EINTR && res != -Errno.EAGAIN) readErr = -res;
            }
            if (reader != null) {
                out.add(reader);
                reader = null;
            }
            opEnded();
        }
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        if (!src.hasRemaining()) return Poll.ready(0);
        long n = write(cx, src, null, src.remaining());
        return n < 0 ? Poll.pending() : Poll.ready((int) n);
    }

    /** A gathering write: the buffers' bytes (up to {@value Buffers#MAX}) copied into one send. */
    @Override
    public Poll<Long> pollWriteVectored(Context cx, ByteBuffer[] srcs) throws IOException {
        long want = 0;
        for (ByteBuffer b : srcs) want += b.remaining();
        if (want == 0) return Poll.ready(0L);
        long n = write(cx, null, srcs, want);
        return n < 0 ? Poll.pending() : Poll.ready(n);
    }

    /**
     * One write poll of {@code one}, or of {@code many} in order.
     *
     * @return the bytes taken, or -1 for pending (the waker is registered)
     */
    private long write(Context cx, ByteBuffer one, ByteBuffer[] many, long want) throws IOException {
        if (Coop.remaining() == 0) {
            Coop.proceed(cx);
            return -1;
        }
        long n;
        synchronized (this) {
            if (closedLocked()) throw new ClosedChannelException();
            if (writeErr != 0) throw Errno.exception(writeErr, "send");
            if (shutWanted) throw Errno.exception(Errno.EPIPE, "send after shutdownOutput");
            if (writing) {
                writer = cx.waker();
                return -1;
            }
            MemorySegment buf = buffers.take((int) Math.min(want, Buffers.MAX));
            n = one != null ? copyIn(one, buf, 0) : 0;
            if (many != null) for (ByteBuffer b : many) n = copyIn(b, buf, n);
            writeBuf = buf;
            writeOff = 0;
            writeLen = (int) n;
            if (!submitSend()) {
                buffers.give(buf);
                writeBuf = null;
                throw new ClosedChannelException();
            }
            writing = true;
            opStarted();
        }
        Coop.proceed(cx);
        return n;
    }

    /** Copies what fits of {@code b} into {@code buf} at {@code at}; @return the new fill of buf */
    private static long copyIn(ByteBuffer b, MemorySegment buf, long at) {
        int step = (int) Math.min(b.remaining(), buf.byteSize() - at);
        if (step == 0) return at;
        MemorySegment.copy(MemorySegment.ofBuffer(b), 0, buf, at, step);
        b.position(b.position() + step);
        return at + step;
    }

    /** Under this. */
    private boolean submitSend() {
        return poller.submit(sendOp, Sys.OP_SEND, fd, writeBuf.address() + writeOff, writeLen, 0, Libc.MSG_NOSIGNAL | Sys.MSG_WAITALL, 0);
    }

    private void sendDone(int res, WakeList out) {
        synchronized (this) {
            if (res > 0 && res < writeLen && !poller.isClosing()) { // even after close(): the bytes were accepted
                writeOff += res;
                writeLen -= res;
                if (submitSend()) return; // still writing: the rest goes
            }
            writing = false;
            buffers.give(writeBuf);
            writeBuf = null;
            if (res < 0 && res != -Sys.ECANCELED && res != -Errno.EINTR) writeErr = -res;
            if (shutWanted && !closedLocked()) submitShutdown();
            if (writer != null) {
                out.add(writer);
                writer = null;
            }
            opEnded();
        }
    }

    /** Submits {@code IORING_OP_SHUTDOWN} now, or after the send in flight (its bytes go first). */
    @Override
    public void shutdownOutput() throws IOException {
        synchronized (this) {
            if (closedLocked()) throw new ClosedChannelException();
            if (shutWanted) return;
            shutWanted = true;
            if (!writing) submitShutdown();
        }
    }

    /** Under this. */
    private void submitShutdown() {
        if (poller.submit(shutdownOp, Sys.OP_SHUTDOWN, fd, 0, Libc.SHUT_WR, 0, 0, 0)) opStarted();
    }

    @Override
    public IoFuture<Void> readable() {
        return cx -> {
            synchronized (this) {
                if (closedLocked()) return Poll.ready(null);
                if (multishot != null) return multishot.pollReadable(cx) ? Poll.ready(null) : Poll.pending();
                if (readLim > readPos || eof || readErr != 0) return Poll.ready(null);
                reader = cx.waker();
                if (!reading) armRecv(Buffers.MAX);
                return Poll.pending();
            }
        };
    }

    @Override
    public IoFuture<Void> writable() {
        return cx -> {
            synchronized (this) {
                if (closedLocked() || !writing) return Poll.ready(null);
                writer = cx.waker();
                return Poll.pending();
            }
        };
    }

    @Override
    public SocketFd socket() {
        return this;
    }

    @Override
    public void deregister(int dir) {
        synchronized (this) {
            if (dir == StreamEndpoint.READ) {
                if (multishot != null) multishot.deregister();
                reader = null;
                if (reading) poller.cancel(recvOp);
            } else {
                writer = null;
            }
        }
    }

    @Override
    public synchronized int waiterCount() {
        boolean r = reader != null || multishot != null && multishot.hasReader();
        return (r ? 1 : 0) + (writer != null ? 1 : 0);
    }

    /** @return whether a recv (or the multishot receive) is in flight (for tests) */
    synchronized boolean reading() {
        return multishot != null ? multishot.armed : reading;
    }

    /** @return the multishot receive side, or null on a poller without a buffer ring (for tests) */
    MultishotRecv multishot() {
        return multishot;
    }

    /** @return whether a send is in flight (for tests) */
    synchronized boolean writing() {
        return writing;
    }

    @Override
    synchronized void sweepDead() {
        if (multishot != null) multishot.sweepDead();
        if (reader != null && reader.isSpent()) reader = null; // the recv stays: its bytes go to the next read
        if (writer != null && writer.isSpent()) writer = null;
    }

    @Override
    void onClose(WakeList out) {
        if (multishot != null) multishot.close(out);
        if (reading) poller.cancel(recvOp);
        if (readBuf != null && !reading) {
            buffers.give(readBuf);
            readBuf = null;
            readPos = readLim = 0;
        }
        if (reader != null) out.add(reader);
        if (writer != null) out.add(writer);
        reader = writer = null;
    }

    @Override
    public String toString() {
        return "io_uring stream, fd " + fd + (isClosed() ? " (closed)" : "");
    }
}
