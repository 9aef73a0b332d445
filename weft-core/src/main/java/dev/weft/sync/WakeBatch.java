package dev.weft.sync;

import dev.weft.future.internal.Wakes;
import dev.weft.future.Waker;
import java.util.ArrayList;

/**
 * Wakers collected under a lock and woken after it is released. Allocates a list only for the
 * second waker and beyond. Owner only (a local of one call).
 */
final class WakeBatch {
    private Waker first;
    private ArrayList<Waker> rest;

    void add(Waker w) {
        if (w == null) return;
        if (first == null) {
            first = w;
        } else {
            if (rest == null) rest = new ArrayList<>();
            rest.add(w);
        }
    }

    void wakeAll() {
        if (first != null) Wakes.wake(first);
        if (rest != null) for (Waker w : rest) Wakes.wake(w);
    }
}
