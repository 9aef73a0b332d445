package dev.weft.time.internal;

import dev.weft.time.MonotonicClock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fake clock that moves only when a test says so, but that the driver treats as a real one: it
 * waits in real time for the next deadline (what the driver tests check). Unlike
 * {@link dev.weft.time.ManualClock} it wakes nobody when it moves.
 */
final class SteppedClock implements MonotonicClock {
    private final AtomicLong now;

    SteppedClock(long start) {
        this.now = new AtomicLong(start);
    }

    @Override
    public long nanoTime() {
        return now.get();
    }

    void advanceNanos(long nanos) {
        now.addAndGet(nanos);
    }
}
