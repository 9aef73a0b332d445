package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Poll;

/**
 * The waiting half of a future built on an {@link Event}: the future is itself the node in the
 * event's list, reused across waits, so waiting allocates nothing.
 *
 * <p>The node fields follow {@code EventNode}'s rules; the methods here are called by the poll
 * and cancel of the one future that extends this (never concurrently, by the
 * {@link dev.weft.future.Future} contract). A future waits on one event only (the one it passes to
 * {@link #waitOn} and {@link #stopWaiting}); its node is in that event (listed, in the solo slot,
 * or notified and not yet consumed) exactly when its state is not IDLE, which the owner reads
 * without the lock.
 */
abstract class EventWait extends EventNode {
    /**
     * One step of "try, listen, re-try, wait". Call it after an attempt failed.
     *
     * <p>The first call inserts the node with the waker of {@code cx} already stored and asks for
     * a re-try; if that re-try fails too, the next call finds the node still waiting with the same
     * waker (one acquire load, no lock) and answers "pending", or finds it notified, consumes the
     * notification and asks for another re-try.
     *
     * @return {@code true} if the caller should attempt again now (the node was just inserted, or
     *     its notification was consumed, or it left the solo slot because the waker changed);
     *     {@code false} if the caller should return pending (the waker of {@code cx} is
     *     registered)
     */
    final boolean waitOn(Event e, Context cx) {
        if (stateAcquire() == IDLE) {
            e.insert(this, cx.waker(), true);
            return true;
        }
        return e.register(this, cx.waker());
    }

    /**
     * The poll ends pending because the cooperative budget is spent (the task was woken), not
     * because it waits; the node, if inserted, stays where it is and the next poll re-checks it.
     *
     * @return pending
     */
    final <T> Poll<T> budgetSpent() {
        return Poll.pending();
    }

    /**
     * Leaves the event's list if still in it; a notification not consumed passes on.
     *
     * @param e the event this future waits on
     */
    final void stopWaiting(Event e) {
        if (stateAcquire() != IDLE) e.remove(this);
    }

    /**
     * The future completed: as {@link #stopWaiting}, except that with the lost-wakeup bug that
     * tests switch on ({@link Event#lostWakeForTests}) a notification it had not consumed is
     * dropped.
     *
     * @param e the event this future waits on
     */
    final void stopWaitingDone(Event e) {
        if (stateAcquire() != IDLE) e.remove(this, !Event.lostWakeForTests);
    }
}
