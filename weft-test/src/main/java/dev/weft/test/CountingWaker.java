package dev.weft.test;

import dev.weft.future.Context;
import dev.weft.future.Waker;
import java.time.Duration;

/**
 * A waker that counts its wakes, for polling a future by hand: poll with {@link #context()}, make
 * something happen, and check how many wakes it caused. Thread-safe; {@link #awaitWakes} waits
 * (bounded) for wakes from other threads.
 *
 * {@snippet :
 * CountingWaker w = new CountingWaker();
 * Channel<String> ch = Channel.bounded(1);
 * Future<String> recv = ch.receiver().recv();
 * Polls.assertPending(recv, w);
 * ch.sender().trySend("hi");
 * assertEquals(1, w.count());                  // the send woke the receiver once
 * assertEquals("hi", Polls.assertReady(recv, w));
 * }
 *
 * <p>Memory consistency effects: actions of a thread before its {@link #wake()} happen-before the
 * return of a {@link #count()} or {@link #awaitWakes} that sees that wake.
 */
public final class CountingWaker implements Waker {
    private final Context context = Context.of(this);
    private int count; // guarded by this

    /** A waker that has counted no wakes. */
    public CountingWaker() {}

    @Override
    public synchronized void wake() {
        count++;
        notifyAll();
    }

    /** @return how many times {@link #wake()} was called */
    public synchronized int count() {
        return count;
    }

    /** @return the wake count, then resets it to zero (to count the wakes of the next step) */
    public synchronized int takeCount() {
        int n = count;
        count = 0;
        return n;
    }

    /**
     * Waits until at least {@code n} wakes were counted, for wakes from other threads (never inside
     * a simulation: its thread must not block).
     *
     * @param n the count to wait for
     * @param bound the longest to wait
     * @return the count then (at least {@code n})
     * @throws AssertionError if the count did not reach {@code n} within {@code bound}
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public synchronized int awaitWakes(int n, Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (count < n) {
            long left = deadline - System.nanoTime();
            if (left <= 0) throw new AssertionError("expected " + n + " wake(s) within " + bound + ", got " + count);
            wait(Math.max(1, left / 1_000_000));
        }
        return count;
    }

    /** @return a context carrying this waker (always the same one) */
    public Context context() {
        return context;
    }

    @Override
    public synchronized String toString() {
        return "CountingWaker[" + count + "]";
    }
}
