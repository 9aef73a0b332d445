package dev.weft.time;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Many blockOn threads take turns driving the global driver while they wait for short sleeps and
 * for futures woken from other threads: no wake is lost (every wait ends), no sleep ends early.
 */
@Timeout(90)
class BlockOnDrivingStressTest {

    /** Ready once set; the setter wakes the registered waker. */
    private static final class Flag implements Future<Void> {
        private final AtomicReference<Waker> waker = new AtomicReference<>();
        private volatile boolean set;

        void set() {
            set = true;
            Waker w = waker.get();
            if (w != null) w.wake();
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (set) return Poll.ready(null);
            waker.set(cx.waker());
            return set ? Poll.ready(null) : Poll.pending();
        }
    }

    @Test
    void threadsAlternatingSleepsAndCrossThreadWakesAllFinish() throws Exception {
        int threads = 6;
        int rounds = Boolean.getBoolean("weft.stress") ? 3000 : 300;
        AtomicInteger early = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int seed = t;
            ts[t] = Thread.ofPlatform().start(() -> {
                SplittableRandom rnd = new SplittableRandom(seed);
                for (int r = 0; r < rounds; r++) {
                    if (rnd.nextBoolean()) {
                        Sleep s = Time.sleep(Duration.ofNanos(rnd.nextLong(2_000_000)));
                        Weft.blockOn(s);
                        if (System.nanoTime() - s.deadline() < 0) early.incrementAndGet();
                    } else {
                        Flag f = new Flag();
                        long spin = rnd.nextLong(200_000);
                        Thread.ofVirtual().start(() -> {
                            long until = System.nanoTime() + spin;
                            while (System.nanoTime() < until) Thread.onSpinWait();
                            f.set();
                        });
                        Weft.blockOn(f);
                    }
                    done.incrementAndGet();
                }
            });
        }
        for (Thread t : ts) t.join(80_000);
        assertThat(done).hasValue(threads * rounds);
        assertThat(early).hasValue(0);
    }
}
