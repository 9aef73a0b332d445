package dev.weft.net.internal.uring;

import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.linux.Libc;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * One io_uring instance: its file descriptor and its three mappings (the submission ring, the
 * completion ring, the array of submission entries), laid out as {@code io_uring_params} says.
 *
 * {@snippet :
 * Ring r = Ring.open(256, 1024, Sys.SETUP_SUBMIT_ALL);
 * long sqe = r.sqe();                 // under the submitter's lock; -1: the ring is full
 * r.prep(sqe, Sys.OP_NOP, -1, 0, 0, 0, 0, 0, token);
 * r.publish();
 * r.enter(errno, r.sqEntries, 1, Sys.ENTER_GETEVENTS, MemorySegment.NULL, 0);
 * }
 *
 * <h2>Who touches what</h2>
 * <pre>
 * sqTail (ours), the SQEs     the submitter holding the poller's submission lock
 * SQ tail in the ring         written by that submitter (volatile store: the SQE is complete before
 *                             the kernel can see it, and a store-load fence before the submitter
 *                             looks whether the driving thread sleeps); read by the kernel
 * SQ head                     written by the kernel; read with acquire (is there room?)
 * CQ head                     written by the reaping thread only (release: the kernel may reuse the
 *                             entries before it); CQ tail written by the kernel, read with acquire
 * </pre>
 * The submission array is filled once with the identity ({@code array[i] = i}): entry
 * {@code tail & mask} is always the SQE at that index.
 */
final class Ring {
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    static final int SQE_SIZE = 64;
    static final int CQE_SIZE = 16;

    final int fd;
    final int sqEntries;
    final int cqEntries;
    final int features;
    final int flags;
    private final MemorySegment sqRing;
    private final MemorySegment cqRing;
    private final MemorySegment sqes;
    private final long sqHead;
    private final long sqTailOff;
    private final long sqFlags;
    private final int sqMask;
    private final long cqHead;
    private final long cqTail;
    private final int cqMask;
    private final long cqes;
    private int sqTail; // under the submission lock
    private boolean closed;

    private Ring(int fd, int flags, MemorySegment params, MemorySegment sqRing, MemorySegment cqRing, MemorySegment sqes) {
        this.fd = fd;
        this.flags = flags;
        this.sqEntries = params.get(ValueLayout.JAVA_INT, 0);
        this.cqEntries = params.get(ValueLayout.JAVA_INT, 4);
        this.features = params.get(ValueLayout.JAVA_INT, 20);
        this.sqRing = sqRing;
        this.cqRing = cqRing;
        this.sqes = sqes;
        this.sqHead = params.get(ValueLayout.JAVA_INT, 40);
        this.sqTailOff = params.get(ValueLayout.JAVA_INT, 44);
        this.sqMask = sqRing.get(ValueLayout.JAVA_INT, params.get(ValueLayout.JAVA_INT, 48));
        this.sqFlags = params.get(ValueLayout.JAVA_INT, 56);
        long array = params.get(ValueLayout.JAVA_INT, 64);
        this.cqHead = params.get(ValueLayout.JAVA_INT, 80);
        this.cqTail = params.get(ValueLayout.JAVA_INT, 84);
        this.cqMask = cqRing.get(ValueLayout.JAVA_INT, params.get(ValueLayout.JAVA_INT, 88));
        this.cqes = params.get(ValueLayout.JAVA_INT, 100);
        for (int i = 0; i < sqEntries; i++) sqRing.set(ValueLayout.JAVA_INT, array + 4L * i, i);
        this.sqTail = (int) INT.getVolatile(sqRing, sqTailOff);
    }

