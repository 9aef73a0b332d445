package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;

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
 * <p>Its fields follow the rules of its list node ({@code EventNode}) and of {@link Event}.
 */
public final class EventListener extends EventNode implements Future<Void> {
    final Event event;

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
