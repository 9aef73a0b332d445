package dev.weft.net.internal.epoll;

import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.ReactorTurnEvent;
import dev.weft.net.internal.SweepClock;
import dev.weft.net.internal.WakeFlag;
import dev.weft.net.internal.WakeList;
import dev.weft.internal.FlightRecorderGate;
import dev.weft.driver.internal.Poller;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The native reactor: one Linux {@code epoll} instance, called through the Foreign Function &amp;
 * Memory API, as the {@link Poller} of a runtime's driver (mio's {@code Selector} with Tokio's
 * readiness). Every socket is registered once, edge-triggered, for reading and writing
 * ({@code EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET}) and never re-armed: a report only updates the
 * socket's {@link EpollSource} readiness and wakes its waiters, so waiting costs no
 * {@code epoll_ctl} and a round trip costs one {@code epoll_wait} report at most.
 *
 * {@snippet :
 * EpollPoller p = new EpollPoller();
 * EpollSource s = p.register(fd, EpollSource.READ | EpollSource.WRITE);
 * p.poll(-1);    // the driving thread: wait, record readiness, wake
 * p.wakeup();    // any thread: an eventfd write, only if the driving thread sleeps
 * }
 *
 * <h2>Wake-ups</h2>
 * Through a {@link WakeFlag}, as {@link Reactor}'s: one eventfd write per sleep, only if the
 * driving thread sleeps in {@code epoll_wait}. The eventfd is registered edge-triggered and never read:
 * each write is a new edge (mio's waker does the same); a write that finds the counter full
 * ({@code EAGAIN}, after 2^64 - 2 writes) is harmless, the counter being readable anyway.
 *
 * <h2>Sources</h2>
 * The {@code data} of each registration is the source's token: its index in {@code slots} (a slab;
 * index 0 is the eventfd) and, in the upper 32 bits, a generation that changes each time the slot
 * is reused, so a report still in flight for a closed socket never reaches the socket that took
 * its slot. {@code slots} and the free list are changed under {@code this}; the driving thread
 * reads a slot with acquire semantics and checks the token.
 * <pre>
 * field      touched by
 * slots      register/deregister under this (element: release store); the driving thread (acquire)
 * events     the driving thread only (one at a time, by the Poller contract); so are woken and
 *            sweepClock (once a second a pass drops the waiters of completed tasks)
 * state      any thread (a WakeFlag)
 * closed, polling, fdsClosed   under this: a poll marks itself polling (or returns at once once
 *            closed); close() closes the fds itself only if nobody polls, else wakes the poller,
 *            which closes them as its poll returns; a wake-up writes the eventfd only while it is
 *            open. Closing the eventfd under a thread blocked in epoll_wait would remove the
 *            wake-up's event before that thread harvests it, and it would sleep for good (seen:
 *            a runtime closed while its only worker was stuck left its fallback thread there).
 * </pre>
 */
public final class EpollPoller implements Poller {
    private static final int MAX_EVENTS = 256;
    private static final long WAKE_TOKEN = 0;
    private static final int EDGE_BOTH = Libc.EPOLLIN | Libc.EPOLLOUT | Libc.EPOLLRDHUP | Libc.EPOLLET;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(EpollSource[].class);

    private final Arena arena = Arena.ofAuto(); // freed by the GC: a stuck driving thread may still use it
    private final int epfd;
    private final int wakeFd;
    private final MemorySegment events;
    private final MemorySegment pollErrno;
    private final MemorySegment wakeErrno;
    private final MemorySegment one;
    private final WakeList woken = new WakeList();
    private final SweepClock sweepClock = new SweepClock(); // the driving thread's
    private final WakeFlag state = new WakeFlag();
    private volatile EpollSource[] slots = new EpollSource[64];
    private int[] generations = new int[64]; // under this
    private int[] free = new int[64]; // under this: a stack of free slot indexes
    private int freeCount;
    private int nextFresh = 1; // under this: slot 0 is the eventfd
    private volatile int registered; // written under this; read racily by mightReport
    private boolean closed; // under this
    private boolean polling; // under this: a thread is inside poll (then it closes the fds after close())
    private boolean fdsClosed; // under this

