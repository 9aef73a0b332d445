package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A countdown that tasks can wait on: Go's {@code sync.WaitGroup}, or an asynchronous
 * {@link java.util.concurrent.CountDownLatch} that can also count up.
 *
 * {@snippet :
 * WaitGroup wg = new WaitGroup();
 * for (int i = 0; i < 10; i++) {
 *     wg.add(1);
 *     startWork(wg::done);
 * }
 * Weft.await(wg.await()); // after all ten called done()
 * }
 *
 * <h2>State</h2>
 * <pre>
 * field    meaning                         who touches it
 * count    work not yet done (&gt;= 0)       atomic; any thread
 * zero     Event notified (all) when count reaches 0
 * </pre>
 * Memory consistency effects: actions before a {@code done()} happen-before the completion of a
 * wait that saw the count reach zero after it.
 */
public final class WaitGroup {
    private final AtomicLong count = new AtomicLong();
    private final Event zero = new Event();

    /** A wait group with count 0. */
    public WaitGroup() {}

    /**
     * A wait group with count {@code n} (a latch).
     *
     * @param n the initial count, at least 0
     */
    public WaitGroup(long n) {
        if (n < 0) throw new IllegalArgumentException("n: " + n);
        count.set(n);
    }

    /**
     * Adds {@code n} to the count (a negative {@code n} counts down).
     *
     * @param n the change
     * @throws IllegalStateException if the count would go below zero (the count is left unchanged)
     */
    public void add(long n) {
        long now = count.addAndGet(n);
        if (now < 0) {
            count.addAndGet(-n);
            throw new IllegalStateException("wait group count below zero");
        }
        if (now == 0) zero.notifyAllListeners();
    }

    /** Counts one piece of work as done. */
    public void done() {
        add(-1);
    }

    /** @return the count now (a snapshot) */
    public long count() {
        return count.get();
    }

    /**
     * Waits until the count is zero.
     *
     * <p>Wakes when the count reaches zero. Throws nothing. Cancel-safe: cancelling only stops
     * waiting.
     *
     * @return a future that completes once the count was seen at zero
     */
    public Future<Void> await() {
        return new Wait();
    }

    /** The future of {@link #await()}. Owner only. */
    private final class Wait extends EventWait implements Future<Void> {
        @Override
        public Poll<Void> poll(Context cx) {
            while (true) {
                if (count.get() == 0) {
                    stopWaiting(zero);
                    return Poll.ready(null);
                }
                if (!waitOn(zero, cx)) return Poll.pending();
            }
        }

        @Override
        public void cancel() {
            stopWaiting(zero);
        }
    }

    @Override
    public String toString() {
        return "WaitGroup[" + count.get() + "]";
    }
}
