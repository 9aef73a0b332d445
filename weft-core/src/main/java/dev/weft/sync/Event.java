package dev.weft.sync;

import dev.weft.future.Waker;
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
 * field        meaning                                                    who touches it
 * head, tail   FIFO list of listeners, notified ones first                guarded by lock
 * next         first listener not yet notified (null: all are)            guarded by lock
 * notified     how many listeners in the list are notified                guarded by lock
 * unnotified   volatile mirror of (listeners - notified): the lock-free   written under lock,
 *              fast path of notify* reads it and returns if it is 0        read by anyone
 * </pre>
 * <pre>
 * transition          effect on a listener                         by
 * listen()            (new) -> CREATED, appended at the tail       waiter
 * poll, not notified  CREATED/WAITING -> WAITING (waker stored)    waiter
 * notify*             CREATED/WAITING -> NOTIFIED (waker woken)    notifier
 * poll, notified      NOTIFIED -> removed, poll is ready           waiter
 * cancel()            any -> removed; a NOTIFIED one re-notifies    waiter
 *                     one more listener (same "additional" kind)
 * </pre>
 * Why the fast path is safe: the waiter writes {@code unnotified} (volatile) when it listens and
 * then re-checks the condition; the notifier changes the condition (a volatile write or a lock
 * release) and then reads {@code unnotified}. Synchronization actions are totally ordered, so
 * either the notifier sees the listener or the waiter's re-check sees the new condition.
 * Wakers are woken after the lock is released.
 *
 * <p>Memory consistency effects: actions before a {@code notify*} call happen-before the
 * completion of the poll of a listener that this call notified.
 */
public final class Event {
    private final Object lock = new Object();
    private EventListener head;
    private EventListener tail;
    private EventListener next;
    private int length;
    private int notified;
    private volatile int unnotified;

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
        return unnotified;
    }

    private int notify(int n, boolean additional) {
        if (n <= 0 || unnotified == 0) return 0;
        Waker single = null;
        Waker[] many = null;
        int count = 0;
        int woken = 0;
        synchronized (lock) {
            int todo = additional ? n : n - notified;
            while (todo > 0 && next != null) {
                EventListener l = next;
                next = l.next;
                l.state = EventListener.NOTIFIED;
                l.additional = additional;
                notified++;
                todo--;
                Waker w = l.waker;
                l.waker = null;
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
            unnotified = countUnnotified();
        }
        if (single != null) single.wake();
        for (int i = 0; i < count; i++) many[i].wake();
        return woken;
    }

    /**
     * Inserts {@code l} at the tail as a fresh listener; used by futures that reuse theirs.
     *
     * @param waker the waker to store at once (the listener is then WAITING), or {@code null}
     */
    void insert(EventListener l, Waker waker) {
        synchronized (lock) {
            l.waker = waker;
            l.state = waker == null ? EventListener.CREATED : EventListener.WAITING;
            l.additional = false;
            l.prev = tail;
            l.next = null;
            if (tail == null) head = l;
            else tail.next = l;
            tail = l;
            if (next == null) next = l;
            length++;
            unnotified = countUnnotified();
        }
    }

    /**
     * Polls {@code l} under the lock: consumes its notification, or stores the waker.
     *
     * @return true if notified (and now removed)
     */
    boolean register(EventListener l, Waker waker) {
        synchronized (lock) {
            switch (l.state) {
                case EventListener.NOTIFIED -> {
                    unlink(l);
                    notified--;
                    l.state = EventListener.IDLE;
                    unnotified = countUnnotified();
                    return true;
                }
                case EventListener.CREATED, EventListener.WAITING -> {
                    if (l.waker == null || !l.waker.willWake(waker)) l.waker = waker;
                    l.state = EventListener.WAITING;
                    return false;
                }
                default -> throw new IllegalStateException("listener polled after it completed or was cancelled");
            }
        }
    }

    /** Removes {@code l} if it is in the list; a notification it had not consumed goes to another listener. */
    void remove(EventListener l) {
        boolean pass;
        boolean passAdditional;
        synchronized (lock) {
            int s = l.state;
            if (s == EventListener.IDLE) return;
            pass = s == EventListener.NOTIFIED;
            passAdditional = l.additional;
            if (next == l) next = l.next;
            unlink(l);
            if (pass) notified--;
            l.state = EventListener.IDLE;
            l.waker = null;
            unnotified = countUnnotified();
        }
        if (pass) notify(1, passAdditional);
    }

    /** Listeners from {@code next} on: all but the notified ones (which sit before {@code next}). */
    private int countUnnotified() {
        return length - notified;
    }

    private void unlink(EventListener l) {
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
        return "Event[waiting=" + unnotified + "]";
    }
}