    /**
     * Opens the epoll instance and its eventfd.
     *
     * @throws IOException if the C library is not available here or a call fails
     */
    public EpollPoller() throws IOException {
        if (!Libc.AVAILABLE) throw new IOException(Libc.UNAVAILABLE_REASON);
        pollErrno = Libc.errnoSegment(arena);
        wakeErrno = Libc.errnoSegment(arena);
        events = arena.allocate(Libc.EPOLL_EVENT, MAX_EVENTS);
        one = arena.allocate(ValueLayout.JAVA_LONG);
        one.set(ValueLayout.JAVA_LONG, 0, 1L);
        epfd = Libc.epollCreate1(pollErrno, Libc.EPOLL_CLOEXEC);
        if (epfd < 0) throw Errno.exception(Libc.errno(pollErrno), "epoll_create1");
        wakeFd = Libc.eventfd(pollErrno, 0, Libc.EFD_NONBLOCK | Libc.EFD_CLOEXEC);
        if (wakeFd < 0) {
            IOException e = Errno.exception(Libc.errno(pollErrno), "eventfd");
            Libc.close(pollErrno, epfd);
            throw e;
        }
        if (addWakeFd() < 0) {
            IOException e = Errno.exception(Libc.errno(pollErrno), "epoll_ctl");
            Libc.close(pollErrno, wakeFd);
            Libc.close(pollErrno, epfd);
            throw e;
        }
    }

    /** Adds the eventfd, edge-triggered, with the wake token; errno in pollErrno. */
    private int addWakeFd() {
        MemorySegment ev = arena.allocate(Libc.EPOLL_EVENT);
        Libc.setEvent(ev, Libc.EPOLLIN | Libc.EPOLLET, WAKE_TOKEN);
        return Libc.epollCtl(pollErrno, epfd, Libc.EPOLL_CTL_ADD, wakeFd, ev);
    }

    /**
     * Registers {@code fd} (non-blocking, owned by the caller until this returns, then by the
     * source) for both directions, edge-triggered.
     *
     * @param fd the descriptor
     * @param initialBits the readiness to start from ({@link EpollSource#READ} | {@link EpollSource#WRITE},
     *     or 0 for a socket still connecting)
     * @return its source
     * @throws IOException if the poller is closed or {@code epoll_ctl} fails (the fd is closed)
     */
    EpollSource register(int fd, int initialBits) throws IOException {
        EpollSource s;
        synchronized (this) {
            if (closed) {
                closeQuietly(fd);
                throw new IOException("the runtime's epoll poller is closed");
            }
            int i = freeCount > 0 ? free[--freeCount] : nextFresh++;
            if (i >= generations.length) {
                generations = Arrays.copyOf(generations, generations.length * 2);
                slots = Arrays.copyOf(slots, generations.length);
            }
            long token = ((long) generations[i] << 32) | i;
            s = new EpollSource(this, fd, token, initialBits);
            SLOT.setRelease(slots, i, s);
            registered++;
            try (Arena a = Arena.ofConfined()) {
                MemorySegment ev = a.allocate(Libc.EPOLL_EVENT);
                MemorySegment errno = Libc.errnoSegment(a);
                Libc.setEvent(ev, EDGE_BOTH, token);
                if (Libc.epollCtl(errno, epfd, Libc.EPOLL_CTL_ADD, fd, ev) < 0) {
                    IOException e = Errno.exception(Libc.errno(errno), "epoll_ctl ADD");
                    freeSlot(i);
                    closeQuietly(fd);
                    throw e;
                }
            }
        }
        return s;
    }

    /** Removes {@code s} from epoll and frees its slot. Called once, by {@link EpollSource#close()}. */
    void deregister(EpollSource s) {
        synchronized (this) {
            int i = (int) s.token;
            if (closed || SLOT.getAcquire(slots, i) != s) return;
            try (Arena a = Arena.ofConfined()) {
                MemorySegment ev = a.allocate(Libc.EPOLL_EVENT);
                Libc.epollCtl(Libc.errnoSegment(a), epfd, Libc.EPOLL_CTL_DEL, s.fd, ev);
            }
            freeSlot(i);
        }
    }

    /** Under this. */
    private void freeSlot(int i) {
        SLOT.setRelease(slots, i, (EpollSource) null);
        generations[i]++;
        if (freeCount == free.length) free = Arrays.copyOf(free, free.length * 2);
        free[freeCount++] = i;
        registered--;
    }

    private void closeQuietly(int fd) {
        try (Arena a = Arena.ofConfined()) {
            Libc.close(Libc.errnoSegment(a), fd);
        }
    }

