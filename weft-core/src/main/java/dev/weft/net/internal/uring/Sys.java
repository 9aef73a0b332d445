package dev.weft.net.internal.uring;

import dev.weft.net.internal.linux.Libc;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The system calls of io_uring, through the Foreign Function &amp; Memory API: the raw
 * {@code syscall(2)} (the C library's one binding, {@link Libc#syscall}) for {@code io_uring_setup} (425), {@code io_uring_enter} (426) and
 * {@code io_uring_register} (427), the same numbers on x86-64 and aarch64 (aarch64 uses the
 * generic table, where io_uring was added after the tables were unified), and {@code mmap} /
 * {@code munmap} for the rings. No liburing, no library of ours.
 *
 * {@snippet :
 * long fd = Sys.syscall(errno, Sys.NR_SETUP, entries, params.address(), 0, 0, 0, 0);
 * }
 *
 * <p>Every argument of {@code syscall} is passed as a {@code long}: glibc's {@code syscall} reads
 * its six variadic arguments as {@code long}, so an {@code int} would leave the upper half of the
 * register undefined. The constants are those of {@code <linux/io_uring.h>}.
 */
final class Sys {
    static final long NR_SETUP = 425;
    static final long NR_ENTER = 426;
    static final long NR_REGISTER = 427;

    static final int OP_NOP = 0;
    static final int OP_POLL_ADD = 6;
    static final int OP_ACCEPT = 13;
    static final int OP_ASYNC_CANCEL = 14;
    static final int OP_CONNECT = 16;
    static final int OP_CLOSE = 19;
    static final int OP_SEND = 26;
    static final int OP_RECV = 27;
    static final int OP_SHUTDOWN = 34;

    static final int SETUP_CQSIZE = 1 << 3;
    static final int SETUP_SUBMIT_ALL = 1 << 7;
    static final int SETUP_COOP_TASKRUN = 1 << 8;
    static final int SETUP_TASKRUN_FLAG = 1 << 9;
    static final int SETUP_SINGLE_ISSUER = 1 << 12;
    static final int SETUP_DEFER_TASKRUN = 1 << 13;

    static final int FEAT_SINGLE_MMAP = 1;
    static final int FEAT_NODROP = 1 << 1;
    static final int FEAT_FAST_POLL = 1 << 5;
    static final int FEAT_EXT_ARG = 1 << 8;

    static final int ENTER_GETEVENTS = 1;
    static final int ENTER_EXT_ARG = 1 << 3;

    static final int SQ_CQ_OVERFLOW = 1 << 1;
    static final int SQ_TASKRUN = 1 << 2;

    static final int CQE_F_BUFFER = 1;
    static final int CQE_F_MORE = 1 << 1;
    /** {@code IOSQE_BUFFER_SELECT}: the op takes a buffer of the provided buffer ring named by {@code buf_group}. */
    static final int SQE_BUFFER_SELECT = 1 << 5;
    /** {@code IORING_RECV_MULTISHOT}, in a recv's {@code ioprio}. */
    static final int RECV_MULTISHOT = 1 << 1;
    static final int ACCEPT_MULTISHOT = 1;
    static final int ASYNC_CANCEL_ANY = 1 << 2;
    static final int POLL_ADD_MULTI = 1;
    static final int POLLIN = 1;
    /** {@code MSG_WAITALL}: on a stream socket io_uring retries a short send until all is sent. */
    static final int MSG_WAITALL = 0x100;

    static final int REGISTER_PROBE = 8;
    static final int REGISTER_PBUF_RING = 22;
    static final int UNREGISTER_PBUF_RING = 23;
    static final int OP_SUPPORTED = 1;

    static final long OFF_SQ_RING = 0L;
    static final long OFF_CQ_RING = 0x8000000L;
    static final long OFF_SQES = 0x10000000L;

    static final int ENOSYS = 38;
    static final int ETIME = 62;
    static final int EBUSY = 16;
    static final int ECANCELED = 125;

    /** Whether the bindings loaded (Linux on x86-64 or aarch64, every symbol found). */
    static final boolean AVAILABLE;
    /** Why not, when {@link #AVAILABLE} is false. */
    static final String UNAVAILABLE_REASON;

    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_SHARED_POPULATE = 0x01 | 0x8000;

    private static final MethodHandle MMAP;
    private static final MethodHandle MUNMAP;

    static {
        MethodHandle mmap = null;
        MethodHandle munmap = null;
        String reason = Libc.AVAILABLE ? null : Libc.UNAVAILABLE_REASON; // Linux on x86-64 or aarch64, the C library bound
        if (reason == null) {
            try {
                Linker.Option errno = Linker.Option.captureCallState("errno");
                ValueLayout L = ValueLayout.JAVA_LONG;
                ValueLayout I = ValueLayout.JAVA_INT;
                ValueLayout P = ValueLayout.ADDRESS;
                mmap = Libc.downcall("mmap", FunctionDescriptor.of(P, P, L, I, I, I, L), errno);
                munmap = Libc.downcall("munmap", FunctionDescriptor.of(I, P, L));
            } catch (RuntimeException | LinkageError e) {
                reason = "io_uring could not bind mmap from the C library: " + e;
            }
        }
        AVAILABLE = reason == null;
        UNAVAILABLE_REASON = reason;
        MMAP = mmap;
        MUNMAP = munmap;
    }

    private Sys() {}

    /**
     * {@code syscall(nr, a..f)}, through the C library's one binding ({@link Libc#syscall}).
     *
     * @param errno a segment of {@link Libc#errnoSegment}
     * @return the result; -1 with errno set on failure
     */
    static long syscall(MemorySegment errno, long nr, long a, long b, long c, long d, long e, long f) {
        return Libc.syscall(errno, nr, a, b, c, d, e, f);
    }

    /**
     * Maps {@code len} bytes of the ring {@code fd} at {@code offset}, shared and populated.
     *
     * @return the mapping, or {@code null} with errno set
     */
    static MemorySegment mmap(MemorySegment errno, long len, int fd, long offset) {
        try {
            MemorySegment m = (MemorySegment) MMAP.invokeExact(errno, MemorySegment.NULL, len, PROT_READ_WRITE, MAP_SHARED_POPULATE, fd, offset);
            return m.address() == -1L ? null : m.reinterpret(len);
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
    }

    /** Unmaps a mapping of {@link #mmap}. */
    static void munmap(MemorySegment m) {
        try {
            int r = (int) MUNMAP.invokeExact(m, m.byteSize());
            assert r == 0;
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
    }
}
