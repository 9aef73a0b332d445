package dev.weft.sync;

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
 * head, tail   FIFO list of LISTED nodes (not yet notified)              guarded by lock
 * length       how many nodes are in the list                            guarded by lock
 * waiting      volatile mirror of length: the lock-free fast path of     written under lock,
 *              notify* reads it and returns at once if it is 0           read by anyone
 * notified     nodes taken out by a notify whose owner has not yet       incremented under lock,
 *              consumed the notification (notify(n) counts them)        decremented by owners
 *                                                                        without the lock (atomic)
 * </pre>
 * <pre>
 * transition            node state               by        lock
 * insert                IDLE -> LISTED (tail)    owner     yes
 * notify*               LISTED -> NOTIFIED or    notifier  yes; the wakers are woken after it
 *                       ADDITIONAL,
 *                       unlinked, notified++               is released
 * poll sees NOTIFIED    NOTIFIED/ADDITIONAL      owner     no
 *                       -> IDLE,
 *                       notified--
 * poll sees LISTED      waker replaced if it     owner     only if the waker changed
 *                       would not wake the same
 *                       task
 * remove (LISTED)       LISTED -> IDLE           owner     yes
 * remove (notified)     NOTIFIED/ADDITIONAL      owner     no (the pass-on notify may take it)
 *                       -> IDLE,
 *                       notified--, then one
 *                       more listener notified
 *                       (of the same kind)
 * </pre>
 * A notify takes the nodes it notifies out of the list (Tokio's {@code Notify} does the same), so
 * the waiter consumes its notification with one acquire load and one atomic decrement, and a
 * waiter that keeps the same waker re-polls without the lock. Only inserting, notifying listed
 * nodes and removing a listed node take the lock.
 *
 * <p>Why the fast path is safe: the waiter writes {@code waiting} (volatile) when it listens and
 * then re-checks the condition; the notifier changes the condition (a volatile write or a lock
 * release) and then reads {@code waiting}. Synchronization actions are totally ordered, so either
 * the notifier sees the listener or the waiter's re-check sees the new condition. Why
 * {@code notify(n)} may skip listeners counted in {@code notified}: each of them re-checks the
 * condition after it decrements the count, and a notifier that saw the count before that
 * decrement changed the condition before reading it.
 *
 * <p>Memory consistency effects: actions before a {@code notify*} call happen-before the
 * completion of the poll of a listener that this call notified.
 */
public final class Event {
    private static final VarHandle NOTIFIED_COUNT;

    static {
        try {
            NOTIFIED_COUNT = MethodHandles.lookup().findVarHandle(Event.class, "notified", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object lock = new Object();
    private EventNode head;
    private EventNode tail;
    private int length;
    private volatile int waiting;
    @SuppressWarnings("unused") // accessed through NOTIFIED_COUNT
    private volatile int notified;

    /** An event with no listeners. */
    public Event() {}

    /**
     * Registers a new listener at the end of the list. Re-check the condition after this call.
     *
     * @return the listener; await it (it is a {@code Future<Void>}) or cancel it
     */
    public EventListener listen() {
        EventListener l = new EventListener(this);
        insert(l, null);
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
        return waiting;
    }

    private int notify(int n, boolean additional) {
        if (n <= 0 || waiting == 0) return 0;
        Waker single = null;
        Waker[] many = null;
        int count = 0;
        int woken = 0;
        synchronized (lock) {
            int todo = additional ? n : n - notified;
            while (todo > 0 && head != null) {
                EventNode l = head;
                unlink(l);
                Waker w = l.waker;
                // release: publishes the notifier's earlier actions to the owner's acquire load;
                // the lock orders it for every other reader
                EventNode.STATE.setRelease(l, additional ? EventNode.ADDITIONAL : EventNode.NOTIFIED);
                todo--;
                woken++;
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
            if (woken > 0) {
                NOTIFIED_COUNT.getAndAdd(this, woken);
                waiting = length;
            }
        }
        if (single != null) single.wake();
        for (int i = 0; i < count; i++) many[i].wake();
        return woken;
    }

    /**
     * Inserts an IDLE node at the tail.
     *
     * @param waker the waker to store at once, or {@code null} (a listener not polled yet)
     */
    void insert(EventNode l, Waker waker) {
        synchronized (lock) {
            l.waker = waker;
            // plain: the lock orders it for notifiers; the owner (this thread) reads its own write
            EventNode.STATE.set(l, EventNode.LISTED);
            l.prev = tail;
            l.next = null;
            if (tail == null) head = l;
            else tail.next = l;
            tail = l;
            length++;
            waiting = length;
        }
    }

    /**
     * Polls node {@code l} (owner only): consumes its notification, or makes sure
     * {@code waker} is the one a notify will wake.
     *
     * @return true if notified (the node is now IDLE)
     * @throws IllegalStateException if the node is IDLE
     */
    boolean register(EventNode l, Waker waker) {
        int s = l.stateAcquire();
        if (s == EventNode.LISTED) {
            Waker old = l.waker;
            if (old != null && old.willWake(waker)) return false;
            synchronized (lock) {
                s = l.stateAcquire();
                if (s == EventNode.LISTED) {
                    l.waker = waker;
                    return false;
                }
            }
        }
        if (s != EventNode.IDLE) {
            consume(l);
            return true;
        }
        throw new IllegalStateException("listener polled after it completed or was cancelled");
    }

    /** Removes node {@code l} (owner only); a notification it had not consumed goes to another listener. */
    void remove(EventNode l) {
        int s = l.stateAcquire();
        if (s == EventNode.IDLE) return;
        if (s == EventNode.LISTED) {
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
        }
        s = l.stateAcquire();
        consume(l);
        notify(1, s == EventNode.ADDITIONAL);
    }

    /** NOTIFIED/ADDITIONAL -> IDLE, by the owner. */
    private void consume(EventNode l) {
        // plain: once NOTIFIED the node is out of the list and only its owner touches it; the next
        // insert publishes it again under the lock
        EventNode.STATE.set(l, EventNode.IDLE);
        l.waker = null;
        NOTIFIED_COUNT.getAndAdd(this, -1);
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
