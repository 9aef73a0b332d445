package dev.weft.testkit;

import dev.weft.future.Context;
import dev.weft.future.Waker;
import java.util.concurrent.atomic.AtomicInteger;

/** A waker that counts its wakes and throws from each one (a user's broken waker). */
public final class ThrowingWaker implements Waker {
    private final AtomicInteger wakes = new AtomicInteger();
    private final RuntimeException failure;
    private final Context context = Context.of(this);

    /** @param failure what every wake throws */
    public ThrowingWaker(RuntimeException failure) {
        this.failure = failure;
    }

    @Override
    public void wake() {
        wakes.incrementAndGet();
        throw failure;
    }

    /** @return how many times {@link #wake()} was called */
    public int wakes() {
        return wakes.get();
    }

    /** @return a context carrying this waker */
    public Context context() {
        return context;
    }
}
