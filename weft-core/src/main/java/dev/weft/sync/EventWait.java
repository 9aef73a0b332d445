package dev.weft.sync;

import dev.weft.future.Context;

/**
 * The waiting half of a future built on an {@link Event}: holds at most one listener and reuses it
 * across waits, so a future that waits many times allocates one listener.
 *
 * <p>Owner only: the fields are touched by the poll and cancel of the one future that extends
 * this (never concurrently, by the {@link dev.weft.future.Future} contract).
 */
abstract class EventWait {
    private EventListener listener;
    private boolean armed;

    /**
     * One step of "try, listen, re-try, wait". Call it after an attempt failed.
     *
     * @return {@code true} if the caller should attempt again now (a listener was just inserted, or
     *     its notification was consumed); {@code false} if the caller should return pending (the
     *     waker of {@code cx} is registered)
     */
    final boolean waitOn(Event event, Context cx) {
        if (!armed) {
            if (listener == null) listener = new EventListener(event);
            event.insert(listener);
            armed = true;
            return true;
        }
        if (event.register(listener, cx.waker())) {
            armed = false;
            return true;
        }
        return false;
    }

    /** Leaves the event's list if still in it; a notification not consumed passes on. */
    final void stopWaiting() {
        if (armed) {
            armed = false;
            listener.cancel();
        }
    }
}
