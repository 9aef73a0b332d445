package dev.weft.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Timers driven by the real process-wide driver: blockOn threads and the fallback thread. */
@org.junit.jupiter.api.Timeout(120)
class TimeRealDriverTest {
    private static final long MS = 1_000_000L;

    @Test
    void hundredThousandSleepsWithSpreadDeadlinesAllFireNoneEarly() throws Exception {
        int n = 100_000;
        int threads = 4;
        Sleep[][] parts = new Sleep[threads][n / threads];
        for (int i = 0; i < n; i++) {
            parts[i % threads][i / threads] = Time.sleep(Duration.ofMillis((i * 7919L) % 1000));
        }
        AtomicInteger early = new AtomicInteger();
        AtomicInteger joined = new AtomicInteger();
        List<Thread> ts = new ArrayList<>();
        long t0 = System.nanoTime();
        for (Sleep[] part : parts) {
            ts.add(Thread.ofPlatform().start(() -> {
                JoinSleeps join = new JoinSleeps(part);
                early.addAndGet(Weft.blockOn(join));
                joined.addAndGet(part.length);
            }));
        }
        for (Thread t : ts) t.join(60_000);
        long wallMs = (System.nanoTime() - t0) / MS;
        assertThat(joined).hasValue(n);
        assertThat(early).hasValue(0);
        for (Sleep[] part : parts) {
            for (Sleep s : part) assertThat(s.isElapsed()).isTrue();
        }
        assertThat(wallMs).isGreaterThanOrEqualTo(999);
        for (Sleep[] part : parts) {
            for (Sleep s : part) assertThat(s.isRegistered()).isFalse();
        }
    }

    @Test
    void cancelledSleepNeverFiresAndLeavesNoEntry() {
        Sleep s = Time.sleep(Duration.ofMillis(20));
        CountingWaker w = new CountingWaker();
        assertThat(s.poll(Context.of(w)).isPending()).isTrue();
        assertThat(s.isRegistered()).isTrue();
        s.cancel();
        assertThat(s.isRegistered()).isFalse();
        Weft.blockOn(Time.sleep(Duration.ofMillis(60)));
        assertThat(w.wakes()).isZero();
    }

    @Test
    void blockOnSleepWaitsAtLeastTheDuration() {
        long t0 = System.nanoTime();
        Weft.blockOn(Time.sleep(Duration.ofMillis(30)));
        assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(30 * MS);
    }

    @Test
    void sleepUntilAnInstantWaitsUntilThen() {
        java.time.Instant until = java.time.Instant.now().plusMillis(20);
        Weft.blockOn(Time.sleepUntil(until));
        assertThat(java.time.Instant.now()).isAfterOrEqualTo(until);
        long deadline = System.nanoTime() + 10 * MS;
        Weft.blockOn(Time.sleepUntil(deadline));
        assertThat(System.nanoTime()).isGreaterThanOrEqualTo(deadline);
    }

    @Test
    void timeoutCancelsANeverReadyFutureOnceAndFailsWithTimeoutException() {
        AtomicInteger cancels = new AtomicInteger();
        Future<String> never = new Future<>() {
            @Override
            public Poll<String> poll(Context cx) {
                return Poll.pending();
            }

            @Override
            public void cancel() {
                cancels.incrementAndGet();
            }
        };
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> Weft.blockOn(Time.timeout(never, Duration.ofMillis(20))))
                .isInstanceOf(TimeoutException.class);
        assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(20 * MS);
        assertThat(cancels).hasValue(1);
    }

    @Test
    void timeoutOfAFutureThatFinishesFirstReturnsItsOutputWithoutCancelling() throws Exception {
        AtomicInteger cancels = new AtomicInteger();
        Sleep inner = Time.sleep(Duration.ofMillis(10));
        Future<String> counted = new Future<>() {
            @Override
            public Poll<String> poll(Context cx) {
                return inner.poll(cx).isReady() ? Poll.ready("inner") : Poll.pending();
            }

            @Override
            public void cancel() {
                cancels.incrementAndGet();
            }
        };
        Timeout<String> timeout = Time.timeout(counted, Duration.ofSeconds(30));
        assertThat(Weft.blockOn(timeout)).isEqualTo("inner");
        assertThat(cancels).hasValue(0);
        assertThat(timeout.isTimerRegistered()).isFalse();
    }

    @Test
    void intervalTicksOnScheduleThroughTheRealDriver() {
        long t0 = System.nanoTime(); // before the interval: its first tick is its creation time
        Interval every = Time.interval(Duration.ofMillis(10), MissedTickBehavior.SKIP);
        List<Long> ticks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Optional<Long> tick = Weft.blockOn(every.next());
            ticks.add(tick.orElseThrow());
            assertThat(System.nanoTime()).isGreaterThanOrEqualTo(tick.get());
        }
        assertThat(every.isTimerRegistered()).isFalse(); // registered on the next poll only
        assertThat(every.pollNext(Context.noop()).isPending()).isTrue();
        assertThat(every.isTimerRegistered()).isTrue();
        every.cancel();
        assertThat(every.isTimerRegistered()).isFalse();
        assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(40 * MS);
        for (int i = 1; i < ticks.size(); i++) {
            assertThat((ticks.get(i) - ticks.get(0)) % (10 * MS)).isZero();
            assertThat(ticks.get(i)).isGreaterThan(ticks.get(i - 1));
        }
    }

    @Test
    void sleepPolledByHandIsFiredByTheFallbackThread() throws Exception {
        java.util.concurrent.CountDownLatch latch = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicReference<String> on = new java.util.concurrent.atomic.AtomicReference<>();
        Sleep s = Time.sleep(Duration.ofMillis(15));
        assertThat(s.poll(Context.of(() -> {
            on.set(Thread.currentThread().getName());
            latch.countDown();
        })).isPending()).isTrue();
        assertThat(latch.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(on.get()).isEqualTo("weft-driver");
        assertThat(s.poll(Context.noop()).isReady()).isTrue();
    }

    @Test
    void interruptedBlockOnCancelsTheSleepAndLeavesNoEntry() throws Exception {
        Sleep s = Time.sleep(Duration.ofSeconds(30));
        java.util.concurrent.atomic.AtomicReference<Throwable> thrown = new java.util.concurrent.atomic.AtomicReference<>();
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                Weft.blockOn(s);
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        long deadline = System.nanoTime() + 10_000 * MS;
        while (!s.isRegistered() && System.nanoTime() < deadline) Thread.onSpinWait();
        assertThat(s.isRegistered()).isTrue();
        t.interrupt();
        t.join(10_000);
        assertThat(thrown.get()).isInstanceOf(java.util.concurrent.CancellationException.class)
                .hasCauseInstanceOf(InterruptedException.class);
        assertThat(s.isRegistered()).isFalse();
    }

    @Test
    void negativeDurationIsReadyAtOnceAndHugeOneIsClampedAndCancellable() {
        assertThat(Time.sleep(Duration.ofMillis(-5)).poll(Context.noop()).isReady()).isTrue();
        Sleep forever = Time.sleep(Duration.ofSeconds(Long.MAX_VALUE));
        assertThat(forever.deadline() - System.nanoTime()).isGreaterThan(Duration.ofDays(365L * 70).toNanos());
        assertThat(forever.poll(Context.noop()).isPending()).isTrue();
        assertThat(forever.isRegistered()).isTrue();
        forever.cancel();
        assertThat(forever.isRegistered()).isFalse();
    }
}
