package dev.weft.net.internal.uring;

import dev.weft.driver.internal.Poller;
import dev.weft.internal.FlightRecorderGate;
import dev.weft.net.internal.ReactorTurnEvent;
import dev.weft.net.internal.SweepClock;
import dev.weft.net.internal.WakeFlag;
import dev.weft.net.internal.WakeList;
import dev.weft.net.internal.epoll.EpollPoller;
import dev.weft.net.internal.epoll.NativeNet;
import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.linux.Libc;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The io_uring poller: one ring per runtime, set up and mapped through the Foreign Function &amp;
 * Memory API with the raw system calls, as the {@link Poller} of the runtime's driver. Sockets are
 * driven by completions: a read is an {@code IORING_OP_RECV} in flight, an accept a multishot
 * {@code IORING_OP_ACCEPT}, and so on ({@link UringStream}, {@link UringListener},
 * {@link UringConnect}); a turn of the driver reaps the completion ring and wakes their tasks.
 *
 * {@snippet :
 * UringPoller p = new UringPoller();
 * p.submit(op, Sys.OP_RECV, fd, buf.address(), len, 0, 0, 0); // any thread
 * p.poll(-1);   // the driving thread: submit what is queued, wait for a completion, reap, wake
 * p.close();    // cancel and reap every op in flight, unmap the rings, close the ring fd
 * }
 *
 * <h2>Submission, batched per turn</h2>
 * Any thread queues an SQE under the submission lock {@code sq} (no system call) and publishes it
 * with a volatile store of the SQ tail. The queued entries go to the kernel with the driving
 * thread's next {@code io_uring_enter}, which waits in the same call: one call serves every entry
 * queued since the last one (a worker's turn: its tasks queue, then it parks and drives). If the
 * driving thread already sleeps in the kernel, the submitter enters itself (submit only) so its
 * entry does not wait for the sleeper: the submitter's volatile tail store comes before its look at
 * the {@link WakeFlag}, the sleeper's flag store before its enter, so one of the two submits it.
 * Busy workers look at the driver every 61 polls ({@code Driver.tryPollNow}): {@link #poll} with
 * timeout 0 makes no system call unless entries are queued or the CQ ring overflowed.
 *
 * <h2>The op table</h2>
 * {@code slots} holds every op in flight under its token ({@code user_data}): index (from 1) and,
 * above bit 32, a generation changed at each reuse, so a stray completion never reaches a later op.
 * Holding the op keeps its buffer and address reachable until its last completion (a multishot
 * op's last one has no {@code IORING_CQE_F_MORE}). Changed under {@code sq}; the reaping thread
 * reads a slot with acquire. Negative user data: the wake-up's {@code NOP} and the cancellations,
 * whose completions nothing waits for.
 * <pre>
 * field                  touched by
 * slots, free, gens      under sq (slots elements: release store; the reaper reads with acquire)
 * inFlight               written under sq; read racily by mightReport
 * sockets                under itself: the open sockets (closed by close())
 * closed, polling        under this: as EpollPoller's, a poll marks itself polling; close() wakes
 *                        it and waits for it to leave before it reaps on its own
 * submitClosed           under sq: after close() reaped, submissions are refused
 * bufRing                final; its state is its own (see BufRing); the driving thread re-arms its
 *                        starved streams after each reap
 * woken, pollErrno, arg  the driving thread only (or close(), once nobody polls); so is
 *                        sweepClock (once a second a pass drops the waiters of completed tasks)
 * </pre>
 *
 * <h2>Wake-ups</h2>
 * Through a {@link WakeFlag}: one {@code NOP} submitted (and entered) per sleep; its completion
 * ends the sleeper's wait.
 *
 * <h2>Receives into a provided buffer ring</h2>
 * At its creation the poller registers a {@link BufRing} of {@value #RING_BUFFERS} buffers of
 * {@value #RING_BUFFER_SIZE} bytes (4 MiB per runtime, fixed): 16 KiB takes what loopback and a
 * LAN deliver to one wake-up of a busy stream, and 256 of them let 64 streams each queue a
 * quarter of the ring's worth before their multishots pause ({@link MultishotRecv}). Each stream's
 * receive is then one multishot {@code IORING_OP_RECV} that the kernel fills from the ring. Where
 * the kernel refuses the registration (before 5.19) or multishot receive (5.19, found once by
 * {@link UringProbe#multishotRecv()}), the poller has no ring and each read submits
 * its own recv into a buffer of {@link Buffers}, as before; nothing is logged
 * ({@link #toString()} says why). A stream that met {@code ENOBUFS} waits in the ring's starved
 * list: a buffer given back wakes this poller, whose next turn re-arms it ({@code bufRing} is
 * final; its starved list is the ring's, under its lock). The close unregisters the ring and frees
 * its memory after every op was reaped.
 *
 * <h2>UDP</h2>
 * Datagram sockets are not on the ring in this stage: they run on an {@link EpollPoller} made at
 * the first {@code bindDatagram}, whose descriptor the ring watches with a multishot
 * {@code IORING_OP_POLL_ADD}; its completion makes the driving thread poll the epoll instance.
 */
public final class UringPoller implements Poller {
    private static final int ENTRIES = 256;
    /** The provided buffer ring's buffers: see the class comment. */
    static final int RING_BUFFERS = 256;
    /** The size of each of them. */
    static final int RING_BUFFER_SIZE = 16 * 1024;
    private static final int CQ_ENTRIES = 4096;
    private static final long WAKE = -1L;
    private static final long IGNORE = -2L;
    private static final long CLOSE_PATIENCE_NANOS = 5_000_000_000L;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(UringOp[].class);
    /** Ops still in flight when a poller gave up waiting at close: their memory is never freed. */
    private static final List<UringOp> LEAKED = new CopyOnWriteArrayList<>();

    private final Arena arena = Arena.ofAuto(); // freed by the GC: a stuck driving thread may still use it
    private final Ring ring;
    private final Buffers buffers;
    private final BufRing bufRing; // null: the kernel refused it (or a test's poller without one): one recv per read
    private final String bufRingRefusal;
    private final Object sq = new Object();
    private final MemorySegment submitErrno;
    private final MemorySegment pollErrno;
    private final MemorySegment arg;
    private final MemorySegment ts;
    private final WakeFlag state = new WakeFlag();
    private final WakeList woken = new WakeList();
    private final SweepClock sweepClock = new SweepClock(); // the driving thread's
    private volatile UringOp[] slots = new UringOp[64];
    private int[] generations = new int[64];
    private int[] free = new int[64];
    private int freeCount;
    private int nextFresh = 1;
    private volatile int inFlight;
    private final Set<UringSocket> sockets = new LinkedHashSet<>();
    private boolean closed;
    private boolean polling;
    private boolean submitClosed;
    private volatile boolean closing;
    private volatile EpollPoller datagrams; // written under this, at the first bindDatagram
    private NativeNet datagramNet;

    /**
     * Sets up the ring with the flags {@link UringProbe} found.
     *
     * @throws IOException if io_uring is not available here or the setup fails
     */
    public UringPoller() throws IOException {
        this(new Buffers(), BufRing::register);
    }

    /** A poller whose streams submit one recv per read into {@code buffers} (no buffer ring). */
    UringPoller(Buffers buffers) throws IOException {
        this(buffers, null);
    }

    /**
     * @param buffers the native buffers of sends (and of receives, without a buffer ring)
     * @param maker registers the provided buffer ring; null, or refused by the kernel: one recv per read
     */
    UringPoller(Buffers buffers, BufRing.Maker maker) throws IOException {
        UringProbe.Result r = UringProbe.result();
        if (!r.available()) throw new IOException("io_uring is not available: " + r.reason());
        this.buffers = buffers;
        this.ring = Ring.open(ENTRIES, CQ_ENTRIES, r.setupFlags());
        BufRing br = null;
        String refusal = maker == null ? "none asked for" : null;
        if (maker != null && !UringProbe.multishotRecv()) {
            refusal = "the kernel refuses multishot receive into a buffer ring (before 6.0)";
        } else if (maker != null) {
            try {
                br = maker.make(ring.fd, this::wakeup);
            } catch (Ring.UringException e) {
                refusal = e.getMessage(); // a kernel before 5.19: receives take a buffer each, as before
            }
        }
        this.bufRing = br;
        this.bufRingRefusal = refusal;
        this.submitErrno = Libc.errnoSegment(arena);
        this.pollErrno = Libc.errnoSegment(arena);
        this.arg = arena.allocate(24, 8);
        this.ts = arena.allocate(16, 8);
        arg.set(ValueLayout.JAVA_LONG, 16, ts.address());
    }

    /** @return the native buffers of this poller's sockets */
    Buffers buffers() {
        return buffers;
    }

    /** @return the provided buffer ring of the streams' receives, or null (one recv per read) */
    BufRing bufRing() {
        return bufRing;
    }

    /** @return why there is no buffer ring (null if there is one) */
    String bufRingRefusal() {
        return bufRingRefusal;
    }

    /**
     * Queues one SQE (no system call unless the driving thread sleeps, or the SQ ring is full).
     *
     * @param op the op its completions go to, or {@code null} for none (a cancellation)
     * @return {@code false} if the poller is closed (nothing queued)
     */
    boolean submit(UringOp op, int opcode, int fd, long addr, int len, long off, int opFlags, int ioprio) {
        return submit(op, opcode, fd, addr, len, off, opFlags, ioprio, -1);
    }

    /** Queues one SQE that takes its buffer from the buffer ring {@code group} ({@code IOSQE_BUFFER_SELECT}). */
    boolean submitBufferSelect(UringOp op, int opcode, int fd, int ioprio, int group) {
        return submit(op, opcode, fd, 0, 0, 0, 0, ioprio, group);
    }

    private boolean submit(UringOp op, int opcode, int fd, long addr, int len, long off, int opFlags, int ioprio, int group) {
        synchronized (sq) {
            if (submitClosed) return false;
            long e = nextSqe();
            long token = op == null ? IGNORE : claim(op);
            ring.prep(e, opcode, fd, addr, len, off, opFlags, ioprio, token);
            if (group >= 0) ring.selectBuffer(e, group);
            ring.publish();
        }
        if (state.isSleeping()) flush();
        return true;
    }

    /** Asks the kernel to cancel {@code op} ({@code IORING_OP_ASYNC_CANCEL}); its completion still comes. */
    void cancel(UringOp op) {
        long token = op.token;
        if (token != 0) submit(null, Sys.OP_ASYNC_CANCEL, -1, token, 0, 0, 0, 0);
    }

    /** @return whether {@link #close()} has begun (ops should not be resubmitted) */
    boolean isClosing() {
        return closing;
    }

    /** Under sq: the next free SQE, submitting what is queued first if the ring is full. */
    private long nextSqe() {
        long e;
        for (int spins = 0; (e = ring.sqe()) < 0; spins++) {
            long r = ring.enter(submitErrno, ring.unsubmitted(), 0, 0, MemorySegment.NULL, 0);
            if (r < 0) {
                int errno = Libc.errno(submitErrno);
                if (errno != Errno.EINTR && errno != Sys.EBUSY && errno != Errno.EAGAIN || spins > 100_000) {
                    throw new UncheckedIOException(Errno.exception(errno, "io_uring_enter (submit)"));
                }
                Thread.onSpinWait(); // the CQ ring overflowed: the driving thread reaps
            }
        }
        return e;
    }

    /** Under sq: puts {@code op} in the table. */
    private long claim(UringOp op) {
        int i = freeCount > 0 ? free[--freeCount] : nextFresh++;
        if (i >= generations.length) {
            generations = Arrays.copyOf(generations, generations.length * 2);
            slots = Arrays.copyOf(slots, generations.length);
        }
        long token = ((long) generations[i] << 32) | i;
        op.token = token;
        SLOT.setRelease(slots, i, op);
        inFlight++;
        return token;
    }

    /** Under sq: the op at {@code i} reaped its last completion. */
    private void unclaim(int i, UringOp op) {
        op.token = 0;
        SLOT.setRelease(slots, i, (UringOp) null);
        generations[i] = (generations[i] + 1) & 0x7fff_ffff;
        if (freeCount == free.length) free = Arrays.copyOf(free, free.length * 2);
        free[freeCount++] = i;
        inFlight--;
    }

    /** Hands the queued SQEs to the kernel now (the driving thread sleeps and would not). */
    private void flush() {
        synchronized (sq) {
            int n = submitClosed ? 0 : ring.unsubmitted();
            if (n > 0) ring.enter(submitErrno, n, 0, 0, MemorySegment.NULL, 0);
        }
    }

    @Override
    public void poll(long timeoutNanos) {
        synchronized (this) {
            if (closed) return;
            polling = true;
        }
        try {
            boolean sleep = timeoutNanos != 0 && state.enterSleep();
            try {
                if (sleep && ring.cqHead() == ring.cqTail()) {
                    enter(timeoutNanos);
                } else if (ring.unsubmitted() > 0 || (ring.sqFlags() & Sys.SQ_CQ_OVERFLOW) != 0) {
                    enter(0);
                }
            } finally {
                state.awake();
            }
            int n = reap();
            if (FlightRecorderGate.open()) ReactorTurnEvent.emit(n, woken.size());
            woken.wakeAll();
            if (bufRing != null) for (MultishotRecv m : bufRing.takeStarved()) m.bufferFreed();
            if (sweepClock.due()) sweepDead();
        } finally {
            synchronized (this) {
                polling = false;
                if (closed) notifyAll();
            }
        }
    }

    /**
     * The driving thread's {@code io_uring_enter}: submits every queued entry and, unless
     * {@code timeoutNanos} is 0, waits for one completion, at most that long (negative: no limit),
     * rounded up to whole milliseconds (at least one) as the epoll and NIO pollers round theirs,
     * so the three wait the same for the same timer deadline.
     */
    private void enter(long timeoutNanos) {
        int flags = Sys.ENTER_GETEVENTS;
        MemorySegment a = MemorySegment.NULL;
        long size = 0;
        if (timeoutNanos > 0) {
            long ms = Math.max(1, (timeoutNanos + 999_999) / 1_000_000);
            ts.set(ValueLayout.JAVA_LONG, 0, ms / 1_000);
            ts.set(ValueLayout.JAVA_LONG, 8, (ms % 1_000) * 1_000_000);
            flags |= Sys.ENTER_EXT_ARG;
            a = arg;
            size = 24;
        }
        // exactly what is queued: io_uring_enter skips the wait when it submits fewer entries than
        // asked (asking for the ring's size made every wait return at once: a spin, 31 calls per
        // echo round trip); an entry queued after this read is submitted by its submitter, which
        // sees this thread SLEEPING (see the class comment)
        long r = ring.enter(pollErrno, ring.unsubmitted(), timeoutNanos == 0 ? 0 : 1, flags, a, size);
        if (r < 0) {
            int errno = Libc.errno(pollErrno);
            if (errno != Sys.ETIME && errno != Errno.EINTR && errno != Sys.EBUSY && errno != Errno.EAGAIN) {
                throw new UncheckedIOException(Errno.exception(errno, "io_uring_enter"));
            }
        }
    }

    /** Reaps every completion there is, handing each to its op; returns how many. */
    private int reap() {
        int n = 0;
        int head = ring.cqHead();
        for (int tail = ring.cqTail(); head != tail; tail = ring.cqTail()) {
            for (; head != tail; head++, n++) {
                long ud = ring.cqeUserData(head);
                if (ud > 0) dispatch(ud, ring.cqeRes(head), ring.cqeFlags(head));
            }
            ring.cqAdvance(head);
        }
        return n;
    }

    private void dispatch(long token, int res, int flags) {
        int i = (int) token;
        UringOp[] t = slots;
        UringOp op = i < t.length ? (UringOp) SLOT.getAcquire(t, i) : null;
        if (op == null || op.token != token) {
            synchronized (sq) { // grown since we looked: read it under the lock
                op = i < slots.length ? slots[i] : null;
            }
            if (op == null || op.token != token) return; // cannot happen: a token is reaped once
        }
        if ((flags & Sys.CQE_F_MORE) == 0) {
            synchronized (sq) {
                unclaim(i, op);
            }
        }
        try {
            op.complete(res, flags, woken);
        } catch (RuntimeException e) {
            System.getLogger("dev.weft").log(System.Logger.Level.ERROR, "io_uring completion of " + op + " failed", e);
        }
    }

    /** Drops the waiters of completed tasks from every socket (see {@link SweepClock}). */
    private void sweepDead() {
        List<UringSocket> open;
        synchronized (sockets) {
            open = new ArrayList<>(sockets);
        }
        for (UringSocket s : open) s.sweepDead();
    }

    /**
     * Every queued SQE but a wake-up's or a cancellation's is an op in the table, so the count
     * alone says whether a turn could find something; it reads no ring memory, which a thread
     * left over after the runtime's close may not touch once the rings are unmapped.
     */
    @Override
    public boolean mightReport() {
        return inFlight > 0;
    }

    @Override
    public void wakeup() {
        if (state.wake()) submitWake();
    }

    private void submitWake() {
        synchronized (sq) {
            if (submitClosed) return;
            ring.prep(nextSqe(), Sys.OP_NOP, -1, 0, 0, 0, 0, 0, WAKE);
            ring.publish();
            ring.enter(submitErrno, ring.unsubmitted(), 0, 0, MemorySegment.NULL, 0);
        }
    }

    /** A socket's descriptor is open and owned by this poller until {@link #released}. */
    void opened(UringSocket s) throws IOException {
        synchronized (sockets) {
            if (!closing) {
                sockets.add(s);
                return;
            }
        }
        s.closeIfNotGone();
        throw new IOException("the runtime's io_uring poller is closed");
    }

    /** A socket's descriptor was closed. */
    void released(UringSocket s) {
        synchronized (sockets) {
            sockets.remove(s);
        }
    }

    /** @return how many sockets are open (UDP ones included) */
    public int registeredCount() {
        int n;
        synchronized (sockets) {
            n = sockets.size();
        }
        synchronized (this) {
            return n + (datagrams != null ? datagrams.registeredCount() : 0);
        }
    }

    /** @return how many ops of all pollers were kept for good at close, still in flight (for tests) */
    static int leaked() {
        return LEAKED.size();
    }

    /** @return how many ops the kernel holds (for tests) */
    int inFlight() {
        return inFlight;
    }

    /**
     * @return the network of the UDP sockets: an epoll instance watched by the ring
     * @throws IOException if the poller is closed or the epoll instance cannot be made
     */
    synchronized NativeNet datagrams() throws IOException {
        if (closed) throw new IOException("the runtime's io_uring poller is closed");
        if (datagramNet == null) {
            datagrams = new EpollPoller();
            datagramNet = new NativeNet(datagrams);
            watchDatagrams();
        }
        return datagramNet;
    }

    private final UringOp datagramWatch = new UringOp() {
        @Override
        void complete(int res, int flags, WakeList out) {
            EpollPoller p = datagrams;
            if (closing || p == null) return;
            p.poll(0); // reports and wakes the UDP sockets' waiters itself
            if ((flags & Sys.CQE_F_MORE) == 0) watchDatagrams();
        }
    };

    private void watchDatagrams() {
        submit(datagramWatch, Sys.OP_POLL_ADD, datagrams.descriptor(), 0, Sys.POLL_ADD_MULTI, 0, Sys.POLLIN, 0);
    }

    /**
     * Closes the poller (a runtime's, at its close, after its workers stopped driving): every
     * socket still open is closed, every op in flight is cancelled ({@code ASYNC_CANCEL_ANY}) and
     * its completion reaped, then the rings are unmapped and the ring's descriptor closed. If ops
     * are still in flight after {@value #CLOSE_PATIENCE_NANOS} ns, their memory is kept for good
     * (never freed under the kernel) and a warning says so. Idempotent.
     *
     * @return the number of sockets it closed
     */
    public int close() {
        List<UringSocket> open;
        synchronized (sockets) {
            if (closing) return 0;
            closing = true;
            open = new ArrayList<>(sockets);
        }
        for (UringSocket s : open) s.close();
        int udp = 0;
        synchronized (this) {
            closed = true;
            if (datagrams != null) udp = datagrams.close();
            long deadline = System.nanoTime() + 1_000_000_000L;
            while (polling) { // a turn in progress: wake it, let it leave, then the ring is ours
                submitWake();
                long left = deadline - System.nanoTime();
                if (left <= 0) break;
                try {
                    wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        submit(null, Sys.OP_ASYNC_CANCEL, -1, 0, 0, 0, Sys.ASYNC_CANCEL_ANY | 1, 0);
        long deadline = System.nanoTime() + CLOSE_PATIENCE_NANOS;
        while ((inFlight > 0 || ring.unsubmitted() > 0) && System.nanoTime() < deadline) {
            enter(50_000_000L);
            reap();
            woken.wakeAll();
        }
        synchronized (sq) {
            submitClosed = true;
            if (inFlight > 0) {
                for (UringOp op : slots) if (op != null) LEAKED.add(op);
                System.getLogger("dev.weft").log(System.Logger.Level.WARNING, inFlight
                        + " io_uring operations were still in flight at close; their buffers are kept for good");
            }
        }
        List<UringSocket> left;
        synchronized (sockets) {
            left = new ArrayList<>(sockets);
        }
        for (UringSocket s : left) s.closeIfNotGone();
        if (bufRing != null) bufRing.close(inFlight > 0);
        ring.close();
        return open.size() + udp;
    }

    @Override
    public String toString() {
        return "UringPoller[ring fd " + ring.fd + ", " + registeredCount() + " sockets, " + inFlight + " ops in flight, "
                + (bufRing != null ? bufRing : "no buffer ring: " + bufRingRefusal) + "]";
    }
}
