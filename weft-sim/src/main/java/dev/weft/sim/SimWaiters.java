package dev.weft.sim;

import dev.weft.future.Waker;
import dev.weft.future.internal.Wakes;
import java.util.ArrayList;

/**
 * The wakers waiting on one condition of a simulated socket (data to read, room to write, a
 * connection to accept), one slot per owner, kept in registration order so that waking them never
 * depends on identity hashes.
 *
 * {@snippet :
 * SimWaiters readers = new SimWaiters();
 * readers.register(side, cx.waker());   // the condition was just found false
 * readers.wakeAll();                    // it became true: every slot is emptied and woken
 * }
 *
 * <p>State: the owners and wakers, in order; the simulation's thread only. A registration by an
 * owner that holds a slot replaces its waker (one slot per owner).
 */
final class SimWaiters {
    private final ArrayList<Object> owners = new ArrayList<>(2);
    private final ArrayList<Waker> wakers = new ArrayList<>(2);

    void register(Object owner, Waker waker) {
        int i = indexOf(owner);
        if (i >= 0) {
            wakers.set(i, waker);
        } else {
            owners.add(owner);
            wakers.add(waker);
        }
    }

    void deregister(Object owner) {
        int i = indexOf(owner);
        if (i >= 0) {
            owners.remove(i);
            wakers.remove(i);
        }
    }

    boolean isRegistered(Object owner) {
        return indexOf(owner) >= 0;
    }

    int size() {
        return owners.size();
    }

    /** Empties every slot, then wakes the wakers in registration order (a throwing one is reported). */
    void wakeAll() {
        if (owners.isEmpty()) return;
        Waker[] ws = wakers.toArray(new Waker[0]);
        owners.clear();
        wakers.clear();
        for (Waker w : ws) Wakes.wake(w);
    }

    private int indexOf(Object owner) {
        for (int i = 0; i < owners.size(); i++) if (owners.get(i) == owner) return i;
        return -1;
    }
}
