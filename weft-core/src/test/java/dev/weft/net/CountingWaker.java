package dev.weft.net;

import dev.weft.future.Context;
import dev.weft.future.Waker;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A waker that counts its wakes and lets a test wait for the next one, with a bound. */
final class CountingWaker implements Waker {
    final AtomicInteger wakes = new AtomicInteger();
    private final Semaphore permits = new Semaphore(0);
    final Context cx = Context.of(this);

    @Override
    public void wake() {
        wakes.incrementAndGet();
        permits.release();
    }

    /** @return whether a wake came within {@code bound} (consumes one) */
    boolean awaitWake(Duration bound) throws InterruptedException {
        return permits.tryAcquire(bound.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Forgets the wakes that came so far. */
    void drain() {
        permits.drainPermits();
    }
}
