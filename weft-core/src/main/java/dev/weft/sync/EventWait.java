package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Poll;

/**
 * The waiting half of a future built on an {@link Event}: holds at most one listener and reuses it
 * across waits, so a future that waits many times allocates one listener.
 *
 * <p>Owner only: the fields are touched by the poll and cancel of the one future that extends
 * this (never concurrently, by the {@link dev.weft.future.Future} contract). {@code fresh} is true
 * only between inserting the listener (with the waker) and the end of that same poll.
 */
abstract class EventWait {
    private EventListener listener;
    private boolean armed;
    private boolean fresh;

    /**
     * One step of "try, listen, re-try, wait". Call it after an attempt failed.
     *
     * <p>The first call inserts the listener with the waker of {@code cx} already stored and asks
     * for a re-try; if that re-try fails too, the next call answers "pending" without touching the
     * event again: a notification that came in between has woken the stored waker, and the next
     * poll consumes it.
     *
     * @return {@code true} if the caller should attempt again now (a listener was just inserted, or
     *     its notification was consumed); {@code false} if the caller should return pending (the
     *     waker of {@code cx} is registered)
     */
    final boolean waitOn(Event event, Context cx) {
        if (!armed) {
            if (listener == null) listener = new EventListener(event);
            event.insert(listener, cx.waker());
            armed = true;
            fresh = true;
            return true;
        }
        if (fresh) {
            fresh = false;
            return false;
        }
        if (event.register(listener, cx.waker())) {
            armed = false;
            return true;
        }
        return false;
    }

    /**
     * The poll ends pending because the cooperative budget is spent (the task was woken), not
     * because it waits: the next poll must register its waker again rather than trust the one
     * stored when the listener was inserted (a notification may have consumed it).
     *
     * @return pending
     */
    final <T> Poll<T> budgetSpent() {
        fresh = false;
        return Poll.pending();
    }

    /** Leaves the event's list if still in it; a notification not consumed passes on. */
    final void stopWaiting() {
        fresh = false;
        if (armed) {
            armed = false;
            listener.cancel();
        }
    }
}
