package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Poll;

/**
 * The waiting half of a future built on an {@link Event}: the future is itself the node in the
 * event's list, reused across waits, so waiting allocates nothing.
 *
 * <p>Owner only: {@code fresh} is touched by the poll and cancel of the one future that extends
 * this (never concurrently, by the {@link dev.weft.future.Future} contract); the node fields follow
 * {@code EventNode}'s rules. A future waits on one event only (the one it passes to
 * {@link #waitOn} and {@link #stopWaiting}); its node is in that event (LISTED or notified) exactly
 * when its state is not IDLE, which the owner reads without the lock. {@code fresh} is true only
 * between inserting the node (with the waker) and the end of that same poll.
 */
abstract class EventWait extends EventNode {
    private boolean fresh;

    /**
     * One step of "try, listen, re-try, wait". Call it after an attempt failed.
     *
     * <p>The first call inserts the node with the waker of {@code cx} already stored and asks for
     * a re-try; if that re-try fails too, the next call answers "pending" without touching the
     * event again: a notification that came in between has woken the stored waker, and the next
     * poll consumes it.
     *
     * @return {@code true} if the caller should attempt again now (the node was just inserted, or
     *     its notification was consumed); {@code false} if the caller should return pending (the
     *     waker of {@code cx} is registered)
     */
    final boolean waitOn(Event e, Context cx) {
        if (stateAcquire() == IDLE) {
            e.insert(this, cx.waker(), true);
            fresh = true;
            return true;
        }
        if (fresh) {
            fresh = false;
            return false;
        }
        return e.register(this, cx.waker());
    }

    /**
     * The poll ends pending because the cooperative budget is spent (the task was woken), not
     * because it waits: the next poll must check its registration again rather than skip it.
     *
     * @return pending
     */
    final <T> Poll<T> budgetSpent() {
        fresh = false;
        return Poll.pending();
    }

    /**
     * Leaves the event's list if still in it; a notification not consumed passes on.
     *
     * @param e the event this future waits on
     */
    final void stopWaiting(Event e) {
        fresh = false;
        if (stateAcquire() != IDLE) e.remove(this);
    }
}
