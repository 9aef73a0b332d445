package dev.weft.time;

import dev.weft.future.Waker;
import java.util.concurrent.atomic.AtomicInteger;

/** A waker that counts its wakes. */
final class CountingWaker implements Waker {
    private final AtomicInteger wakes = new AtomicInteger();

    @Override
    public void wake() {
        wakes.incrementAndGet();
    }

    int wakes() {
        return wakes.get();
    }
}
