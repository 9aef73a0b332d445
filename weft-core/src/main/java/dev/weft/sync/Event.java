package dev.weft.sync;

import dev.weft.future.internal.Wakes;
import dev.weft.future.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * A notification point for tasks waiting on a condition: Weft's eventcount (smol's
 * {@code event-listener}). Channels, the barrier and the wait group are built on it.
 *
 * <p>The protocol that makes a notification between "check" and "wait" impossible to lose:
 * <ol>
 *   <li>check the condition; if it holds, go on;</li>
 *   <li>{@link #listen()} (the listener is now in the list and will see any later notify);</li>
 *   <li>check the condition <b>again</b>; if it holds, {@link EventListener#cancel() cancel} the
 *       listener and go on;</li>
 *   <li>await the listener, then start over.</li>
 * </ol>
 *
 * {@snippet :
 * Event changed = new Event();
 * AtomicBoolean flag = new AtomicBoolean();
 * // waiter (inside a future's poll loop):
 * while (!flag.get()) {
 *     EventListener l = changed.listen();
 *     if (flag.get()) { l.cancel(); break; }
 *     Weft.await(l);
 * }
 * // notifier:
 * flag.set(true);
 * changed.notifyAllListeners();
 * }
 *
 * <h2>State</h2>
 * <pre>
 * field        meaning                                                   who touches it
 * solo         the solo slot: one SOLO node outside the list, used when  CAS by anyone (whoever
 *              nobody else waits (a lone receiver: no lock at all)       empties it owns the node)
 * head, tail   FIFO list of the LISTED nodes                             guarded by lock
 * length       how many nodes are in the list                            guarded by lock
 * waiting      volatile mirror of length; notify* returns at once when   written under lock,
 *              solo and waiting say nobody waits                         read by anyone
 * notified     nodes taken out of the list by a notify whose owner has   incremented under lock,
 *              not yet consumed the notification (notify(n) counts       decremented by owners
 *              them; solo notifications are not counted)                 (atomic adds)
 * </pre>
 * <pre>
 * transition            node state (EventNode)        by        how
 * insert, nobody waits  IDLE -> SOLO                  owner     CAS solo null -> node
 * insert, else          IDLE -> LISTED, at the tail   owner     under lock
 * notify* (solo)        SOLO -> SOLO_NOTIFIED or      notifier  CAS solo node -> null, then a
 *                       SOLO_ADDITIONAL                         release store of the state
 * notify* (list)        LISTED -> NOTIFIED or         notifier  under lock, from the head;
 *                       ADDITIONAL, unlinked                    notified += k
 * poll sees notified    any notified state -> IDLE    owner     acquire load (notified-- if
 *                                                               counted)
 * poll, same waker      (none)                        owner     one acquire load
 * poll, new waker       LISTED: waker replaced        owner     under lock
 *                       SOLO -> IDLE (the caller                CAS solo node -> null; the caller
 *                       re-checks and re-inserts)               re-checks and inserts again
 * remove                SOLO or LISTED -> IDLE        owner     CAS solo node -> null, or unlink
 *                                                               under lock
 * remove (notified)     notified state -> IDLE        owner     then notify one more listener of
 *                                                               the same kind (pass it on)
 * notify* meets a dead  SOLO or LISTED -> IDLE, waker   notifier  as a notify, but not counted: the
 *  node (its waker is   dropped                                   notification goes to the next
 *  a completed task)                                              node
 * insert, length at     dead LISTED -> IDLE, unlinked  inserter  under lock, whole list; then
 *  sweepAt              dead SOLO -> IDLE                        sweepAt = max(64, 2 * length);
 *                                                                 the slot by CAS, as a notifier
 * </pre>
 * A dead node is one whose task completed without cancelling it (a hand-written future that did
 * not forward {@code cancel()}): nobody will poll it again. Without the two dead-node rules it
 * would take a notification meant for a live waiter (a lost wake-up) and keep its task reachable.
 * A notify takes the nodes it notifies out (Tokio's {@code Notify} does the same), so the waiter
 * consumes its notification with one acquire load, and a waiter that keeps the same waker
 * re-polls without the lock. A lone waiter (the usual case for one receiver, or one sender on a
 * full channel) sits in the solo slot: inserting it and notifying it are one CAS each, no lock. An
 * owner whose CAS on the slot fails knows a notifier has claimed its node and waits the few
 * instructions until the notifier publishes the state. The slot is used only when the list is
 * empty, so notify order stays first-come first-served except for two waiters that arrive at the
 * same moment. Public {@link EventListener}s always use the list, so {@code notify(n)} counts
 * exactly as event-listener's does for them; a solo node (an internal waiting future) holding an
 * unconsumed notification is not counted, so {@code notify(n)} may then wake one more waiter than
 * needed: a spurious wake, after which that waiter re-checks and waits again.
 *
 * <p>Why the fast path is safe: the waiter writes {@code solo} (CAS) or {@code waiting} (volatile)
 * when it listens and then re-checks the condition; the notifier changes the condition (a volatile
 * write or a lock release) and then reads {@code solo} and {@code waiting}. Synchronization actions
 * are totally ordered, so either the notifier sees the listener or the waiter's re-check sees the
 * new condition. Why {@code notify(n)} may skip listeners counted in {@code notified}: each of them
 * re-checks the condition after it decrements the count, and a notifier that saw the count before
 * that decrement changed the condition before reading it.
 *
 * <p>Memory consistency effects: actions before a {@code notify*} call happen-before the
 * completion of the poll of a listener that this call notified.
 */
public final class Event {
    /**
     * For tests only; {@code false} in production, where nothing sets it. A test sets it to put a
     * lost-wakeup bug back on purpose and show that the simulation finds what the ordinary tests
     * miss (weft-test's {@code ChannelWorkerPoolMutantTest}). The bug looks like an optimisation:
     * a waiting future that completed passes no notification on (it used it,
     * {@link EventWait#stopWaitingDone}), and a cancelled one passes its notification on with a
     * plain {@code notify(1)}, which does nothing while another notified listener has not consumed
     * its own. So when one of two notified receivers is cancelled before it runs, one message is
     * left with no receiver woken. Read only when a node leaves the event while it is still in it
     * ({@link EventWait#stopWaitingDone}, and {@code remove} as it passes a notification on), never
     * by a wait or a notify.
     */
    static volatile boolean lostWakeForTests;

    private static final VarHandle NOTIFIED_COUNT;
    private static final VarHandle SOLO_SLOT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            NOTIFIED_COUNT = lookup.findVarHandle(Event.class, "notified", int.class);
            SOLO_SLOT = lookup.findVarHandle(Event.class, "solo", EventNode.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object lock = new Object();
    private EventNode head;
    private EventNode tail;
    private int length;
    /** Below this many listed nodes the list is never swept for dead ones. */
    static final int MIN_SWEEP_LENGTH = 64;
    /** The length at which an insert next sweeps out dead nodes; guarded by lock. */
    private int sweepAt = MIN_SWEEP_LENGTH;
    private volatile int waiting;
    @SuppressWarnings("unused") // accessed through NOTIFIED_COUNT
    private volatile int notified;
    @SuppressWarnings("unused") // written through SOLO_SLOT
    private volatile EventNode solo;

    /** An event with no listeners. */
    public Event() {}

    /**
     * Registers a new listener at the end of the list. Re-check the condition after this call.
     *
     * @return the listener; await it (it is a {@code Future<Void>}) or cancel it
     */
    public EventListener listen() {
        EventListener l = new EventListener(this);
        insert(l, null, false);
        return l;
    }

    /**
     * Makes sure at least {@code n} listeners are notified: if {@code k} listeners are notified
     * already and have not consumed it yet, only {@code n - k} more are.
     *
     * @param n how many listeners should be notified; {@link Integer#MAX_VALUE} for all
     * @return how many listeners this call notified
     */
    public int notify(int n) {
        return notify(n, false);
    }

    /**
     * Notifies {@code n} more listeners, counting from the first one not yet notified, whatever
     * other listeners were notified before.
     *
     * @param n how many more listeners to notify
     * @return how many listeners this call notified
     */
    public int notifyAdditional(int n) {
        return notify(n, true);
    }

    /**
     * Notifies one listener unless one is already notified.
     *
     * @return whether a listener was notified by this call
     */
    public boolean notifyOne() {
        return notify(1, false) == 1;
    }

    /**
     * Notifies every listener registered now.
     *
     * @return how many listeners this call notified
     */
    public int notifyAllListeners() {
        return notify(Integer.MAX_VALUE, false);
    }

    /** @return how many listeners are registered and not yet notified (a snapshot) */
    public int waiting() {
        return waiting + (solo != null ? 1 : 0);
    }

    private int notify(int n, boolean additional) {
        if (n <= 0) return 0;
        EventNode s = solo;
        if (s == null && waiting == 0) return 0;
        Waker single = null;
        int woken = 0;
        if (s != null && (additional || n > notified) && SOLO_SLOT.compareAndSet(this, s, null)) {
            // claimed: only this thread may move s on now (its owner waits for the state to change)
            if (isDead(s.waker)) {
                dropDead(s); // its task completed without cancelling it: the notification goes on
            } else {
                single = s.waker;
                // release: publishes the notifier's earlier actions to the owner's acquire load
                EventNode.STATE.setRelease(s, additional ? EventNode.SOLO_ADDITIONAL : EventNode.SOLO_NOTIFIED);
                woken = 1;
            }
        }
        if (woken == n || waiting == 0) {
            if (single != null) Wakes.wake(single);
            return woken;
        }
        Waker[] many = null;
        int count = 0;
        synchronized (lock) {
            int todo = additional ? n - woken : n - woken - notified;
            int kind = additional ? EventNode.ADDITIONAL : EventNode.NOTIFIED;
            int unlinked = 0;
            boolean droppedDead = false;
            while (todo > 0 && head != null) {
                EventNode l = head;
                unlink(l);
                Waker w = l.waker;
                if (isDead(w)) {
                    dropDead(l);
                    droppedDead = true;
                    continue;
                }
                // release: publishes the notifier's earlier actions to the owner's acquire load;
                // the lock orders it for every other reader
                EventNode.STATE.setRelease(l, kind);
                todo--;
                unlinked++;
                if (w != null) {
                    if (single == null) {
                        single = w;
                    } else {
                        if (many == null) many = new Waker[4];
                        else if (count == many.length) many = Arrays.copyOf(many, count * 2);
                        many[count++] = w;
                    }
                }
            }
            if (unlinked > 0) {
                NOTIFIED_COUNT.getAndAdd(this, unlinked);
                woken += unlinked;
            }
            if (unlinked > 0 || droppedDead) waiting = length;
        }
        if (single != null) Wakes.wake(single);
        for (int i = 0; i < count; i++) Wakes.wake(many[i]);
        return woken;
    }

    /**
     * Inserts an IDLE node: into the solo slot if {@code mayBeSolo} and nobody else waits, else at
     * the tail of the list. Re-check the condition after this call.
     *
     * @param waker the waker to store at once, or {@code null} (a listener not polled yet)
     * @param mayBeSolo whether the node may take the solo slot (only {@link EventWait} nodes: see
     *     {@link #register})
     */
    void insert(EventNode l, Waker waker, boolean mayBeSolo) {
        l.waker = waker;
        if (mayBeSolo && waiting == 0 && solo == null) {
            // plain: published by the CAS on the slot; the owner reads its own write
            EventNode.STATE.set(l, EventNode.SOLO);
            if (SOLO_SLOT.compareAndSet(this, null, l)) return;
        }
        synchronized (lock) {
            // plain: the lock orders it for notifiers; the owner reads its own write
            EventNode.STATE.set(l, EventNode.LISTED);
            l.prev = tail;
            l.next = null;
            if (tail == null) head = l;
            else tail.next = l;
            tail = l;
            length++;
            if (length >= sweepAt) sweepDeadLocked();
            waiting = length;
        }
    }

    /**
     * Whether {@code w} is the waker of a task that has completed: a future it ran left this node
     * behind (it did not forward {@code cancel()}), and nobody will ever poll the node again.
     */
    private static boolean isDead(Waker w) {
        return w != null && w.isSpent();
    }

    /** Retires a dead node taken out of the slot or the list: IDLE, its task no longer held. */
    private static void dropDead(EventNode l) {
        l.waker = null;
        EventNode.STATE.setRelease(l, EventNode.IDLE);
    }

    /**
     * Unlinks every dead node: run when the list has doubled since the last sweep, so that
     * listeners left behind by completed tasks never outnumber the live ones (and
     * {@link #MIN_SWEEP_LENGTH}), at an amortized O(1) per insert. Caller holds the lock.
     */
    private void sweepDeadLocked() {
        EventNode s = solo;
        // a notifier may claim it first (then it is its to drop); its dead owner never will
        if (s != null && isDead(s.waker) && SOLO_SLOT.compareAndSet(this, s, null)) dropDead(s);
        for (EventNode l = head; l != null; ) {
            EventNode next = l.next;
            if (isDead(l.waker)) {
                unlink(l);
                dropDead(l);
            }
            l = next;
        }
        sweepAt = Math.max(MIN_SWEEP_LENGTH, length * 2);
    }

    /**
     * Polls node {@code l} (owner only): consumes its notification, or makes sure
     * {@code waker} is the one a notify will wake.
     *
     * <p>A node in the solo slot whose waker changed is taken out instead (or, if a notifier
     * claimed it first, consumed): the answer is then {@code true} although it may not have been
     * notified, and the caller re-checks its condition and inserts it again with the new waker.
     * Only {@link EventWait} nodes (whose callers re-check anyway) use the solo slot; a public
     * {@link EventListener} completes only when notified.
     *
     * @return true if the node is now IDLE (notified, or a solo node whose waker changed)
     * @throws IllegalStateException if the node is IDLE
     */
    boolean register(EventNode l, Waker waker) {
        int s = l.stateAcquire();
        if (s == EventNode.LISTED || s == EventNode.SOLO) {
            Waker old = l.waker;
            if (old != null && old.willWake(waker)) return false;
            if (s == EventNode.SOLO) {
                if (leaveSolo(l)) return true;
                s = awaitNotified(l);
            } else {
                synchronized (lock) {
                    s = l.stateAcquire();
                    if (s == EventNode.LISTED) {
                        l.waker = waker;
                        return false;
                    }
                }
            }
        }
        if (EventNode.isNotified(s)) {
            consume(l, s);
            return true;
        }
        throw new IllegalStateException("listener polled after it completed or was cancelled");
    }

    /** Removes node {@code l} (owner only); a notification it had not consumed goes to another listener. */
    void remove(EventNode l) {
        remove(l, true);
    }

    /**
     * Removes node {@code l} (owner only).
     *
     * @param l the node
     * @param passOn whether a notification it had not consumed goes to another listener (always
     *     but in tests of a broken variant: {@link #lostWakeForTests}, {@code EventLincheckTest})
     */
    void remove(EventNode l, boolean passOn) {
        int s = l.stateAcquire();
        if (s == EventNode.IDLE) return;
        if (s == EventNode.SOLO) {
            if (leaveSolo(l)) return;
            s = awaitNotified(l);
        } else if (s == EventNode.LISTED) {
            synchronized (lock) {
                if (l.stateAcquire() == EventNode.LISTED) {
                    unlink(l);
                    // plain: the node is out of the list; only its owner (this thread) reads it now
                    EventNode.STATE.set(l, EventNode.IDLE);
                    l.waker = null;
                    waiting = length;
                    return;
                }
            }
            s = l.stateAcquire();
        }
        consume(l, s);
        if (passOn) notify(1, !lostWakeForTests && EventNode.isAdditional(s));
    }

    /** @return whether the owner took its SOLO node {@code l} out before any notifier claimed it */
    private boolean leaveSolo(EventNode l) {
        if (!SOLO_SLOT.compareAndSet(this, l, null)) return false;
        // plain: the node is out of the slot; only its owner (this thread) reads it now
        EventNode.STATE.set(l, EventNode.IDLE);
        l.waker = null;
        return true;
    }

    /**
     * A notifier claimed solo node {@code l} (its CAS on the slot won) and is about to publish the
     * notification: wait for it (a few instructions, unless that thread was descheduled).
     */
    private static int awaitNotified(EventNode l) {
        int s;
        for (int spins = 0; (s = l.stateAcquire()) == EventNode.SOLO; spins++) {
            if (spins < 64) Thread.onSpinWait();
            else Thread.yield();
        }
        return s;
    }

    /** A notified state {@code s} -> IDLE, by the owner. */
    private void consume(EventNode l, int s) {
        // plain: once notified the node is out of the event and only its owner touches it; the
        // next insert publishes it again (CAS on the slot, or the lock)
        EventNode.STATE.set(l, EventNode.IDLE);
        l.waker = null;
        if (s == EventNode.NOTIFIED || s == EventNode.ADDITIONAL) NOTIFIED_COUNT.getAndAdd(this, -1);
    }

    private void unlink(EventNode l) {
        if (l.prev == null) head = l.next;
        else l.prev.next = l.next;
        if (l.next == null) tail = l.prev;
        else l.next.prev = l.prev;
        l.prev = null;
        l.next = null;
        length--;
    }

    @Override
    public String toString() {
        return "Event[waiting=" + waiting + "]";
    }
}