    /**
     * Sets up a ring and maps it.
     *
     * @param entries submission entries (a power of two)
     * @param cqEntries completion entries (a power of two, at least {@code entries})
     * @param setupFlags {@code IORING_SETUP_*} besides {@code CQSIZE}
     * @return the ring
     * @throws UringException if {@code io_uring_setup} or {@code mmap} fails, with its errno
     */
    static Ring open(int entries, int cqEntries, int setupFlags) throws UringException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment errno = Libc.errnoSegment(a);
            MemorySegment p = a.allocate(120, 8);
            p.set(ValueLayout.JAVA_INT, 4, cqEntries);
            p.set(ValueLayout.JAVA_INT, 8, setupFlags | Sys.SETUP_CQSIZE);
            long fd = UringProbe.setup(errno, entries, p);
            if (fd < 0) throw new UringException(Libc.errno(errno), "io_uring_setup");
            int features = p.get(ValueLayout.JAVA_INT, 20);
            int sqEntries = p.get(ValueLayout.JAVA_INT, 0);
            int cqN = p.get(ValueLayout.JAVA_INT, 4);
            long sqSize = p.get(ValueLayout.JAVA_INT, 64) + 4L * sqEntries;
            long cqSize = p.get(ValueLayout.JAVA_INT, 100) + (long) CQE_SIZE * cqN;
            MemorySegment sq = null;
            MemorySegment cq = null;
            MemorySegment sqes = null;
            try {
                if ((features & Sys.FEAT_SINGLE_MMAP) != 0) {
                    sq = map(errno, Math.max(sqSize, cqSize), (int) fd, Sys.OFF_SQ_RING);
                    cq = sq;
                } else {
                    sq = map(errno, sqSize, (int) fd, Sys.OFF_SQ_RING);
                    cq = map(errno, cqSize, (int) fd, Sys.OFF_CQ_RING);
                }
                sqes = map(errno, (long) SQE_SIZE * sqEntries, (int) fd, Sys.OFF_SQES);
            } catch (UringException e) {
                unmap(sq, cq, sqes);
                Libc.close(errno, (int) fd);
                throw e;
            }
            return new Ring((int) fd, setupFlags, p, sq, cq, sqes);
        }
    }

    private static MemorySegment map(MemorySegment errno, long len, int fd, long off) throws UringException {
        MemorySegment m = Sys.mmap(errno, len, fd, off);
        if (m == null) throw new UringException(Libc.errno(errno), "mmap of the ring");
        return m;
    }

    private static void unmap(MemorySegment sq, MemorySegment cq, MemorySegment sqes) {
        if (sqes != null) Sys.munmap(sqes);
        if (cq != null && cq != sq) Sys.munmap(cq);
        if (sq != null) Sys.munmap(sq);
    }

    /**
     * Under the submission lock: the offset of the next free SQE, zeroed, or {@code -1} if the
     * submission ring is full (submit first).
     */
    long sqe() {
        int head = (int) INT.getAcquire(sqRing, sqHead); // acquire: the kernel has read the entries before it
        if (sqTail - head == sqEntries) return -1;
        long off = (long) (sqTail & sqMask) * SQE_SIZE;
        sqes.asSlice(off, SQE_SIZE).fill((byte) 0);
        return off;
    }

    /** Fills the SQE at {@code off} (see {@code struct io_uring_sqe}). */
    void prep(long off, int opcode, int fd, long addr, int len, long off2, int opFlags, int ioprio, long userData) {
        sqes.set(ValueLayout.JAVA_BYTE, off, (byte) opcode);
        sqes.set(ValueLayout.JAVA_SHORT, off + 2, (short) ioprio);
        sqes.set(ValueLayout.JAVA_INT, off + 4, fd);
        sqes.set(ValueLayout.JAVA_LONG, off + 8, off2);
        sqes.set(ValueLayout.JAVA_LONG, off + 16, addr);
        sqes.set(ValueLayout.JAVA_INT, off + 24, len);
        sqes.set(ValueLayout.JAVA_INT, off + 28, opFlags);
        sqes.set(ValueLayout.JAVA_LONG, off + 32, userData);
    }

    /**
     * Marks the SQE at {@code off} to take its buffer from the provided buffer ring {@code group}
     * ({@code IOSQE_BUFFER_SELECT}, {@code buf_group}).
     */
    void selectBuffer(long off, int group) {
        sqes.set(ValueLayout.JAVA_BYTE, off + 1, (byte) Sys.SQE_BUFFER_SELECT);
        sqes.set(ValueLayout.JAVA_SHORT, off + 40, (short) group);
    }

    /** Under the submission lock: makes the SQE last returned by {@link #sqe()} visible to the kernel. */
    void publish() {
        sqTail++;
        INT.setVolatile(sqRing, sqTailOff, sqTail); // volatile: see the class comment
    }

    /** @return entries published and not yet consumed by the kernel (any thread, racy) */
    int unsubmitted() {
        return (int) INT.getVolatile(sqRing, sqTailOff) - (int) INT.getAcquire(sqRing, sqHead);
    }

    /** @return the SQ ring's flags ({@link Sys#SQ_CQ_OVERFLOW}, {@link Sys#SQ_TASKRUN}) */
    int sqFlags() {
        return (int) INT.getVolatile(sqRing, sqFlags);
    }

    /**
     * {@code io_uring_enter}.
     *
     * @return the kernel's answer; -1 with errno set on failure
     */
    long enter(MemorySegment errno, int toSubmit, int minComplete, int enterFlags, MemorySegment arg, long argSize) {
        return Sys.syscall(errno, Sys.NR_ENTER, fd, toSubmit, minComplete, enterFlags, arg.address(), argSize);
    }

    /** @return the CQ head (the reaping thread's own) */
    int cqHead() {
        return (int) INT.get(cqRing, cqHead); // plain: only the reaping thread writes it
    }

    /** @return the CQ tail, with acquire: the entries before it are written */
    int cqTail() {
        return (int) INT.getAcquire(cqRing, cqTail);
    }

    /** Gives the entries before {@code head} back to the kernel. */
    void cqAdvance(int head) {
        INT.setRelease(cqRing, cqHead, head); // release: our reads of those entries come first
    }

    long cqeUserData(int index) {
        return cqRing.get(ValueLayout.JAVA_LONG, cqes + (long) (index & cqMask) * CQE_SIZE);
    }

    int cqeRes(int index) {
        return cqRing.get(ValueLayout.JAVA_INT, cqes + (long) (index & cqMask) * CQE_SIZE + 8);
    }

    int cqeFlags(int index) {
        return cqRing.get(ValueLayout.JAVA_INT, cqes + (long) (index & cqMask) * CQE_SIZE + 12);
    }

    /** Unmaps the rings and closes the ring's descriptor (which ends what the kernel still holds). Idempotent. */
    synchronized void close() {
        if (closed) return;
        closed = true;
        unmap(sqRing, cqRing, sqes);
        try (Arena a = Arena.ofConfined()) {
            Libc.close(Libc.errnoSegment(a), fd);
        }
    }

    /** A failed setup call, with its errno. */
    static final class UringException extends IOException {
        private static final long serialVersionUID = 1L;
        /** The error number. */
        final int errno;

        UringException(int errno, String call) {
            super(Errno.exception(errno, call).getMessage());
            this.errno = errno;
        }
    }
}
