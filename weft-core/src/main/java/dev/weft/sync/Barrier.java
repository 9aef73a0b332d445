package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;

/**
 * Lets {@code n} tasks wait until all {@code n} have arrived, then releases them together; it
 * then starts over for the next {@code n} (a cyclic barrier).
 *
 * {@snippet :
 * Barrier b = new Barrier(3);
 * // in each of 3 tasks:
 * boolean leader = Weft.await(b.await()); // exactly one of the 3 gets true
 * }
 *
 * <h2>State</h2>
 * <pre>
 * field       meaning                                   who touches it
 * arrived     tasks waiting in the current generation   guarded by lock
 * generation  count of releases so far                  guarded by lock
 * released    Event notified (all) at each release      -
 * </pre>
 * The n-th arrival resets {@code arrived}, increments {@code generation} and notifies everyone;
 * a waiter completes once the generation differs from the one it arrived in. Memory consistency
 * effects: actions of every task before its arrival happen-before every task's completion of that
 * generation.
 */
public final class Barrier {
    private final int n;
    private final Object lock = new Object();
    private final Event released = new Event();
    private int arrived;
    private long generation;

    /**
     * A barrier for {@code n} tasks.
     *
     * @param n at least 1
     */
    public Barrier(int n) {
        if (n < 1) throw new IllegalArgumentException("n: " + n);
        this.n = n;
    }

    /**
     * Arrives and waits until {@code n} tasks have arrived.
     *
     * <p>Wakes when the last of the {@code n} arrives. Throws nothing. Cancel-safe: cancelling
     * before the release withdraws the arrival (the barrier then needs another task); cancelling
     * after the release changes nothing, since every waiter of that generation is released.
     *
     * @return a future of {@code true} for exactly one task of each generation (the leader), and
     *     {@code false} for the others
     */
    public Future<Boolean> await() {
        return new Wait();
    }

    /** @return how many tasks are waiting in the current generation (a snapshot) */
    public int arrived() {
        synchronized (lock) {
            return arrived;
        }
    }

    /** The future of {@link #await()}. Owner only, apart from the barrier's guarded fields. */
    private final class Wait extends EventWait implements Future<Boolean> {
        private boolean in;
        private long myGeneration;

        @Override
        public Poll<Boolean> poll(Context cx) {
            if (!in) {
                boolean leader;
                synchronized (lock) {
                    leader = ++arrived == n;
                    if (leader) {
                        arrived = 0;
                        generation++;
                    } else {
                        myGeneration = generation;
                        in = true;
                    }
                }
                if (leader) {
                    released.notifyAllListeners();
                    return Poll.ready(Boolean.TRUE);
                }
            }
            while (true) {
                synchronized (lock) {
                    if (generation != myGeneration) {
                        in = false;
                        stopWaiting(released);
                        return Poll.ready(Boolean.FALSE);
                    }
                }
                if (!waitOn(released, cx)) return Poll.pending();
            }
        }

        @Override
        public void cancel() {
            if (in) {
                synchronized (lock) {
                    if (generation == myGeneration) arrived--;
                }
                in = false;
            }
            stopWaiting(released);
        }
    }

    @Override
    public String toString() {
        return "Barrier[" + arrived() + "/" + n + "]";
    }
}
