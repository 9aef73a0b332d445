package dev.weft.net.internal.nio;

import dev.weft.net.internal.StreamEndpoint;
import dev.weft.net.internal.SourceWaiters;
import dev.weft.net.internal.Waiters;
import dev.weft.net.internal.WakeList;
import dev.weft.future.Waker;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;

/**
 * One channel registered with the {@link Reactor}: its selection key and, per direction, the
 * tasks waiting for readiness (async-io's {@code Source}).
 *
 * {@snippet :
 * Source s = Reactor.current().register(channel);
 * if (channel.read(buf) == 0 && s.register(Source.READ, this, cx.waker())) return Poll.pending();
 * // next poll: still waiting, or did an event (or close) take the slot?
 * if (s.rewait(Source.READ, this, cx.waker())) return Poll.pending();
 * // ... and when the waiting future is cancelled:
 * s.deregister(Source.READ, this);
 * }
 *
 * <h2>State</h2>
 * <pre>
 * field       meaning                                               guarded by
 * key         the channel's key in the reactor's selector           written once before publication
 * readOp      OP_ACCEPT (server sockets) or OP_READ                 written once before publication
 * writeOp     OP_CONNECT while connecting, then OP_WRITE            this
 * waiters     per direction, who waits; and whether closed          this
 * interest    the interest ops the key should have ("armed" ops)    this
 * queued      in the reactor's update stack (key lags interest)     this
 * nextUpdate  link in the reactor's update stack                    the Reactor (see there)
 * </pre>
 * Per direction, {@code (armed, waiters)}:
 * <pre>
 * armed  waiters   meaning
 * no     none      idle: nobody waits, the selector does not watch this direction
 * yes    some      waiting: the next select that finds the direction ready wakes them all
 * yes    none      left armed after an event woke somebody (who will most likely wait again:
 *                  a ping-pong reader) or after a waiter was cancelled; a report of the direction
 *                  puts it on the reactor's stale list, and the next poll disarms it if still
 *                  nobody waits by then
 * no     some      NEVER (invariant I1 below)
 * </pre>
 *
 * <h2>Transitions</h2>
 * <pre>
 * method           by                what
 * register(dir)    the polling task  add/replace its slot; arm the direction if not armed and
 *                                    queue the source for the driving thread (see Reactor)
 * rewait(dir)      the polling task  if its slot is still there: replace the waker, true;
 *                                    else (an event or close took it) false
 * deregister(dir)  the polling task  drop its slot (cancel); the direction stays armed until its
 *                                    next report disarms it
 * fire(readyOps)   driving thread    per ready direction: waiters present: hand them all to the
 *                                    wake list and KEEP it armed; none: mark it stale (the
 *                                    reactor lists the source)
 * settle()         driving thread    at the start of the next poll: a stale direction that still
 *                                    has no waiters is disarmed; one that got a waiter stays armed
 * apply()          driving thread    before a select: give the key the interest ops
 * close()          any thread        drain both directions, refuse new waiters; then cancel the
 *                                    key outside the lock
 * </pre>
 *
 * <h2>Why no wake-up is lost</h2>
 * <b>I1:</b> a direction with waiters is armed ({@code register} arms under the same lock that
 * adds the slot; only {@code settle} disarms, and only a direction it finds without waiters).
 * <b>I2:</b> when {@code interest} differs from the key's interest ops, the source is in the
 * reactor's update stack, and the reactor applies the stack before every select (or wakes a
 * sleeping select to do so; see Reactor). The selector is <em>level-triggered</em>: a select that
 * starts after the key got its interest reports the direction for as long as it is ready. So a
 * waiter registered at any moment, whether its channel became ready before or after, is woken by
 * the first select that follows (or by {@link #close()}). Callers may therefore skip an operation
 * they believe would block and register at once (see {@code NioStream}): a wrong guess costs one
 * select round, never a lost wake-up.
 *
 * <h2>Why armed-without-waiters cannot spin</h2>
 * A level-triggered selector reports a ready, armed direction on every select. Keeping the
 * interest after waking a reader saves the two {@code epoll_ctl} calls of a one-shot re-arm per
 * round trip (Netty keeps {@code OP_READ} set the same way). If a select comes before the woken task
 * consumed the data (another worker drives while the task waits in a run queue), {@code fire}
 * finds no waiters: the direction is <em>stale</em>. It is not disarmed on the spot but at the
 * start of the driving thread's next poll, and only if still nobody waits: a task that came back
 * in between (read, echoed, waits again) finds the direction still armed, so neither the two
 * {@code epoll_ctl} calls nor a selector wake-up for the re-arm are paid. A stale direction is
 * thus reported by at most one select, as before: the next select runs after the settle.
 * <pre>
 * stale       ops reported with nobody waiting, to settle   the driving thread only
 * nextStale   link in the reactor's stale list              the driving thread only
 * </pre>
 * (The driving thread changes at most between two polls, and the driver lock orders them.)
 *
 * <p><b>No JDK lock under this lock, except on the driving thread.</b> Only the driving thread
 * calls {@code SelectionKey.interestOps} (which takes the selector's internal update lock); tasks
 * only change fields here and queue the source. A task may be a coroutine running on a virtual
 * thread: had it blocked on the selector's lock while holding this monitor, it would unmount with
 * the monitor held, and the driving worker, waiting for this monitor in {@link #fire}, could not
 * run it again (seen: the coroutine echo server hung with both workers stuck).
 */
