package dev.weft.sync;

import dev.weft.future.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A place in an {@link Event}'s wait list or its solo slot. The waiting futures
 * ({@link EventWait}) and the public {@link EventListener} extend it, so waiting allocates no
 * separate node.
 *
 * <h2>State</h2>
 * <pre>
 * state            meaning                                      next states
 * IDLE             not in the event, holds no notification      LISTED or SOLO (insert, by owner)
 * LISTED           in the list, not yet notified                NOTIFIED/ADDITIONAL (notify, under
 *                                                               lock), IDLE (remove, under lock)
 * SOLO             in the solo slot, not yet notified           SOLO_NOTIFIED/SOLO_ADDITIONAL
 *                                                               (notify), IDLE (owner); both only
 *                                                               after winning the CAS that empties
 *                                                               the slot
 * NOTIFIED         taken out by a notify (counted in the        IDLE (consumed or passed on, by
 *                  event's "notified"); not yet consumed        the owner, without the lock)
 * ADDITIONAL       the same, by a notifyAdditional              IDLE (likewise)
 * SOLO_NOTIFIED,   the same for a node notified from the solo   IDLE (likewise)
 * SOLO_ADDITIONAL  slot (not counted in "notified")
 * </pre>
 * <pre>
 * field        who touches it
 * state        notifiers: release stores of a notified state (under the lock, or after winning
 *              the solo slot); owner: every other transition (IDLE to LISTED under the lock, IDLE
 *              to SOLO before its CAS on the slot publishes it, back to IDLE once the node is out
 *              of the event and nobody else touches it); read by the owner without the lock
 * waker        written by the owner only: under the lock while LISTED, never while SOLO; read by
 *              notifiers under the lock, or after winning the solo slot
 * prev, next   guarded by the event's lock
 * </pre>
 */
abstract class EventNode {
    static final int IDLE = 0;
    static final int LISTED = 1;
    static final int SOLO = 2;
    static final int NOTIFIED = 3;
    static final int ADDITIONAL = 4;
    static final int SOLO_NOTIFIED = 5;
    static final int SOLO_ADDITIONAL = 6;

    static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(EventNode.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    EventNode prev;
    EventNode next;
    @SuppressWarnings("unused") // accessed through STATE
    private int state;
    Waker waker;

    /** @return the state as the owner sees it (acquire: pairs with the notifier's release) */
    final int stateAcquire() {
        return (int) STATE.getAcquire(this);
    }

    /** @return whether {@code s} is one of the notified states */
    static boolean isNotified(int s) {
        return s >= NOTIFIED;
    }

    /** @return whether {@code s} was set by a notifyAdditional */
    static boolean isAdditional(int s) {
        return s == ADDITIONAL || s == SOLO_ADDITIONAL;
    }
}
