package dev.weft.net.internal;

import dev.weft.future.internal.Wakes;
import dev.weft.future.Waker;
import java.util.Arrays;

/**
 * Wakers collected under a lock and woken after it is released, so that a waker's code never runs
 * inside the reactor's or a source's lock. Reused across rounds: no allocation once grown.
 *
 * <p>Not thread-safe: owned by one thread at a time (the driving thread, or one closing thread).
 */
public final class WakeList {
    private Waker[] wakers = new Waker[16];
    private int count;

    /** @return how many wakers are collected */
    public int size() {
        return count;
    }

    /** @return whether no waker is collected */
    public boolean isEmpty() {
        return count == 0;
    }

    public void add(Waker w) {
        if (count == wakers.length) wakers = Arrays.copyOf(wakers, count * 2);
        wakers[count++] = w;
    }

    /** Wakes every collected waker once, in order, and empties the list. */
    public void wakeAll() {
        int n = count;
        count = 0;
        for (int i = 0; i < n; i++) {
            Waker w = wakers[i];
            wakers[i] = null;
            Wakes.wake(w);
        }
    }
}
