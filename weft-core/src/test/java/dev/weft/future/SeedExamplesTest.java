package dev.weft.future;

import static dev.weft.testkit.Polls.assertPending;
import static dev.weft.testkit.Polls.assertReady;
import static dev.weft.testkit.Polls.pollOnce;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.testkit.CountingWaker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Seed 000's two hand-written futures, run by hand and by blockOn. */
@Timeout(20)
class SeedExamplesTest {

    /** Seed 000's counter: pending (after waking itself) until it has been polled {@code n} times. */
    static final class CounterFuture implements Future<Integer> {
        private final int n;
        private int count;

        CounterFuture(int n) {
            this.n = n;
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            count++;
            if (count >= n) return Poll.ready(count);
            cx.waker().wake();
            return Poll.pending();
        }
    }

    /**
     * Seed 000's timer: a thread sleeps, then sets {@code completed} and wakes the stored waker.
     * Shared state (completed, waker) is guarded by {@code lock}.
     */
    static final class TimerFuture implements Future<Void> {
        private final Object lock = new Object();
        private boolean completed; // guarded by lock
        private Waker waker; // guarded by lock
        final AtomicInteger wakesSent = new AtomicInteger();

        TimerFuture(Duration d) {
            Thread.ofPlatform().daemon().name("seed-timer").start(() -> {
                try {
                    Thread.sleep(d);
                } catch (InterruptedException e) {
                    return;
                }
                Waker w;
                synchronized (lock) {
                    completed = true;
                    w = waker;
                }
                if (w != null) {
                    wakesSent.incrementAndGet();
                    w.wake();
                }
            });
        }

        @Override
        public Poll<Void> poll(Context cx) {
            synchronized (lock) {
                if (completed) return Poll.ready(null);
                waker = cx.waker();
                return Poll.pending();
            }
        }

        @Override
        public void cancel() {
            synchronized (lock) {
                waker = null;
            }
        }
    }

    @Test
    void counterCompletesAfterNPollsWakingItselfEachTime() {
        CountingWaker w = new CountingWaker();
        CounterFuture f = new CounterFuture(5);
        for (int i = 1; i < 5; i++) {
            assertPending(pollOnce(f, w));
            assertThat(w.wakes()).isEqualTo(i);
        }
        assertReady(pollOnce(f, w), 5);
        assertThat(w.wakes()).isEqualTo(4);
    }

    @Test
    void counterUnderBlockOn() {
        int polls = Weft.blockOn(new CounterFuture(1000));
        assertThat(polls).isEqualTo(1000);
    }

    @Test
    void timerIsWokenFromAnotherThread() {
        long start = System.nanoTime(); // before the constructor starts the timer thread
        TimerFuture t = new TimerFuture(Duration.ofMillis(20));
        Weft.blockOn(t);
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(Duration.ofMillis(20).toNanos());
        assertThat(t.wakesSent).hasValue(1);
    }

    @Test
    void twoTimersJoinedAndRaced() {
        Pair<Void, Integer> both = Weft.await(Future.join(new TimerFuture(Duration.ofMillis(10)), new CounterFuture(3)));
        assertThat(both.second()).isEqualTo(3);
        TimerFuture slow = new TimerFuture(Duration.ofSeconds(30));
        String winner = Weft.await(Future.race(slow.map(v -> "slow"), new TimerFuture(Duration.ofMillis(10)).map(v -> "fast")));
        assertThat(winner).isEqualTo("fast");
        synchronized (slow.lock) {
            assertThat(slow.waker).as("the cancelled loser dropped its waker").isNull();
        }
    }
}
