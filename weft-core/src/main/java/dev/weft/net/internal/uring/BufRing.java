package dev.weft.net.internal.uring;

import dev.weft.net.internal.linux.Libc;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * A provided buffer ring ({@code IORING_REGISTER_PBUF_RING}): a fixed set of equal buffers that
 * the kernel picks from when a receive completes, instead of each receive bringing a buffer of its
 * own. A receive submitted with {@code IOSQE_BUFFER_SELECT} and this ring's group id takes the
 * buffer at the ring's head; its completion names it ({@code IORING_CQE_F_BUFFER}, the id in the
 * flags' upper 16 bits). The buffer is ours from then on until {@link #give} puts it back at the
 * tail.
 *
 * {@snippet :
 * BufRing r = new BufRing(ring.fd, 0, 256, 16 * 1024, poller::wakeup); // group 0: 256 x 16 KiB
 * r.lend(bid);                       // a completion handed buffer bid to a stream
 * MemorySegment bytes = r.buffer(bid);
 * r.give(bid);                       // its bytes were copied out: back to the kernel
 * r.close();                         // the poller's close: unregistered, memory freed
 * }
 *
 * <h2>Layout</h2>
 * The ring is {@code entries} slots of {@code struct io_uring_buf} (16 bytes: {@code u64 addr},
 * {@code u32 len}, {@code u16 bid}, {@code u16 resv}), page-aligned; the 16-bit tail the kernel
 * reads is the first slot's {@code resv} field (offset 14), so filling slot 0 never writes it. The
 * kernel keeps the head to itself. The buffers are one block of {@code entries * size} bytes;
 * buffer {@code bid} starts at {@code bid * size}.
 *
 * <h2>Who touches what (guarded by this)</h2>
 * <pre>
 * field      touched by                            states and transitions
 * tail       give (any thread: readers, close)     +1 per buffer given; stored with release so
 *                                                  the slot is written before the kernel sees it
 * lent[bid]  lend (the reaping thread), give       false -&gt; true at lend (the kernel handed it
 *                                                  out); true -&gt; false at give
 * out        lend, give                            buffers held by streams: 0..entries
 * misuse     lend, give                            a lend of a lent buffer or a give of one not
 *                                                  lent (never expected; counted for tests)
 * starved    wantsFree (a stream after ENOBUFS),    streams waiting for a buffer to come back;
 *            takeStarved (the driving thread)       emptied by the driving thread, which re-arms them
 * closed     close (the poller's, after it reaped)  false -&gt; true; gives after it are ignored
 * </pre>
 * Buffers and slots are written by us only while the kernel does not own them (lent, or before
 * the tail passes them), so they need no lock of their own.
 */
class BufRing {
    /** Buffer id's shift in a completion's flags. */
    static final int BID_SHIFT = 16;
    private static final VarHandle TAIL = ValueLayout.JAVA_SHORT.varHandle();
    private static final int SLOT = 16;
    private static final int PAGE = 4096;

    final int group;
    final int entries;
    final int size;
    private final int ringFd;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment slots;
    private final MemorySegment block;
    private final Runnable wake;
    private final boolean[] lent;
    private final List<MultishotRecv> starved = new ArrayList<>();
    private int tail;
    private int out;
    private int misuse;
    private boolean closed;

    /**
     * Registers a ring of {@code entries} buffers of {@code size} bytes as group {@code group}
     * of the io_uring {@code ringFd}, every buffer in it.
     *
     * @param wake called (outside this lock) when a buffer comes back while a stream is starved
     * @throws Ring.UringException if the kernel refuses (before 5.19: {@code EINVAL}; entries
     *     not a power of two or above 32768: {@code EINVAL})
     */
    BufRing(int ringFd, int group, int entries, int size, Runnable wake) throws Ring.UringException {
        this.ringFd = ringFd;
        this.group = group;
        this.entries = entries;
        this.size = size;
        this.wake = wake;
        this.lent = new boolean[entries];
        this.slots = arena.allocate((long) SLOT * entries, PAGE);
        this.block = arena.allocate((long) size * entries, PAGE);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment reg = a.allocate(40, 8);
            reg.set(ValueLayout.JAVA_LONG, 0, slots.address());
            reg.set(ValueLayout.JAVA_INT, 8, entries);
            reg.set(ValueLayout.JAVA_SHORT, 12, (short) group);
            MemorySegment errno = Libc.errnoSegment(a);
            if (Sys.syscall(errno, Sys.NR_REGISTER, ringFd, Sys.REGISTER_PBUF_RING, reg.address(), 1, 0, 0) < 0) {
                int e = Libc.errno(errno);
                arena.close();
                throw new Ring.UringException(e, "io_uring_register(PBUF_RING)");
            }
        }
        synchronized (this) {
            for (int bid = 0; bid < entries; bid++) put(bid);
            TAIL.setRelease(slots, 14L, (short) tail);
        }
    }

    /** How a poller gets its ring: {@link #register(int, Runnable)}, or a test's. */
    @FunctionalInterface
    interface Maker {
        /** @return the ring registered on the io_uring {@code ringFd}; {@code wake} wakes the poller's driving thread */
        BufRing make(int ringFd, Runnable wake) throws Ring.UringException;
    }

    /** A poller's ring, of the default shape (see {@link UringPoller}), group 0. */
    static BufRing register(int ringFd, Runnable wake) throws Ring.UringException {
        return new BufRing(ringFd, 0, UringPoller.RING_BUFFERS, UringPoller.RING_BUFFER_SIZE, wake);
    }

    /** @return the receive side of {@code s}, taking this ring's buffers */
    MultishotRecv receiver(UringStream s) {
        return new MultishotRecv(s, this);
    }

    /** @return the bytes of buffer {@code bid} (all {@link #size} of them; the completion says how many are filled) */
    final MemorySegment buffer(int bid) {
        return block.asSlice((long) bid * size, size);
    }

    /** The reaping thread: a completion handed buffer {@code bid} to a stream. */
    synchronized void lend(int bid) {
        if (lent[bid]) misuse++;
        lent[bid] = true;
        out++;
    }

    /** A stream copied out the bytes of buffer {@code bid}, or dropped them at its close: back to the kernel. */
    void give(int bid) {
        synchronized (this) {
            if (closed) return;
            if (!lent[bid]) {
                misuse++;
                return;
            }
            lent[bid] = false;
            out--;
            put(bid);
            TAIL.setRelease(slots, 14L, (short) tail); // release: the slot is written before the kernel reads the tail
            if (starved.isEmpty()) return;
        }
        wake.run();
    }

    /** Under this: writes buffer {@code bid} into the slot at the tail and moves the tail past it (not yet published). */
    private void put(int bid) {
        long at = (long) (tail & (entries - 1)) * SLOT;
        slots.set(ValueLayout.JAVA_LONG, at, block.address() + (long) bid * size);
        slots.set(ValueLayout.JAVA_INT, at + 8, size);
        slots.set(ValueLayout.JAVA_SHORT, at + 12, (short) bid);
        tail = (tail + 1) & 0xffff;
    }

    /**
     * A stream the kernel answered {@code ENOBUFS}: whether a buffer is back in the ring now (re-arm
     * at once); if not, the stream is kept and re-armed by the driving thread once one is.
     */
    synchronized boolean wantsFree(MultishotRecv r) {
        if (out < entries) return true;
        if (!starved.contains(r)) starved.add(r);
        return false;
    }

    /** The driving thread, each turn: the starved streams, if a buffer is back for them (emptied). */
    List<MultishotRecv> takeStarved() {
        synchronized (this) {
            if (starved.isEmpty() || out == entries) return List.of();
            List<MultishotRecv> s = new ArrayList<>(starved);
            starved.clear();
            return s;
        }
    }

    /** @return buffers held by streams (lent and not given back) */
    synchronized int held() {
        return out;
    }

    /** @return lends of a lent buffer and gives of one not lent, so far (0 unless broken) */
    synchronized int misuse() {
        return misuse;
    }

    /**
     * The poller's close, after every op was reaped: unregisters the ring and frees its memory. If
     * ops were left in flight ({@code keep}), the memory is kept for good: the kernel may still
     * write into it.
     */
    void close(boolean keep) {
        synchronized (this) {
            if (closed) return;
            closed = true;
            starved.clear();
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment reg = a.allocate(40, 8);
            reg.set(ValueLayout.JAVA_SHORT, 12, (short) group);
            Sys.syscall(Libc.errnoSegment(a), Sys.NR_REGISTER, ringFd, Sys.UNREGISTER_PBUF_RING, reg.address(), 1, 0, 0);
        }
        if (!keep) arena.close();
    }

    @Override
    public synchronized String toString() {
        return "BufRing[" + entries + " x " + size + " bytes, " + out + " held by streams]";
    }
}
