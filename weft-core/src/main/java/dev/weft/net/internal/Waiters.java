package dev.weft.net.internal;

import dev.weft.future.Waker;
import java.util.Arrays;

/**
 * The tasks waiting for one direction (read or write) of one poller's source (see
 * {@link SourceWaiters}): a small list of {@code (key, waker)} slots.
 *
 * <p>Each waiting party owns a key (a readiness future, or a stream's read or write side) and
 * holds at most one slot. Registering again with the same key replaces the waker in place, so a
 * task polled repeatedly keeps one slot. Firing empties the list and hands every waker to the
 * caller. The arrays are kept and reused, so waiting again after a fire allocates nothing.
 *
 * <p>Not thread-safe: every method is called with the owning source's lock held.
 */
public final class Waiters {
    private Object[] keys = new Object[2];
    private Waker[] wakers = new Waker[2];
    private int count;

    /** @return whether nobody waits */
    public boolean isEmpty() {
        return count == 0;
    }

    /** @return how many parties wait */
    public int size() {
        return count;
    }

    /**
     * Puts {@code waker} in the slot of {@code key}, adding the slot if {@code key} has none.
     *
     * @param key the waiting party
     * @param waker the waker to wake on readiness
     */
    public void put(Object key, Waker waker) {
        for (int i = 0; i < count; i++) {
            if (keys[i] == key) {
                wakers[i] = waker;
                return;
            }
        }
        if (count == keys.length) {
            keys = Arrays.copyOf(keys, count * 2);
            wakers = Arrays.copyOf(wakers, count * 2);
        }
        keys[count] = key;
        wakers[count] = waker;
        count++;
    }

    /**
     * Replaces the waker in the slot of {@code key}, if it has one.
     *
     * @param key the waiting party
     * @param waker the new waker
     * @return whether {@code key} holds a slot (else nothing changed)
     */
    public boolean replace(Object key, Waker waker) {
        for (int i = 0; i < count; i++) {
            if (keys[i] == key) {
                wakers[i] = waker;
                return true;
            }
        }
        return false;
    }

    /**
     * @param key a waiting party
     * @return whether {@code key} holds a slot
     */
    public boolean contains(Object key) {
        for (int i = 0; i < count; i++) {
            if (keys[i] == key) return true;
        }
        return false;
    }

    /**
     * Removes the slot of {@code key}, if any.
     *
     * @param key a waiting party
     * @return whether a slot was removed
     */
    public boolean remove(Object key) {
        for (int i = 0; i < count; i++) {
            if (keys[i] == key) {
                count--;
                keys[i] = keys[count];
                wakers[i] = wakers[count];
                keys[count] = null;
                wakers[count] = null;
                return true;
            }
        }
        return false;
    }

    /**
     * Removes the slots whose waker is spent ({@link dev.weft.future.Waker#isSpent()}: its task has
     * completed): a future it ran registered here and did not forward {@code cancel()}, so nobody
     * will poll it again, and the slot would keep the whole task reachable until the direction's
     * next event.
     *
     * @return how many slots were removed
     */
    public int sweepDead() {
        int removed = 0;
        for (int i = 0; i < count; ) {
            if (wakers[i].isSpent()) {
                count--;
                keys[i] = keys[count];
                wakers[i] = wakers[count];
                keys[count] = null;
                wakers[count] = null;
                removed++;
            } else {
                i++;
            }
        }
        return removed;
    }

    /**
     * Empties the list, handing every waker to {@code out}.
     *
     * @param out where the wakers go; woken by the caller after it released the lock
     */
    public void drainTo(WakeList out) {
        for (int i = 0; i < count; i++) {
            out.add(wakers[i]);
            keys[i] = null;
            wakers[i] = null;
        }
        count = 0;
    }
}
