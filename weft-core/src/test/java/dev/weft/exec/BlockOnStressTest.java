package dev.weft.exec;

import dev.weft.exec.internal.BlockOn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.SplittableRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * blockOn with a waker fired from another thread at random moments: before the poll registers,
 * while the poll runs (after registering, before it returns pending), and after it returned (the
 * owner parking or parked). Every run must complete; a lost wake would hang and hit the timeout
 * (which interrupts blockOn, failing the test).
 */
@Timeout(120)
class BlockOnStressTest {
    private static final int RUNS = Boolean.getBoolean("weft.stress") ? 1_000_000 : 100_000;
    private static final int BEFORE = 0;
    private static final int DURING = 1;
    private static final int AFTER = 2;

    /**
     * One run: a future pending until {@code fired}, and where the poll is when the wake comes.
     * {@code forced} is -1 for a free-running shot (random spins on both sides), {@link #DURING} for
     * a shot whose poll waits, after registering and checking, until the wake has come (so the wake
     * lands during the poll), or {@link #AFTER} for one whose waker waits until the poll returned.
     */
    static final class Shot implements Future<Integer> {
        final int forced;
        final int spinInPoll;
        final int spinBeforeFire;
        volatile boolean fired;
        volatile Waker waker;
        volatile int phase = BEFORE;
        int polls;

        Shot(int forced, int spinInPoll, int spinBeforeFire) {
            this.forced = forced;
            this.spinInPoll = spinInPoll;
            this.spinBeforeFire = spinBeforeFire;
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            polls++;
            waker = cx.waker();
            phase = DURING;
            if (fired) return Poll.ready(polls);
            if (forced == DURING) {
                while (!fired) Thread.yield();
            } else {
                for (int i = 0; i < spinInPoll; i++) Thread.onSpinWait();
            }
            phase = AFTER;
            return Poll.pending();
        }

        void fire(AtomicLongArray phases) {
            if (forced == DURING) {
                while (phase == BEFORE) Thread.yield();
            } else if (forced == AFTER) {
                while (phase != AFTER) Thread.yield();
            } else {
                for (int i = 0; i < spinBeforeFire; i++) Thread.onSpinWait();
            }
            fired = true;
            phases.incrementAndGet(phase);
            Waker w = waker;
            if (w != null) w.wake();
        }
    }

    @Test
    void randomWakesFromAnotherThreadNeverHangAPlatformThread() throws Exception {
        run(RUNS, false);
    }

    @Test
    void randomWakesFromAnotherThreadNeverHangAVirtualThread() throws Exception {
        run(RUNS / 5, true);
    }

    /**
     * The same with the process-wide timer driver installed, so each waiting blockOn thread drives
     * the timers instead of parking plainly. Regression: before main's d0bc580, a parker woken out of
     * the driver first (the coalesce test below) left the driver in a state where a later blockOn on
     * the same thread slept through its wake.
     */
    @Test
    void randomWakesNeverHangWhileTheThreadDrivesTheTimers() throws Exception {
        dev.weft.driver.internal.Driver.shared();
        new BlockOnParkerTest().aWakeBeforeParkLeavesATokenAndWakesCoalesce();
        run(RUNS / 2, false);
        run(RUNS / 10, true);
    }

    private static void run(int runs, boolean virtual) throws Exception {
        BlockingQueue<Shot> shots = new ArrayBlockingQueue<>(1);
        AtomicLongArray phases = new AtomicLongArray(3);
        Shot poison = new Shot(-1, 0, 0);
        Thread waker = Thread.ofPlatform().name("stress-waker").start(() -> {
            try {
                for (Shot s; (s = shots.take()) != poison; ) s.fire(phases);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        long[] completed = {0};
        Runnable body = () -> {
            SplittableRandom rnd = new SplittableRandom(42);
            try {
                for (int i = 0; i < runs; i++) {
                    int mode = rnd.nextInt(3);
                    Shot s = new Shot(mode == 0 ? -1 : mode, rnd.nextInt(1000), rnd.nextInt(1000));
                    shots.put(s);
                    int polls = BlockOn.blockOn(s);
                    if (polls < 1) throw new AssertionError("bad poll count " + polls);
                    completed[0]++;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        try {
            if (virtual) {
                Thread t = Thread.ofVirtual().start(body);
                t.join();
            } else {
                body.run();
            }
        } finally {
            shots.put(poison);
            waker.join();
        }
        System.out.printf("blockOn stress (%s): %d runs; wake landed before poll %d, during poll %d, after poll %d%n",
                virtual ? "virtual" : "platform", completed[0], phases.get(BEFORE), phases.get(DURING), phases.get(AFTER));
        assertThat(completed[0]).isEqualTo(runs);
        assertThat(phases.get(BEFORE) + phases.get(DURING) + phases.get(AFTER)).isEqualTo(runs);
    }
}
