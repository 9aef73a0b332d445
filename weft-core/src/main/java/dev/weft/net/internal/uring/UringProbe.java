package dev.weft.net.internal.uring;

import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.linux.Libc;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether io_uring can serve a runtime here, found once per JVM by asking the kernel, never by its
 * version: a throwaway ring is set up with the flags the poller uses (falling back to fewer), its
 * features are checked ({@code NODROP}, {@code EXT_ARG}, {@code FAST_POLL}), and
 * {@code IORING_REGISTER_PROBE} must list every opcode the poller submits. A system call refused
 * ({@code ENOSYS}: an old kernel; {@code EPERM}: a seccomp policy, a container, the
 * {@code io_uring_disabled} sysctl) or anything missing gives {@link #result()} a reason, and the
 * runtime takes epoll instead.
 *
 * {@snippet :
 * UringProbe.Result r = UringProbe.result();
 * if (!r.available()) log("io_uring: " + r.reason());
 * }
 *
 * <p>The setup flags: {@code SUBMIT_ALL} if the kernel takes it. {@code SINGLE_ISSUER} (and with
 * it {@code DEFER_TASKRUN}) and {@code COOP_TASKRUN} are probed and reported, not used: a runtime
 * has one ring, submitted to by whichever worker runs a task and waited in by whichever worker
 * drives, so there is no single issuer; and a completion's task work runs on the thread that
 * submitted it, which {@code COOP_TASKRUN} would no longer interrupt: a worker busy in user code
 * would hold back the completions of the ops it submitted until its next system call.
 *
 * <p>{@link #setupHook} is a test seam (package-private): a test in a fresh JVM sets it to make
 * {@code io_uring_setup} answer an error, to see the fallback.
 */
public final class UringProbe {
    /** The opcodes the poller submits. */
    private static final int[] NEEDED = {Sys.OP_NOP, Sys.OP_POLL_ADD, Sys.OP_ACCEPT, Sys.OP_ASYNC_CANCEL,
        Sys.OP_CONNECT, Sys.OP_CLOSE, Sys.OP_SEND, Sys.OP_RECV, Sys.OP_SHUTDOWN};
    private static final String[] NAMES = new String[64];

    static {
        NAMES[Sys.OP_NOP] = "NOP";
        NAMES[Sys.OP_POLL_ADD] = "POLL_ADD";
        NAMES[Sys.OP_ACCEPT] = "ACCEPT";
        NAMES[Sys.OP_ASYNC_CANCEL] = "ASYNC_CANCEL";
        NAMES[Sys.OP_CONNECT] = "CONNECT";
        NAMES[Sys.OP_CLOSE] = "CLOSE";
        NAMES[Sys.OP_SEND] = "SEND";
        NAMES[Sys.OP_RECV] = "RECV";
        NAMES[Sys.OP_SHUTDOWN] = "SHUTDOWN";
    }

    /** A stand-in for {@code io_uring_setup}, for tests: answers the fd, or -1 with errno set. */
    @FunctionalInterface
    interface SetupCall {
        long setup(MemorySegment errno, int entries, MemorySegment params);
    }

    /** Test seam: when set (before the first probe), replaces the real {@code io_uring_setup}. */
    static volatile SetupCall setupHook;

    /**
     * What the probe found.
     *
     * @param available whether a runtime can use io_uring
     * @param reason why not (null when available)
     * @param setupFlags the {@code IORING_SETUP_*} flags the poller's rings use
     * @param notes what else was probed (flags available and not used)
     */
    public record Result(boolean available, String reason, int setupFlags, String notes) {}

    private static volatile Result result;

    private UringProbe() {}

    /** @return the probe's result, found at the first call */
    public static Result result() {
        Result r = result;
        if (r == null) {
            synchronized (UringProbe.class) {
                r = result;
                if (r == null) result = r = probe();
            }
        }
        return r;
    }

    /** {@code io_uring_setup}, or the test's stand-in. */
    static long setup(MemorySegment errno, int entries, MemorySegment params) {
        SetupCall hook = setupHook;
        if (hook != null) return hook.setup(errno, entries, params);
        return Sys.syscall(errno, Sys.NR_SETUP, entries, params.address(), 0, 0, 0, 0);
    }

    private static Result probe() {
        if (!Sys.AVAILABLE) return new Result(false, Sys.UNAVAILABLE_REASON, 0, "");
        int[] tries = {Sys.SETUP_SUBMIT_ALL, 0};
        Ring ring = null;
        Ring.UringException first = null;
        for (int flags : tries) {
            try {
                ring = Ring.open(8, 16, flags);
                break;
            } catch (Ring.UringException e) {
                if (first == null) first = e;
                if (e.errno != Errno.EINVAL) break; // refused outright: fewer flags will not help
            }
        }
        if (ring == null) return new Result(false, "io_uring_setup failed: " + first.getMessage(), 0, "");
        try {
            int f = ring.features;
            List<String> missing = new ArrayList<>();
            if ((f & Sys.FEAT_NODROP) == 0) missing.add("feature NODROP");
            if ((f & Sys.FEAT_EXT_ARG) == 0) missing.add("feature EXT_ARG");
            if ((f & Sys.FEAT_FAST_POLL) == 0) missing.add("feature FAST_POLL");
            String ops = missingOps(ring);
            if (ops == null) return new Result(false, "IORING_REGISTER_PROBE failed", 0, "");
            if (!ops.isEmpty()) missing.add("opcodes " + ops);
            if (!missing.isEmpty()) return new Result(false, "the kernel's io_uring lacks " + String.join(", ", missing), 0, "");
            return new Result(true, null, ring.flags, notes());
        } finally {
            ring.close();
        }
    }

    /** @return the needed opcodes the kernel does not support ("" if none), or null if the probe failed */
    private static String missingOps(Ring ring) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment errno = Libc.errnoSegment(a);
            MemorySegment p = a.allocate(16 + 8 * 256L, 8);
            long r = Sys.syscall(errno, Sys.NR_REGISTER, ring.fd, Sys.REGISTER_PROBE, p.address(), 256, 0, 0);
            if (r < 0) return null;
            int opsLen = Byte.toUnsignedInt(p.get(ValueLayout.JAVA_BYTE, 1));
            StringBuilder out = new StringBuilder();
            for (int op : NEEDED) {
                boolean ok = op < opsLen && (p.get(ValueLayout.JAVA_SHORT, 16 + 8L * op + 2) & Sys.OP_SUPPORTED) != 0;
                if (!ok) out.append(out.isEmpty() ? "" : ", ").append(NAMES[op]);
            }
            return out.toString();
        }
    }

    private static volatile Boolean multishotRecv;

    /**
     * Whether the kernel takes a multishot receive into a provided buffer ring (6.0 on; 5.19 has
     * buffer rings but refuses {@code IORING_RECV_MULTISHOT}), found once per JVM: on a throwaway
     * ring with a ring of one buffer, a multishot receive on descriptor -1 is refused when it is
     * prepared ({@code EINVAL}) by a kernel without it, and when it runs ({@code EBADF}) by one with
     * it.
     */
    static boolean multishotRecv() {
        Boolean m = multishotRecv;
        if (m == null) {
            synchronized (UringProbe.class) {
                m = multishotRecv;
                if (m == null) multishotRecv = m = takesRecv(Sys.RECV_MULTISHOT);
            }
        }
        return m;
    }

    /** @return whether a receive with the {@code IORING_RECVSEND_*} flags {@code recvFlags}, into a buffer ring, passes its preparation */
    static boolean takesRecv(int recvFlags) {
        Ring ring;
        try {
            ring = Ring.open(8, 16, 0);
        } catch (Ring.UringException e) {
            return false;
        }
        try (Arena a = Arena.ofConfined()) {
            BufRing buffers = new BufRing(ring.fd, 0, 1, 4096, () -> {});
            try {
                long e = ring.sqe();
                ring.prep(e, Sys.OP_RECV, -1, 0, 0, 0, 0, recvFlags, 1);
                ring.selectBuffer(e, buffers.group);
                ring.publish();
                if (ring.enter(Libc.errnoSegment(a), 1, 1, Sys.ENTER_GETEVENTS, MemorySegment.NULL, 0) < 0) return false;
                int head = ring.cqHead();
                if (head == ring.cqTail()) return false;
                int res = ring.cqeRes(head);
                ring.cqAdvance(head + 1);
                return res != -Errno.EINVAL;
            } finally {
                buffers.close(false);
            }
        } catch (Ring.UringException e) {
            return false; // no buffer rings at all
        } finally {
            ring.close();
        }
    }

    /** @return which of the flags not used the kernel would take (for the report) */
    private static String notes() {
        StringBuilder out = new StringBuilder();
        out.append("SINGLE_ISSUER|DEFER_TASKRUN ").append(takes(Sys.SETUP_SINGLE_ISSUER | Sys.SETUP_DEFER_TASKRUN) ? "available" : "refused");
        out.append(", COOP_TASKRUN|TASKRUN_FLAG ").append(takes(Sys.SETUP_COOP_TASKRUN | Sys.SETUP_TASKRUN_FLAG) ? "available" : "refused");
        out.append(" (not used: one ring per runtime, many submitting threads)");
        return out.toString();
    }

    private static boolean takes(int flags) {
        try {
            Ring.open(8, 16, flags).close();
            return true;
        } catch (Ring.UringException e) {
            return false;
        }
    }
}
