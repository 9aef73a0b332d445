package dev.weft.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Wakes from other threads at random moments against the work-stealing executor: one poll at a
 * time, never after completion or cancellation, no lost wake-up, and tasks migrating between workers.
 */
class WakeStressTest {
    private static final int SCALE = Boolean.getBoolean("weft.stress") ? 10 : 1;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void tenMillionWakesFromOtherThreadsKeepEveryRuleAndNoneIsLost() throws Exception {
        int tasks = 2_000;
        int wakesPerTask = 5_000 * SCALE; // 10^7 wakes in all; 10^8 with -Dweft.stress=true
        int wakerThreads = 2;
        CheckingFuture[] fs = new CheckingFuture[tasks];
        List<Task<Integer>> handles = new ArrayList<>();
        AtomicLong wakes = new AtomicLong();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("wake-stress-").build()) {
            for (int i = 0; i < tasks; i++) {
                fs[i] = new CheckingFuture(i, wakesPerTask, i % 4 == 0 ? 2_000 : 0);
                handles.add(rt.spawn(fs[i]));
            }
            List<Thread> threads = new ArrayList<>();
            for (int k = 0; k < wakerThreads; k++) {
                int me = k;
                threads.add(Thread.ofPlatform().name("waker-" + k).start(() -> {
                    long n = 0;
                    for (int round = 0; round < wakesPerTask; round++) {
                        for (int i = me; i < tasks; i += wakerThreads) {
                            CheckingFuture f = fs[i];
                            Waker w;
                            while ((w = f.waker()) == null) Thread.onSpinWait();
                            f.progress().incrementAndGet();
                            w.wake();
                            n++;
                        }
                    }
                    wakes.addAndGet(n);
                }));
            }
            threads.add(Thread.ofPlatform().name("canceller").start(() -> {
                ThreadLocalRandom rnd = ThreadLocalRandom.current();
                for (int i = 3; i < tasks; i += 10) {
                    CheckingFuture f = fs[i];
                    while (f.waker() == null) Thread.onSpinWait();
                    while (f.progress().get() < rnd.nextInt(wakesPerTask)) Thread.onSpinWait();
                    handles.get(i).cancel();
                }
            }));
            for (Thread t : threads) t.join();
            // a lost wake leaves its task waiting for good: count them instead of hanging on one
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (handles.stream().anyMatch(h -> !h.isDone()) && System.nanoTime() < deadline) Thread.sleep(10);
            long lost = handles.stream().filter(h -> !h.isDone()).count();
            assertEquals(0, lost, "tasks whose last wake was lost (still waiting 30 s after every wake was sent)");
            int cancelled = 0;
            int migrated = 0;
            for (int i = 0; i < tasks; i++) {
                CheckingFuture f = fs[i];
                try {
                    assertEquals(i, rt.blockOn(handles.get(i)));
                    assertTrue(f.completed(), f.toString());
                    assertEquals(0, f.cancels.get(), f.toString());
                } catch (CancellationException e) {
                    assertEquals(3, i % 10, "only the tasks the canceller picked are cancelled: " + f);
                    assertEquals(1, f.cancels.get(), f.toString());
                    cancelled++;
                }
                assertEquals(0, f.violations(), f.toString());
                if (f.pollThreads.size() > 1) migrated++;
            }
            assertEquals((long) tasks * wakesPerTask, wakes.get());
            assertTrue(wakes.get() >= 10_000_000);
            System.out.printf("wake stress: %d wakes, %d lost, %d tasks cancelled, %d tasks polled on both workers%n",
                    wakes.get(), lost, cancelled, migrated);
            assertEquals(0, rt.liveTasks());
            assertTrue(migrated > 0, "no task was polled on both workers");
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aBurstOfWakesDuringOnePollCausesExactlyOneMorePoll() throws Exception {
        AtomicLong polls = new AtomicLong();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("burst-").build()) {
            for (int round = 0; round < 20; round++) {
                polls.set(0);
                Future<String> f = cx -> {
                    if (polls.incrementAndGet() > 1) return Poll.ready("done");
                    Waker w = cx.waker();
                    Thread burst = Thread.ofPlatform().start(() -> {
                        for (int i = 0; i < 10_000; i++) w.wake();
                    });
                    burst.join(10_000);
                    for (int i = 0; i < 1_000; i++) w.wake(); // and from the polling thread itself
                    return Poll.pending();
                };
                assertEquals("done", rt.blockOn(f));
                assertEquals(2, polls.get());
            }
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aSpawnedTaskWakingItselfOnItsWorkerIsPolledExactlyOnceMorePerPoll() throws Exception {
        // On a worker, a wake from the polling thread itself takes RawTask's path without a CAS
        // (wokenInPoll); these wakes, mixed with wakes from another thread, must still re-queue
        // the task exactly once per poll, and never after it completed.
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("self-wake-").build()) {
            for (int round = 0; round < 200; round++) {
                AtomicLong polls = new AtomicLong();
                AtomicLong pollsAfterDone = new AtomicLong();
                boolean alsoFromOutside = round % 2 == 1;
                Task<Long> t = rt.spawn(cx -> {
                    long n = polls.incrementAndGet();
                    if (n > 5) {
                        pollsAfterDone.incrementAndGet();
                        return Poll.ready(n);
                    }
                    assertTrue(Thread.currentThread().getName().startsWith("self-wake-"), "polled off the workers");
                    Waker w = cx.waker();
                    Thread outside = alsoFromOutside ? Thread.ofPlatform().start(() -> {
                        for (int i = 0; i < 1_000; i++) w.wake();
                    }) : null;
                    for (int i = 0; i < 1_000; i++) w.wake();
                    if (outside != null) outside.join(10_000);
                    return n == 5 ? Poll.ready(n) : Poll.pending();
                });
                assertEquals(5L, rt.blockOn(t));
                assertEquals(5, polls.get(), "one poll per pending poll that woke itself, plus the first");
                assertEquals(0, pollsAfterDone.get());
            }
            assertEquals(0, rt.liveTasks());
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aTaskWokenWhileItsWorkerIsBusyMigratesToTheOtherWorker() throws Exception {
        int rounds = 50;
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("migrate-").build()) {
            for (int round = 0; round < rounds; round++) {
                AtomicReference<Thread> first = new AtomicReference<>();
                AtomicReference<Thread> second = new AtomicReference<>();
                CountDownLatch polledAgain = new CountDownLatch(1);
                // X: first poll spawns Y (into this worker's LIFO slot) and returns pending.
                Future<String> x = new Future<>() {
                    @Override
                    public Poll<String> poll(Context cx) {
                        if (first.get() == null) {
                            first.set(Thread.currentThread());
                            Waker me = cx.waker();
                            Task.spawn(busyWorker(me, polledAgain)).detach();
                            return Poll.pending();
                        }
                        second.set(Thread.currentThread());
                        polledAgain.countDown();
                        return Poll.ready("migrated");
                    }
                };
                assertEquals("migrated", rt.blockOn(x));
                assertNotEquals(first.get(), second.get());
            }
        }
    }

    /** Y: keeps its worker busy until X, woken from another thread, was polled again elsewhere. */
    private static Future<Void> busyWorker(Waker x, CountDownLatch polledAgain) {
        return cx -> {
            Thread.ofPlatform().start(x::wake).join();
            if (!polledAgain.await(10, TimeUnit.SECONDS)) throw new AssertionError("X was not polled on the other worker");
            return Poll.ready(null);
        };
    }
}
