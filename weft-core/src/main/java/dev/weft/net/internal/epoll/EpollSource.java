package dev.weft.net.internal.epoll;

import dev.weft.net.internal.linux.Libc;
import dev.weft.net.internal.linux.Errno;
import dev.weft.net.internal.linux.SocketFd;
import dev.weft.net.internal.SourceWaiters;
import dev.weft.net.internal.Waiters;
import dev.weft.net.internal.WakeList;
import dev.weft.future.Waker;
import dev.weft.future.internal.Wakes;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.channels.ClosedChannelException;

/**
 * One file descriptor registered with an {@link EpollPoller}, <em>edge-triggered</em>, once, for
 * both directions: its readiness as the poller last reported it, the tasks waiting per direction,
 * and a guard that lets the descriptor be closed while another thread is inside a call on it
 * (Tokio's {@code ScheduledIo} with its readiness tick; the JDK's in-flight count on a channel).
 *
 * {@snippet :
 * long w = src.readyOrWait(EpollSource.READ, owner, cx.waker()); // -1: pending, registered
 * long n = ...recv(...);                                          // the call, with the snapshot w
 * if (n == -EAGAIN && src.awaitAfter(EpollSource.READ, w, owner, cx.waker())) return Poll.pending();
 * // else: an event came during the call, try again
 * }
 *
 * <h2>The readiness word</h2>
 * {@code word = tick << 8 | bits}, a long changed only by CAS. {@code bits}: {@code READ} and
 * {@code WRITE} (the direction may have something: try the call), {@code READ_CLOSED} and
 * {@code WRITE_CLOSED} (a hang-up or an error: every later call in that direction is tried, and
 * answers end of stream or the error; never cleared). {@code tick} counts the poller's reports.
 * <pre>
 * transition           by                 what
 * report(mask)         driving thread     under the lock: tick+1, bits |= reported; wake every
 *                                         waiter of a reported direction
 * clear(dir, w)        the polling task   CAS w -> w without dir: the call after snapshot w found
 *                                         the direction drained (EAGAIN, or a short transfer) and
 *                                         nothing was reported since; fails harmlessly otherwise
 * awaitAfter(dir, w)   the polling task   under the lock: if the tick is still w's, clear dir and
 *                                         add the waiter (pending); else retry the call
 * readyOrWait(dir)     the polling task   bit set: try the call; else under the lock: re-read, and
 *                                         add the waiter if still not ready
 * close()              any thread         under the lock: closed, drain both directions; then
 *                                         deregister from epoll and close the fd (see the guard)
 * </pre>
 * <b>No lost wake-up:</b> a waiter is added only under the lock, after seeing (under that lock)
 * that nothing was reported since the call found the direction drained; a report takes the same
 * lock to bump the tick and drain the waiters. So a report either comes before the check (the
 * task retries its call) or after the waiter is in (the report wakes it). Edge-triggered epoll
 * reports every arrival of data or room after the registration, so a drained direction is
 * always followed by a report when it fills again. Readiness starts as {@code READ | WRITE} for an
 * accepted or connected socket (try the call at once; one {@code EAGAIN} at worst) and as
 * nothing for a socket still connecting (its first report is the connect's end).
 *
 * <h2>The descriptor guard</h2>
 * {@code uses = 2 * calls in flight | CLOSING}; {@code -1} once the fd is closed. {@link #acquire()}
 * adds a call (refused once closing), {@link #release()} ends it; whoever sees {@code CLOSING}
 * with no call in flight closes the fd, exactly once (CAS to -1). The fd number is therefore never
 * reused by the kernel while a call of ours could still pass it.
 */
final class EpollSource implements SocketFd {
    /** The read direction (read, accept, receive). */
    static final int READ = 1;
    /** The write direction (write, connect, send). */
    static final int WRITE = 2;
    static final int READ_CLOSED = 4;
    static final int WRITE_CLOSED = 8;
    private static final int CLOSING = 1;

