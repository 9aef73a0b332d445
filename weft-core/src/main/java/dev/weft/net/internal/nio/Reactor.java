package dev.weft.net.internal.nio;

import dev.weft.net.internal.ReactorTurnEvent;
import dev.weft.net.internal.SweepClock;
import dev.weft.net.internal.WakeFlag;
import dev.weft.net.internal.WakeList;
import dev.weft.internal.FlightRecorderGate;
import dev.weft.internal.Drivers;
import dev.weft.internal.Simulation;
import dev.weft.driver.internal.Driver;
import dev.weft.driver.internal.Poller;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A reactor: one {@link Selector} and the {@link Poller} that waits in it and wakes the tasks whose
 * channels became ready (async-io's {@code Reactor} on NIO). Each runtime has its own, the poller
 * of its driver, closed by its {@code close()} (which closes the channels still registered: the
 * runtime owned them); {@link #shared()} serves channels made outside any runtime.
 *
 * {@snippet :
 * Reactor r = Reactor.current();
 * Source s = r.register(channel);       // non-blocking, no interest yet
 * s.register(Source.READ, owner, waker); // arm: the waker is woken when readable
 * r.poll(-1);                            // the driving thread: select, then wake
 * }
 *
 * <h2>State of the wake-up flag ({@link WakeFlag})</h2>
 * <pre>
 * state     meaning
 * AWAKE     nobody is blocked in select (or about to be)
 * SLEEPING  the driving thread is in (or entering) a blocking select
 * WOKEN     a wake-up was asked for: Selector.wakeup() was called if it was SLEEPING; a poll that
 *           finds WOKEN does not block (selectNow) and consumes it
 * </pre>
 * <pre>
 * transition          from       to        by
 * poll: sleep         AWAKE      SLEEPING  driving thread, then settle stale sources, drain updates,
 *                                          then select(timeout)
 * poll: token         WOKEN      (same)    driving thread: settle, drain updates, then selectNow
 * poll: return        any        AWAKE     driving thread, after select
 * wakeup()            AWAKE      WOKEN     any thread (a token for the next poll)
 * wakeup()            SLEEPING   WOKEN     any thread, then Selector.wakeup()
 * interestChanged()   SLEEPING   WOKEN     any thread, after queueing the source; then Selector.wakeup()
 * </pre>
 * Wake-ups coalesce: whatever the number of callers, one {@code Selector.wakeup()} per sleep
 * (a flag check costs nanoseconds, a redundant {@code wakeup()} an eventfd write; Netty does the
 * same with its {@code wakenUp} flag).
 *
 * <h2>Interest changes from other threads</h2>
 * A task that must wait records the interest it needs in its {@link Source} and pushes the source
 * on {@code updates}; only the driving thread calls {@code SelectionKey.interestOps} (which takes
 * a JDK lock; see Source for why tasks must not). The driving thread marks itself SLEEPING
 * <em>before</em> it drains {@code updates}, and a task pushes its source <em>before</em> it reads
 * the state in {@link #interestChanged(Source)}: by the order of these volatile accesses, either
 * the drain sees the source or the task sees SLEEPING and wakes the selector, so no change is lost.
 * Registering a channel ({@code SelectableChannel.register}) does not block on a concurrent select
 * since JDK 11, so it is done directly.
 *
 * <p>{@code updates} is an intrusive lock-free stack (a Treiber stack through
 * {@link Source#nextUpdate}), so queueing allocates nothing. A source is on it at most once: it is
 * pushed only by the thread that set its {@code queued} flag (under the source's lock), and the
 * flag is cleared by {@link Source#apply()} only after the drain took the source off.
 * <pre>
 * operation   by                what
 * push(s)     any thread        s.nextUpdate = head (plain, published by the CAS); CAS head to s
 * drain       driving thread    getAndSet head to null; per source: read nextUpdate, clear it,
 *                               then apply() (after which s may be pushed again)
 * </pre>
 *
 * <h2>Who touches which field</h2>
 * {@code selector} is written once; {@code state} and {@code updates} only through their
 * VarHandles with volatile semantics; {@code woken}, {@code onKey}, {@code sweepClock} and {@code staleHead} (the list
 * of sources with stale directions, linked through {@link Source#nextStale}) belong to the driving
 * thread (one at a time, by the {@link Poller} contract).
 *
 * <h2>Who drives</h2>
 * A runtime's reactor is the poller of the runtime's driver; the {@linkplain #shared() shared} one
 * is the poller of the shared driver. Whoever holds that driver calls {@link #poll(long)}: an idle
 * worker, a {@code blockOn} thread, or the driver's fallback thread, so an I/O event wakes its task
 * on a thread that will run it, without a hop to a reactor thread.
 */
public final class Reactor implements Poller {
    /** Where a runtime's {@link Drivers} keep its reactor. */
    public static final Drivers.Key<Reactor> KEY = Drivers.key(Reactor.class);

    private static final VarHandle UPDATES;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            UPDATES = l.findVarHandle(Reactor.class, "updates", Source.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Selector selector;
    private final WakeFlag state = new WakeFlag();
    private final WakeList woken = new WakeList();
    /** Sources with directions reported while nobody waited (see Source); driving thread only. */
    private Source staleHead;
    @SuppressWarnings("unused") // accessed through UPDATES
    private volatile Source updates;
    private final Consumer<SelectionKey> onKey = this::onKey;
    private final SweepClock sweepClock = new SweepClock();

    /**
     * A reactor with a selector of its own; nobody drives it until someone calls
     * {@link #poll(long)}. Most code uses {@link #current()}.
     *
     * @throws IOException if the selector cannot be opened
     */
    public Reactor() throws IOException {
        this.selector = Selector.open();
    }

    /**
     * The reactor of sockets made outside any runtime: created on first use and made the poller of
     * the shared driver ({@code Driver.shared()}), so that whichever thread outside a runtime is
     * idle (a {@code blockOn} thread, or the driver's fallback thread when nobody else is) waits in
     * its selector, with the next timer deadline as its timeout.
     *
     * @return the shared reactor
     */
    public static Reactor shared() {
        return Shared.INSTANCE;
    }

    /**
     * @return the reactor of the runtime whose worker runs the calling code, or, outside any
     *     runtime or on a runtime whose poller is not NIO's, the {@linkplain #shared() shared} one
     */
    public static Reactor current() {
        Simulation.refuseIfSimulated("a real socket (a channel registered with the NIO reactor); use the"
                + " simulation's network (TcpStream, TcpListener and UdpSocket run on it)");
        Reactor r = Drivers.currentOrNull(KEY);
        return r != null ? r : Shared.INSTANCE;
    }

    /**
     * Closes the reactor (a runtime's, at its close; never the shared one): every channel still
     * registered is closed (its waiters woken, their futures then fail with
     * {@code ClosedChannelException}), then the selector. Call it from the thread that closes the
     * runtime, after the runtime's workers stopped driving.
     *
     * @return the number of channels it closed
     */
    public int close() {
        int n = 0;
        for (SelectionKey k : java.util.List.copyOf(selector.keys())) {
            if (k.attachment() instanceof Source s) {
                s.close();
                try {
                    s.channel().close();
                } catch (IOException e) {
                    // closing a socket the runtime owned: nothing more to do with it
                }
                n++;
            }
        }
        try {
            selector.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the reactor's selector", e);
        }
        return n;
    }

    /**
     * Makes {@code channel} non-blocking and registers it, with no interest yet.
     *
     * @param channel the channel
     * @return its source
     * @throws IOException if the channel cannot be made non-blocking or registered
     */
    public Source register(SelectableChannel channel) throws IOException {
        channel.configureBlocking(false);
        Source s = new Source(this, channel);
        SelectionKey k = channel.register(selector, 0, s);
        s.bind(k);
        return s;
    }

    /** @return how many channels are registered (cancelled keys leave at the next select) */
    public int registeredCount() {
        return selector.keys().size();
    }

    @Override
    public boolean mightReport() {
        if (updates != null || staleHead != null) return true; // racy reads: a hint
        try {
            return !selector.keys().isEmpty();
        } catch (ClosedSelectorException closing) {
            return true; // closing: the driver's own turn finds out
        }
    }

    @Override
    public void poll(long timeoutNanos) {
        int ready = 0;
        try {
            boolean sleep = timeoutNanos != 0 && state.enterSleep();
            settleStale();
            applyUpdates();
            if (!sleep) {
                ready = selector.selectNow(onKey);
            } else if (timeoutNanos < 0) {
                ready = selector.select(onKey);
            } else {
                long ms = Math.max(1, TimeUnit.NANOSECONDS.toMillis(timeoutNanos + 999_999));
                ready = selector.select(onKey, ms);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("selector failed", e);
        } finally {
            state.awake();
        }
        if (woken.isEmpty() && staleHead != null) {
            // Everything reported belongs to tasks that were woken earlier and wait in a run queue
            // (see Source: stale). Let them run before this thread waits again: if they come back
            // first, the next poll's settle keeps their interest and no re-arm is paid.
            Thread.yield();
            return;
        }
        if (FlightRecorderGate.open()) ReactorTurnEvent.emit(ready, woken.size());
        woken.wakeAll();
        if (sweepClock.due()) sweepDeadWaiters();
    }

    /** Driving thread: drops the waiters of completed tasks from every source (see SweepClock). */
    private void sweepDeadWaiters() {
        java.util.List<SelectionKey> keys;
        try {
            keys = java.util.List.copyOf(selector.keys());
        } catch (java.util.ConcurrentModificationException e) {
            return; // a channel registered meanwhile (the key set is not thread-safe): next time
        }
        for (SelectionKey k : keys) {
            if (k.attachment() instanceof Source s) s.sweepDead();
        }
    }

    @Override
    public void wakeup() {
        if (state.wake()) selector.wakeup();
    }

    /**
     * A source needs new interest ops: push it for the driving thread. Any thread; called once per
     * setting of the source's {@code queued} flag.
     */
    void interestChanged(Source s) {
        Source head;
        do {
            head = (Source) UPDATES.getVolatile(this);
            s.nextUpdate = head; // plain: published by the CAS below, read after the drain's getAndSet
        } while (!UPDATES.compareAndSet(this, head, s));
        if (state.wakeSleeper()) selector.wakeup();
    }

    /** Driving thread, before a select: disarms the stale directions that still nobody waits for. */
    private void settleStale() {
        Source s = staleHead;
        staleHead = null;
        while (s != null) {
            Source next = s.nextStale;
            s.nextStale = null;
            s.settle();
            s = next;
        }
    }

    /** Driving thread: takes the whole update stack and gives each source's key its interest. */
    private void applyUpdates() {
        Source s = (Source) UPDATES.getAndSet(this, (Source) null);
        while (s != null) {
            Source next = s.nextUpdate;
            s.nextUpdate = null;
            s.apply(); // clears queued: from here on s may be pushed again
            s = next;
        }
    }

    private void onKey(SelectionKey key) {
        int ready;
        try {
            ready = key.readyOps();
        } catch (CancelledKeyException e) {
            return; // closed by another thread during this select: Source.close() woke its waiters
        }
        Source s = (Source) key.attachment();
        if (s.fire(ready, woken)) {
            s.nextStale = staleHead;
            staleHead = s;
        }
    }

    /** Lazy holder of the shared reactor. */
    private static final class Shared {
        static final Reactor INSTANCE = start();

        private static Reactor start() {
            try {
                Reactor r = new Reactor();
                Driver.shared().setPoller(r);
                return r;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open the reactor's selector", e);
            }
        }
    }
}