    /** @return the epoll instance's descriptor (for a poller that watches this one: io_uring's, for UDP) */
    public int descriptor() {
        return epfd;
    }

    /** @return how many sockets are registered */
    public synchronized int registeredCount() {
        return registered;
    }

    @Override
    public void poll(long timeoutNanos) {
        synchronized (this) {
            if (closed) return; // its fds are closed, or about to be: never wait on a number the kernel may reuse
            polling = true;
        }
        try {
            pollOpen(timeoutNanos);
        } finally {
            synchronized (this) {
                polling = false;
                if (closed) closeFds(); // close() found this thread inside epoll_wait and left the fds to it
            }
        }
    }

    private void pollOpen(long timeoutNanos) {
        boolean sleep = timeoutNanos != 0 && state.enterSleep();
        int ms = !sleep ? 0 : timeoutNanos < 0 ? -1 : (int) Math.min(Integer.MAX_VALUE, Math.max(1, (timeoutNanos + 999_999) / 1_000_000));
        int n;
        try {
            n = Libc.epollWait(pollErrno, epfd, events, MAX_EVENTS, ms);
        } finally {
            state.awake();
        }
        if (n < 0) {
            int errno = Libc.errno(pollErrno);
            if (errno == Errno.EINTR) return;
            throw new UncheckedIOException(Errno.exception(errno, "epoll_wait"));
        }
        EpollSource[] table = slots;
        for (int i = 0; i < n; i++) {
            long data = Libc.eventData(events, i);
            if (data == WAKE_TOKEN) continue;
            int index = (int) data;
            EpollSource s = index < table.length ? (EpollSource) SLOT.getAcquire(table, index) : null;
            if (s == null || s.token != data) {
                table = slots; // grown since we looked
                s = index < table.length ? (EpollSource) SLOT.getAcquire(table, index) : null;
                if (s == null || s.token != data) continue; // closed since the report
            }
            s.report(bits(Libc.eventMask(events, i)), woken);
        }
        if (FlightRecorderGate.open()) ReactorTurnEvent.emit(n, woken.size());
        woken.wakeAll();
        if (sweepClock.due()) {
            for (EpollSource s : slots) if (s != null) s.sweepDead(); // waiters of completed tasks: see SweepClock
        }
    }

    @Override
    public boolean mightReport() {
        return registered > 0;
    }

    /** @return the readiness bits of an epoll event mask */
    static int bits(int mask) {
        int b = 0;
        if ((mask & Libc.EPOLLIN) != 0) b |= EpollSource.READ;
        if ((mask & Libc.EPOLLOUT) != 0) b |= EpollSource.WRITE;
        if ((mask & Libc.EPOLLRDHUP) != 0) b |= EpollSource.READ_CLOSED;
        if ((mask & (Libc.EPOLLHUP | Libc.EPOLLERR)) != 0) b |= EpollSource.READ_CLOSED | EpollSource.WRITE_CLOSED;
        return b;
    }

    @Override
    public void wakeup() {
        if (state.wake()) {
            synchronized (this) { // at most once per sleep; never a write to a closed (maybe reused) fd
                if (!fdsClosed) Libc.write(wakeErrno, wakeFd, one, 8);
            }
        }
    }

    /**
     * Closes the poller (a runtime's, at its close, after its workers stopped driving): every
     * source still registered is closed (its waiters woken; their calls then fail with
     * {@code ClosedChannelException}), then the eventfd and the epoll instance. Idempotent.
     *
     * @return the number of sockets it closed
     */
    public int close() {
        List<EpollSource> open = new ArrayList<>();
        synchronized (this) {
            if (closed) return 0;
            for (EpollSource s : slots) if (s != null) open.add(s);
        }
        for (EpollSource s : open) s.close();
        synchronized (this) {
            closed = true;
            if (!polling) {
                closeFds();
            } else {
                // A thread waits in epoll_wait: closing the eventfd now could drop the wake-up's
                // event before that thread sees it, and it would wait on the epoll instance
                // forever. Wake it; it closes the fds when its poll returns.
                Libc.write(wakeErrno, wakeFd, one, 8);
            }
        }
        return open.size();
    }

    private void closeFds() { // under this
        if (fdsClosed) return;
        fdsClosed = true;
        closeQuietly(wakeFd);
        closeQuietly(epfd);
    }

    @Override
    public String toString() {
        return "EpollPoller[epfd " + epfd + ", " + registeredCount() + " sockets]";
    }
}
