package dev.weft.time.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.time.MonotonicClock;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Registers, waker swaps and cancels from several threads while one thread fires. */
@Timeout(60)
class TimersConcurrencyTest {

    @Test
    void everyEntryFiresExactlyOnceUnlessCancelledBeforeItFired() throws Exception {
        Timers timers = new Timers(MonotonicClock.system(), () -> {});
        int threads = 3;
        int perThread = Boolean.getBoolean("weft.stress") ? 200_000 : 20_000;
        int n = threads * perThread;
        AtomicIntegerArray wakes = new AtomicIntegerArray(n);
        boolean[] cancelled = new boolean[n];
        AtomicBoolean producing = new AtomicBoolean(true);
        Thread driver = Thread.ofPlatform().start(() -> {
            while (producing.get() || timers.size() > 0) timers.fireExpired(System.nanoTime());
        });
        Thread[] producers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int base = t * perThread;
            producers[t] = Thread.ofPlatform().start(() -> {
                SplittableRandom rnd = new SplittableRandom(base);
                TimerEntry[] mine = new TimerEntry[perThread];
                for (int i = 0; i < perThread; i++) {
                    int id = base + i;
                    mine[i] = new TimerEntry();
                    long deadline = System.nanoTime() + rnd.nextLong(3_000_000);
                    if (!timers.register(mine[i], deadline, () -> wakes.incrementAndGet(id))) {
                        wakes.incrementAndGet(id); // already due: the caller counts as fired
                        continue;
                    }
                    if (rnd.nextInt(4) == 0) {
                        int other = id;
                        timers.updateWaker(mine[i], () -> wakes.incrementAndGet(other));
                    }
                    if (rnd.nextInt(3) == 0) {
                        int victim = rnd.nextInt(i + 1);
                        cancelled[base + victim] |= timers.cancel(mine[victim]);
                    }
                }
            });
        }
        for (Thread p : producers) p.join();
        producing.set(false);
        driver.join();
        int fired = 0;
        int removed = 0;
        for (int i = 0; i < n; i++) {
            if (cancelled[i]) {
                assertThat(wakes.get(i)).as("cancelled entry %d", i).isZero();
                removed++;
            } else {
                assertThat(wakes.get(i)).as("entry %d", i).isEqualTo(1);
                fired++;
            }
        }
        assertThat(fired + removed).isEqualTo(n);
        assertThat(removed).isPositive();
        assertThat(timers.isEmpty()).isTrue();
    }
}
