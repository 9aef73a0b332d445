package dev.weft.sync;

import dev.weft.future.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A place in an {@link Event}'s wait list. The waiting futures ({@link EventWait}) and the public
 * {@link EventListener} extend it, so waiting allocates no separate list node.
 *
 * <h2>State</h2>
 * <pre>
 * state        meaning                                       next states
 * IDLE         not in the list, holds no notification        LISTED (insert, by the owner)
 * LISTED       in the list, not yet notified                 NOTIFIED or ADDITIONAL (notify),
 *                                                            IDLE (remove)
 * NOTIFIED     taken out of the list by a notify; the owner  IDLE (consumed or passed on, by the
 *              has not consumed the notification yet         owner, without the lock)
 * ADDITIONAL   the same, by a notifyAdditional (a pass-on    IDLE (likewise)
 *              is of the same kind)
 * </pre>
 * <pre>
 * field        who touches it
 * state        written under the event's lock (IDLE to LISTED, LISTED to NOTIFIED/ADDITIONAL,
 *              LISTED to IDLE), or by the owner without the lock (NOTIFIED/ADDITIONAL to IDLE:
 *              once notified, the node is out of the list and nobody else touches it); read by
 *              the owner without the lock
 * waker        written by the owner only (under the lock while LISTED); read by notifiers under
 *              the lock
 * prev, next   guarded by the event's lock
 * solo         owner only: whether the last insert put the node in the event's solo slot
 * </pre>
 */
abstract class EventNode {
    static final int IDLE = 0;
    static final int LISTED = 1;
    static final int NOTIFIED = 2;
    static final int ADDITIONAL = 3;

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
    boolean solo;

    /** @return the state as the owner sees it (acquire: pairs with the notifier's release of NOTIFIED) */
    final int stateAcquire() {
        return (int) STATE.getAcquire(this);
    }
}
