package dev.weft.internal;

import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when a test says so. */
public final class FakeClock implements Clock {
    private final AtomicLong now;

    /** @param start the initial reading */
    public FakeClock(long start) {
        this.now = new AtomicLong(start);
    }

    @Override
    public long nanoTime() {
        return now.get();
    }

    /** @param nanos how far to move forward */
    public void advance(long nanos) {
        now.addAndGet(nanos);
    }

    /** @param millis how far to move forward */
    public void advanceMillis(long millis) {
        advance(millis * 1_000_000L);
    }
}
