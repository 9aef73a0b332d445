package dev.weft.time.internal;

import dev.weft.driver.internal.Driver;
import dev.weft.driver.internal.ParkingPoller;
import dev.weft.driver.internal.Poller;
import dev.weft.time.MonotonicClock;
import dev.weft.time.ManualClock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.time.internal.TimerEntry;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Threads race to drive (as idle workers do) against the fallback thread, each waiting for its
 * own short timers: one driver at a time, every timer fires once and never early, nobody hangs.
 */
@Timeout(90)
class DriverStressTest {

    /** Wraps a poller and checks that only one thread is inside poll at a time. */
    private static final class ExclusivePoller implements Poller {
        private final Poller inner = new ParkingPoller();
        private final AtomicInteger inside = new AtomicInteger();
        private final AtomicInteger overlaps = new AtomicInteger();

        @Override
        public void poll(long timeoutNanos) {
            if (inside.incrementAndGet() != 1) overlaps.incrementAndGet();
            try {
                inner.poll(timeoutNanos);
            } finally {
                inside.decrementAndGet();
            }
        }

        @Override
        public void wakeup() {
            inner.wakeup();
        }
    }

    @Test
    void racingDriversAndTheFallbackShareTheDriverWithoutLosingTimers() throws Exception {
        ExclusivePoller poller = new ExclusivePoller();
        Driver d = TimedDriver.of(MonotonicClock.system(), poller, "stress-fallback");
        int threads = 4;
        int rounds = Boolean.getBoolean("weft.stress") ? 20_000 : 1500;
        AtomicInteger early = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        AtomicInteger drove = new AtomicInteger();
        try {
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int seed = t;
                ts[t] = Thread.ofPlatform().start(() -> {
                    SplittableRandom rnd = new SplittableRandom(seed);
                    Thread me = Thread.currentThread();
                    for (int r = 0; r < rounds; r++) {
                        long deadline = System.nanoTime() + rnd.nextLong(1_500_000);
                        AtomicInteger fired = new AtomicInteger();
                        TimerEntry e = new TimerEntry();
                        boolean registered = TimedDriver.timersOf(d).register(e, deadline, () -> {
                            if (System.nanoTime() - deadline < 0) early.incrementAndGet();
                            fired.incrementAndGet();
                            d.wakeup();
                            LockSupport.unpark(me);
                        });
                        while (registered && fired.get() == 0) {
                            if (rnd.nextBoolean() && d.tryDrive(-1)) {
                                drove.incrementAndGet();
                            } else if (fired.get() == 0) {
                                LockSupport.parkNanos(200_000);
                            }
                        }
                        if (registered && fired.get() != 1) throw new AssertionError("fired " + fired.get());
                        done.incrementAndGet();
                    }
                });
            }
            for (Thread t : ts) t.join(80_000);
            assertThat(done).hasValue(threads * rounds);
            assertThat(early).hasValue(0);
            assertThat(poller.overlaps).hasValue(0);
            assertThat(drove.get()).isPositive();
            assertThat(TimedDriver.timersOf(d).isEmpty()).isTrue();
        } finally {
            d.close();
            d.fallbackThread().join(10_000);
        }
    }
}