public final class Source {
    /** The read direction (read, accept, receive). */
    public static final int READ = StreamEndpoint.READ;
    /** The write direction (write, connect, send). */
    public static final int WRITE = StreamEndpoint.WRITE;

    private final Reactor reactor;
    private final SelectableChannel channel;
    private final int readOp;
    private SelectionKey key;
    private int writeOp;
    private final SourceWaiters waiters = new SourceWaiters();
    private final Waiters readers = waiters.readers();
    private final Waiters writers = waiters.writers();
    private int interest;
    private boolean queued;
    /** The next source in the reactor's update stack; see {@link Reactor} for who touches it. */
    Source nextUpdate;
    /** Directions reported while nobody waited, not yet settled; driving thread only. */
    private int stale;
    /** The next source in the reactor's stale list; driving thread only. */
    Source nextStale;

    Source(Reactor reactor, SelectableChannel channel) {
        this.reactor = reactor;
        this.channel = channel;
        int valid = channel.validOps();
        this.readOp = (valid & SelectionKey.OP_ACCEPT) != 0 ? SelectionKey.OP_ACCEPT : SelectionKey.OP_READ;
        this.writeOp = SelectionKey.OP_WRITE & valid;
    }

    /** Set once by the reactor right after registration, before the source is handed out. */
    void bind(SelectionKey k) {
        this.key = k;
    }

    /** @return the channel */
    public SelectableChannel channel() {
        return channel;
    }

    /**
     * Makes the write direction wait for {@code OP_CONNECT} (while a connect is pending) or
     * {@code OP_WRITE}. Re-arms only the directions that have waiters, so a stale
     * {@code OP_CONNECT} interest (which the JDK never reports once connected, while epoll keeps
     * reporting the socket writable) cannot make the selector spin.
     *
     * @param connecting whether a connect is in progress
     */
    public void connecting(boolean connecting) {
        boolean enqueue;
        synchronized (this) {
            writeOp = connecting ? SelectionKey.OP_CONNECT : SelectionKey.OP_WRITE;
            int want = (readers.isEmpty() ? 0 : readOp) | (writers.isEmpty() ? 0 : writeOp);
            enqueue = want(want);
        }
        if (enqueue) reactor.interestChanged(this);
    }

    /**
     * Registers {@code waker} under {@code owner} for direction {@code dir}, arming the direction.
     * The caller has just seen (or has good reason to believe) its operation would block, and
     * returns pending after this.
     *
     * @param dir {@link #READ} or {@link #WRITE}
     * @param owner the waiting party; one slot per owner
     * @param waker the waker to wake on readiness (or on close)
     * @return {@code false} if the source or its channel is closed (nothing registered: the caller
     *     retries its operation, which fails)
     */
    public boolean register(int dir, Object owner, Waker waker) {
        boolean enqueue = false;
        synchronized (this) {
            if (waiters.isClosed() || !key.isValid()) return false; // closed behind our back: the retry fails
            int op = dir == READ ? readOp : writeOp;
            if ((interest & op) == 0) enqueue = want(interest | op);
            (dir == READ ? readers : writers).put(owner, waker);
        }
        if (enqueue) reactor.interestChanged(this);
        return true;
    }

