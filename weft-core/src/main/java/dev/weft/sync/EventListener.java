package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;

/**
 * A place in an {@link Event}'s list: a future that completes once the event notified it.
 *
 * <p>Made by {@link Event#listen()}; see there for the check / listen / re-check / await protocol.
 * A listener completes at most once.
 *
 * {@snippet :
 * EventListener l = event.listen();
 * if (!conditionHolds()) Weft.await(l); else l.cancel();
 * }
 *
 * <p>What wakes it: a {@code notify*} call on its event that reached it. Throws nothing.
 * Cancel-safe: {@link #cancel()} removes it from the list, and if it had been notified but had not
 * yet seen it, the notification goes on to the next listener, so no wake-up meant for "one waiter"
 * is swallowed by a waiter that gave up.
 *
 * <p>All fields are guarded by the event's lock (see the state table of {@link Event}).
 */
public final class EventListener implements Future<Void> {
    /** Not in the list: completed, cancelled, or not yet (re-)inserted. */
    static final int IDLE = 0;
    /** In the list, never polled. */
    static final int CREATED = 1;
    /** In the list with a waker. */
    static final int WAITING = 2;
    /** In the list, notified; the next poll consumes it. */
    static final int NOTIFIED = 3;

    final Event event;
    EventListener prev;
    EventListener next;
    int state;
    boolean additional;
    Waker waker;

    EventListener(Event event) {
        this.event = event;
    }

    /**
     * Completes once this listener was notified.
     *
     * @param cx the context whose waker a notification wakes
     * @return ready once notified, pending otherwise
     * @throws IllegalStateException if polled after it completed or was cancelled
     */
    @Override
    public Poll<Void> poll(Context cx) {
        return event.register(this, cx.waker()) ? Poll.ready(null) : Poll.pending();
    }

    /** Leaves the list; a notification not yet consumed passes on to another listener. Idempotent. */
    @Override
    public void cancel() {
        event.remove(this);
    }

    @Override
    public String toString() {
        return "EventListener[" + event + "]";
    }
}