    private static final VarHandle WORD;
    private static final VarHandle USES;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            WORD = l.findVarHandle(EpollSource.class, "word", long.class);
            USES = l.findVarHandle(EpollSource.class, "uses", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final EpollPoller poller;
    final int fd;
    /** The poller's key for this source: slot index and generation. */
    final long token;
    /** errno of calls in the read and write directions (one caller at a time in each). */
    final MemorySegment readErrno;
    final MemorySegment writeErrno;
    @SuppressWarnings("unused") // through WORD
    private volatile long word;
    @SuppressWarnings("unused") // through USES
    private volatile int uses;
    private final SourceWaiters waiters = new SourceWaiters(); // guarded by this

    EpollSource(EpollPoller poller, int fd, long token, int initialBits) {
        this.poller = poller;
        this.fd = fd;
        this.token = token;
        Arena arena = Arena.ofAuto();
        this.readErrno = Libc.errnoSegment(arena);
        this.writeErrno = Libc.errnoSegment(arena);
        this.word = initialBits;
    }

    /** @return whether readiness word {@code w} says direction {@code dir} may be ready */
    static boolean ready(long w, int dir) {
        int mask = dir == READ ? READ | READ_CLOSED : WRITE | WRITE_CLOSED;
        return (w & mask) != 0;
    }

    private Waiters waiters(int dir) {
        return dir == READ ? waiters.readers() : waiters.writers();
    }

    /**
     * Before a call in {@code dir}: the readiness snapshot to pass to {@link #clear} or
     * {@link #awaitAfter} afterwards, or, when the direction is known drained, the waiter added and
     * {@code -1} (the caller returns pending).
     *
     * @throws ClosedChannelException if the source is closed
     */
    long readyOrWait(int dir, Object owner, Waker waker) throws ClosedChannelException {
        long w = (long) WORD.getVolatile(this);
        if (ready(w, dir)) return w;
        synchronized (this) {
            if (waiters.isClosed()) throw new ClosedChannelException();
            w = (long) WORD.getVolatile(this);
            if (ready(w, dir)) return w;
            waiters(dir).put(owner, waker);
            return -1;
        }
    }

    /**
     * The call after snapshot {@code w} transferred less than asked: the direction is most likely
     * drained. Clears it unless something was reported since (then nothing changes).
     */
    void clear(int dir, long w) {
        WORD.compareAndSet(this, w, w & ~dir);
    }

    /**
     * The call after snapshot {@code w} found nothing ({@code EAGAIN}).
     *
     * @return {@code true}: the direction is cleared and the waiter added (pending); {@code false}:
     *     a report came during the call, try it again
     * @throws ClosedChannelException if the source is closed
     */
    boolean awaitAfter(int dir, long w, Object owner, Waker waker) throws ClosedChannelException {
        synchronized (this) {
            if (waiters.isClosed()) throw new ClosedChannelException();
            while (true) {
                long now = (long) WORD.getVolatile(this);
                if ((now >>> 8) != (w >>> 8)) return false;
                if ((now & dir) == 0 || WORD.compareAndSet(this, now, now & ~dir)) break;
            }
            waiters(dir).put(owner, waker);
            return true;
        }
    }

    /**
     * For waiters that do not call (a listener's accept between two calls, a readiness future):
     * adds the waiter, or, if the direction is ready already, wakes it at once.
     *
     * @return {@code false} if the source is closed (nothing registered)
     */
    boolean register(int dir, Object owner, Waker waker) {
        synchronized (this) {
            if (waiters.isClosed()) return false;
            if (!ready((long) WORD.getVolatile(this), dir)) {
                waiters(dir).put(owner, waker);
                return true;
            }
            waiters(dir).remove(owner);
        }
        Wakes.wake(waker);
        return true;
    }

    /** @return the readiness word now, a snapshot for {@link #clear} */
    long readiness() {
        return (long) WORD.getVolatile(this);
    }

    /** @return whether the direction is ready now (a report since it was last found drained) */
    boolean isReady(int dir) {
        return ready((long) WORD.getVolatile(this), dir);
    }

    /** Drops the slot of {@code owner} in {@code dir} (its future completed or was cancelled). */
    synchronized void deregister(int dir, Object owner) {
        waiters(dir).remove(owner);
    }

    /** Drops the slots of completed tasks (see {@link Waiters#sweepDead()}); the poller's sweep. */
    synchronized int sweepDead() {
        return waiters.sweepDead();
    }

    /** @return how many parties wait in both directions */
    synchronized int waiterCount() {
        return waiters.size();
    }

    /**
     * Driving thread: the poller reported {@code bits}; records them and hands the waiters of the
     * reported directions to {@code out}.
     */
    void report(int bits, WakeList out) {
        synchronized (this) {
            if (waiters.isClosed()) return;
            long w;
            do {
                w = (long) WORD.getVolatile(this);
            } while (!WORD.compareAndSet(this, w, (((w >>> 8) + 1) << 8) | (w & 0xFF) | bits));
            if ((bits & (READ | READ_CLOSED)) != 0) waiters.readers().drainTo(out);
            if ((bits & (WRITE | WRITE_CLOSED)) != 0) waiters.writers().drainTo(out);
        }
    }

    /**
     * @return the fd, counted as in use until {@link #release()}
     * @throws ClosedChannelException if the source is closing or closed
     */
    @Override
    public int acquire() throws ClosedChannelException {
        while (true) {
            int u = (int) USES.getVolatile(this);
            if (u < 0 || (u & CLOSING) != 0) throw new ClosedChannelException();
            if (USES.compareAndSet(this, u, u + 2)) return fd;
        }
    }

    /** Ends a call begun by {@link #acquire()}; closes the fd if a close waited for it. */
    @Override
    public void release() {
        int u = (int) USES.getAndAdd(this, -2) - 2;
        if (u == CLOSING) closeFd();
    }

    /** @return whether the source was closed */
    synchronized boolean isClosed() {
        return waiters.isClosed();
    }

    /**
     * Closes the source: wakes every waiter (their next call fails with
     * {@link ClosedChannelException}), leaves the poller and closes the fd once no call is in
     * flight. Idempotent.
     */
    void close() {
        WakeList out = new WakeList();
        synchronized (this) {
            if (!waiters.close(out)) return;
        }
        poller.deregister(this);
        int u;
        do {
            u = (int) USES.getVolatile(this);
        } while (!USES.compareAndSet(this, u, u | CLOSING));
        if ((u | CLOSING) == CLOSING) closeFd();
        out.wakeAll();
    }

    private void closeFd() {
        if (USES.compareAndSet(this, CLOSING, -1)) {
            try (Arena a = Arena.ofConfined()) {
                Libc.close(Libc.errnoSegment(a), fd); // on Linux the fd is gone even if close fails
            }
        }
    }

    /** @return the exception for a failed call in {@code dir} */
    IOException failure(int dir, String call) {
        return Errno.exception(Libc.errno(dir == READ ? readErrno : writeErrno), call);
    }

    @Override
    public String toString() {
        return "fd " + fd + (isClosed() ? " (closed)" : "");
    }
}