    /**
     * For a party that registered before: if it still holds its slot (no event and no close has
     * woken it since), replaces the slot's waker with {@code waker} and answers {@code true}: keep
     * waiting. Otherwise answers {@code false}: the direction was reported ready (or the source
     * was closed); retry the operation.
     *
     * @param dir {@link #READ} or {@link #WRITE}
     * @param owner the waiting party
     * @param waker the waker of the current poll
     * @return whether {@code owner} still waits
     */
    public synchronized boolean rewait(int dir, Object owner, Waker waker) {
        return (dir == READ ? readers : writers).replace(owner, waker);
    }

    /**
     * @param dir {@link #READ} or {@link #WRITE}
     * @param owner a waiting party
     * @return whether {@code owner} still waits (no event has woken it since it registered)
     */
    public synchronized boolean isRegistered(int dir, Object owner) {
        return (dir == READ ? readers : writers).contains(owner);
    }

    /**
     * Drops the slot of {@code owner}: its future was cancelled or completed. The direction's
     * interest stays armed until its next report disarms it.
     *
     * @param dir {@link #READ} or {@link #WRITE}
     * @param owner a waiting party
     */
    public synchronized void deregister(int dir, Object owner) {
        (dir == READ ? readers : writers).remove(owner);
    }

    /** Drops the slots of completed tasks (see {@link Waiters#sweepDead()}); the reactor's sweep. */
    synchronized int sweepDead() {
        return waiters.sweepDead();
    }

    /** @return how many parties wait in both directions (for tests and diagnostics) */
    public synchronized int waiterCount() {
        return waiters.size();
    }

    /** @return the interest ops the key should have (for tests and diagnostics) */
    public synchronized int interestOps() {
        return interest;
    }

    /** @return whether the source was closed */
    public synchronized boolean isClosed() {
        return waiters.isClosed();
    }

    /**
     * Called by the driving thread for a selected key: per ready direction, drains its waiters
     * into {@code out} (the direction stays armed), or marks it stale if nobody waited.
     *
     * @return whether the source must be put on the reactor's stale list (it became stale now)
     */
    boolean fire(int readyOps, WakeList out) {
        int wasStale = stale;
        synchronized (this) {
            if (waiters.isClosed()) return false;
            if ((readyOps & readOp) != 0) {
                if (readers.isEmpty()) stale |= readOp;
                else readers.drainTo(out);
            }
            // OP_CONNECT and OP_WRITE both serve the write direction; an error or hang-up is
            // reported by the JDK as every interest op being ready, which wakes both sides.
            if ((readyOps & (SelectionKey.OP_WRITE | SelectionKey.OP_CONNECT)) != 0) {
                if (writers.isEmpty()) stale |= writeOp;
                else writers.drainTo(out);
            }
        }
        return wasStale == 0 && stale != 0;
    }

    /**
     * Driving thread, at the start of the poll after {@link #fire} marked directions stale:
     * disarms those that still have no waiters.
     */
    void settle() {
        synchronized (this) {
            int drop = stale;
            stale = 0;
            if (waiters.isClosed()) return;
            if (!readers.isEmpty()) drop &= ~readOp;
            if (!writers.isEmpty()) drop &= ~(SelectionKey.OP_WRITE | SelectionKey.OP_CONNECT);
            if ((interest & drop) == 0) return;
            interest &= ~drop;
            setKeyInterest(); // we are the driving thread: the one that may touch the key
        }
    }

    /** Driving thread, before a select: gives the key the interest ops queued by tasks. */
    void apply() {
        synchronized (this) {
            queued = false;
            if (!waiters.isClosed()) setKeyInterest();
        }
    }

    /**
     * Deregisters from the selector and wakes every waiter (their retried operation reports the
     * closed channel). Idempotent.
     */
    public void close() {
        WakeList out = new WakeList();
        synchronized (this) {
            if (!waiters.close(out)) return;
        }
        key.cancel(); // outside the lock: it takes the selector's cancelled-key lock
        out.wakeAll();
        reactor.wakeup();
    }

    /**
     * Records the interest ops the key should have. Guarded by this.
     *
     * @return whether the caller must queue this source for the driving thread (it changed and is
     *     not queued yet)
     */
    private boolean want(int want) {
        if (want == interest) return false;
        interest = want;
        if (queued) return false;
        queued = true;
        return true;
    }

    /** Driving thread only, under this lock. */
    private void setKeyInterest() {
        try {
            if (key.interestOps() != interest) key.interestOps(interest);
        } catch (CancelledKeyException e) {
            // The channel was closed behind our back; the waiters' retried operations will fail.
        }
    }
}
