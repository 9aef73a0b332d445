package dev.weft.net.internal.uring;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.net.internal.WakeList;
import dev.weft.net.internal.linux.Errno;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * The receive side of a {@link UringStream} on a poller with a {@link BufRing}: one multishot
 * {@code IORING_OP_RECV} ({@code IORING_RECV_MULTISHOT}, {@code IOSQE_BUFFER_SELECT}) stays armed
 * while a reader wants bytes, and each of its completions hands over one ring buffer with the
 * bytes that arrived. The buffers queue here in arrival order; a read copies from the oldest into
 * the reader's buffer (all of it, or what fits: the rest stays for the next read) and gives each
 * buffer back to the ring only once its last byte was copied.
 *
 * {@snippet :
 * Poll<Integer> n = recv.pollRead(cx, dst);  // under the stream's lock: copy, or arm and wait
 * }
 *
 * <h2>State (guarded by the stream's lock)</h2>
 * <pre>
 * field       states and transitions
 * armed       false -&gt; true at arm (op submitted, ops+1 on the stream); true -&gt; false at the
 *             completion without IORING_CQE_F_MORE (ops-1); never two multishots in flight
 * cancelling  true while an ASYNC_CANCEL of the armed multishot is submitted (a cancelled read,
 *             close, or the per-stream cap reached); false again at the op's last completion
 * wanted      a reader wants bytes: set by pollRead/readable, cleared by a cancelled read and by
 *             close; the multishot is re-armed after its end only while set
 * queue       ring buffers filled and not yet fully copied: (bid, len) in arrival order, head
 *             consumed up to headPos; at most the ring's size; given back at copy or close
 * nobufs      the last end was ENOBUFS: re-armed only once the ring has a free buffer (else the
 *             stream waits in the ring's starved list and the driving thread re-arms it)
 * eof, err    the peer's end (res 0) / a negated errno; sticky, after the queued bytes
 * reader      the waiting task (one at a time)
 * cap         final: a quarter of the ring's buffers (at least one); a multishot whose stream
 *             queues that many is cancelled, and re-armed once the reader is below it again
 * </pre>
 * <pre>
 * event                     by                   what
 * pollRead / readable       the reader           bytes queued: copy (give back emptied buffers),
 *                                                re-arm if below the cap; else wanted, arm if not
 *                                                armed, wait
 * completion, buffer        the reaping thread   lend, queue (or give back if closed), wake the
 *                                                reader; cap reached: cancel
 * completion without MORE   the reaping thread   armed=false; res 0: eof; -ENOBUFS: nobufs;
 *                                                other negative: err; then re-arm if wanted
 * a buffer back, after      the driving thread   re-arm if wanted (the stream was in the ring's
 *   this stream's ENOBUFS                        starved list)
 * cancelled read            the reader's cancel  wanted=false, cancel the multishot; queued bytes
 *                                                stay for the next read
 * close                     any thread           cancel the multishot, every queued buffer back
 * </pre>
 */
class MultishotRecv {
    final UringStream stream;
    final BufRing ring;
    /** The most buffers one stream queues before its multishot is cancelled (a soft cap: one in flight may still land). */
    final int cap;
    private final UringOp op = new UringOp() {
        @Override
        void complete(int res, int flags, WakeList out) {
            synchronized (stream) {
                completed(res, flags, out);
            }
        }
    };
    private long[] queue = new long[4];
    private int qHead;
    private int qSize;
    private int headPos;
    boolean armed;
    private boolean cancelling;
    private boolean wanted;
    private boolean nobufs;
    private boolean eof;
    private int err;
    private Waker reader;

    MultishotRecv(UringStream stream, BufRing ring) {
        this.stream = stream;
        this.ring = ring;
        this.cap = Math.max(1, ring.entries / 4);
    }

    /** Under the stream's lock, the stream open: copies what is queued, or arms and waits. */
    Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        if (qSize > 0) {
            int n = copyOut(dst);
            arm();
            return Poll.ready(n);
        }
        if (err != 0) throw Errno.exception(err, "recv");
        if (eof) return Poll.ready(-1);
        waitFor(cx);
        return Poll.pending();
    }

    /** Under the stream's lock: whether a read would not wait; if it would, arms and registers {@code cx}. */
    boolean pollReadable(Context cx) {
        if (qSize > 0 || eof || err != 0) return true;
        waitFor(cx);
        return false;
    }

    private void waitFor(Context cx) {
        reader = cx.waker();
        wanted = true;
        arm();
    }

    /** Copies queued bytes into {@code dst}, oldest first, giving back each buffer emptied; @return the count */
    private int copyOut(ByteBuffer dst) {
        int n = 0;
        MemorySegment to = MemorySegment.ofBuffer(dst);
        while (qSize > 0 && dst.position() + n < dst.limit()) {
            long e = queue[qHead];
            int bid = (int) (e >>> 32);
            int len = (int) e;
            int step = Math.min(len - headPos, dst.remaining() - n);
            MemorySegment.copy(ring.buffer(bid), headPos, to, n, step);
            n += step;
            headPos += step;
            if (headPos == len) {
                pop();
                ring.give(bid);
            }
        }
        dst.position(dst.position() + n);
        return n;
    }

    private void pop() {
        qHead = (qHead + 1) & (queue.length - 1);
        qSize--;
        headPos = 0;
    }

    private void push(int bid, int len) {
        if (qSize == queue.length) {
            long[] q = new long[queue.length * 2];
            for (int i = 0; i < qSize; i++) q[i] = queue[(qHead + i) & (queue.length - 1)];
            queue = q;
            qHead = 0;
        }
        queue[(qHead + qSize++) & (queue.length - 1)] = ((long) bid << 32) | (len & 0xffff_ffffL);
    }

    /** Under the stream's lock: submits the multishot if a reader wants bytes and nothing stops it. */
    final void arm() {
        if (armed || !wanted || eof || err != 0 || qSize >= cap || stream.closedLocked()) return;
        if (nobufs && !ring.wantsFree(this)) return; // the driving thread re-arms it when a buffer is back
        nobufs = false;
        if (!stream.poller.submitBufferSelect(op, Sys.OP_RECV, stream.fd, Sys.RECV_MULTISHOT, ring.group)) {
            wanted = false;
            return; // the poller is closing: the reader is woken by the stream's close
        }
        armed = true;
        stream.opStarted();
    }

    /** The driving thread: a buffer is back in the ring after this stream's ENOBUFS. */
    final void bufferFreed() {
        synchronized (stream) {
            arm();
        }
    }

    /** Under the stream's lock: one completion of the multishot. */
    private void completed(int res, int flags, WakeList out) {
        boolean more = (flags & Sys.CQE_F_MORE) != 0;
        if ((flags & Sys.CQE_F_BUFFER) != 0) {
            int bid = flags >>> BufRing.BID_SHIFT;
            ring.lend(bid);
            filled(bid, res);
        }
        if (res == 0) eof = true;
        else if (res < 0 && res != -Errno.ENOBUFS && res != -Sys.ECANCELED && res != -Errno.EINTR && res != -Errno.EAGAIN) err = -res;
        if (reader != null && (qSize > 0 || eof || err != 0 || stream.closedLocked())) {
            out.add(reader);
            reader = null;
        }
        if (more) {
            if (qSize >= cap && !cancelling) cancel();
            return;
        }
        armed = false;
        cancelling = false;
        stream.opEnded();
        ended(res);
    }

    /** Under the stream's lock: the bytes of buffer {@code bid} (lent to us) arrived; queued in order, or given back if closed. */
    void filled(int bid, int res) {
        if (res > 0 && !stream.closedLocked()) push(bid, res);
        else ring.give(bid);
    }

    /**
     * Under the stream's lock: the multishot ended (its completion without {@code F_MORE}, result
     * {@code res}): re-armed if the reader still wants bytes; after {@code ENOBUFS} only once the
     * ring has a buffer again.
     */
    void ended(int res) {
        if (res == -Errno.ENOBUFS) nobufs = true;
        arm();
    }

    /** Under the stream's lock: a cancelled read: the multishot is cancelled; queued bytes stay for the next read. */
    void deregister() {
        reader = null;
        wanted = false;
        if (armed && !cancelling) cancel();
    }

    private void cancel() {
        cancelling = true;
        stream.poller.cancel(op);
    }

    /** Under the stream's lock, once: the stream closed; the multishot is cancelled and every queued buffer goes back. */
    void close(WakeList out) {
        wanted = false;
        if (armed && !cancelling) cancel();
        giveBackQueued();
        if (reader != null) out.add(reader);
        reader = null;
    }

    /** Under the stream's lock: every queued buffer back to the ring, its bytes dropped (the stream closed). */
    void giveBackQueued() {
        while (qSize > 0) {
            int bid = (int) (queue[qHead] >>> 32);
            pop();
            ring.give(bid);
        }
    }

    /** Under the stream's lock: drops the reader if its task ended; the multishot and its bytes stay. */
    void sweepDead() {
        if (reader != null && reader.isSpent()) reader = null;
    }

    /** Under the stream's lock. */
    boolean hasReader() {
        return reader != null;
    }

    /** Under the stream's lock: buffers queued (for tests). */
    int queued() {
        return qSize;
    }
}
