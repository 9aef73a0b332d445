package dev.weft.testkit;

import dev.weft.future.Context;
import dev.weft.future.Waker;
import java.util.concurrent.atomic.AtomicInteger;

/** A waker that counts its wakes; thread-safe. */
public final class CountingWaker implements Waker {
    private final AtomicInteger wakes = new AtomicInteger();
    private final Context context = Context.of(this);

    @Override
    public void wake() {
        wakes.incrementAndGet();
    }

    /** @return how many times {@link #wake()} was called */
    public int wakes() {
        return wakes.get();
    }

    /** @return the wake count, then resets it to zero */
    public int takeWakes() {
        return wakes.getAndSet(0);
    }

    /** @return a context carrying this waker (always the same one) */
    public Context context() {
        return context;
    }

    @Override
    public String toString() {
        return "CountingWaker[" + wakes.get() + "]";
    }
}
