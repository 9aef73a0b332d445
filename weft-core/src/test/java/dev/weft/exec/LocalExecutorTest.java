package dev.weft.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The single-thread executor: tasks that are not thread-safe, wakes from other threads. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LocalExecutorTest {

    /** Increments a plain, unsynchronized counter {@code steps} times, yielding between steps. */
    private static final class Counting implements Future<Integer> {
        private final int[] shared;
        private final Thread[] owner;
        private int left;

        Counting(int[] shared, Thread[] owner, int steps) {
            this.shared = shared;
            this.owner = owner;
            this.left = steps;
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            if (Thread.currentThread() != owner[0]) throw new AssertionError("polled on " + Thread.currentThread());
            shared[0]++;
            if (--left == 0) return Poll.ready(1);
            cx.waker().wake();
            return Poll.pending();
        }
    }

    @Test
    void tasksThatAreNotThreadSafeRunOnTheCallingThreadOnly() {
        int[] counter = {0};
        Thread[] owner = {Thread.currentThread()};
        try (LocalExecutor ex = new LocalExecutor()) {
            List<Task<Integer>> hs = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) hs.add(ex.spawn(new Counting(counter, owner, 100)));
            assertEquals(1_000L, ex.run(TestFutures.sumAll(hs)));
            assertEquals(100_000, counter[0]);
            assertEquals(0, ex.liveTasks());
        }
    }

    @Test
    void wakesFromOtherThreadsDriveTasksToCompletion() throws Exception {
        int tasks = 500;
        int wakesPerTask = 200;
        CheckingFuture[] fs = new CheckingFuture[tasks];
        try (LocalExecutor ex = new LocalExecutor()) {
            List<Task<Integer>> hs = new ArrayList<>();
            for (int i = 0; i < tasks; i++) {
                fs[i] = new CheckingFuture(1, wakesPerTask, 0);
                hs.add(ex.spawn(fs[i]));
            }
            Thread waker = Thread.ofPlatform().start(() -> {
                for (int round = 0; round < wakesPerTask; round++) {
                    for (CheckingFuture f : fs) {
                        Waker w;
                        while ((w = f.waker()) == null) Thread.onSpinWait();
                        f.progress().incrementAndGet();
                        w.wake();
                    }
                }
            });
            assertEquals((long) tasks, ex.run(TestFutures.sumAll(hs)));
            waker.join();
            Thread me = Thread.currentThread();
            for (CheckingFuture f : fs) {
                assertEquals(0, f.violations(), f.toString());
                assertEquals(java.util.Set.of(me), f.pollThreads);
            }
        }
    }

    @Test
    void closeCancelsTheTasksLeftAndLaterSpawnsFail() {
        AtomicInteger cancels = new AtomicInteger();
        LocalExecutor ex = new LocalExecutor();
        Task<Void> left = ex.spawn(TestFutures.pendingForever(cancels));
        assertEquals("main", ex.run(TestFutures.yieldThen("main")));
        ex.close();
        assertEquals(1, cancels.get());
        assertThrows(CancellationException.class, () -> dev.weft.Weft.await(left));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ex.spawn(Future.ready(1)));
        assertEquals("executor is closed", e.getMessage());
    }

    @Test
    void closeCancelsWaitingTasksAndQueuedTasksThatNeverRanEachOnce() {
        AtomicInteger waitingCancels = new AtomicInteger();
        AtomicInteger queuedCancels = new AtomicInteger();
        LocalExecutor ex = new LocalExecutor();
        List<Task<Void>> waiting = new ArrayList<>();
        for (int i = 0; i < 100; i++) waiting.add(ex.spawn(TestFutures.pendingForever(waitingCancels)));
        assertEquals("main", ex.run(TestFutures.yieldThen("main"))); // polls them once: now waiting
        List<Task<Void>> queued = new ArrayList<>();
        for (int i = 0; i < 100; i++) queued.add(ex.spawn(TestFutures.pendingForever(queuedCancels)));
        assertEquals(200, ex.liveTasks());
        ex.close();
        assertEquals(100, waitingCancels.get());
        assertEquals(100, queuedCancels.get());
        assertEquals(0, ex.liveTasks());
        for (Task<Void> t : waiting) assertThrows(CancellationException.class, () -> dev.weft.Weft.await(t));
        for (Task<Void> t : queued) assertThrows(CancellationException.class, () -> dev.weft.Weft.await(t));
    }

    @Test
    void aFailureOfTheMainFutureIsRethrownAsItIs() {
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        try (LocalExecutor ex = new LocalExecutor()) {
            assertSame(boom, assertThrows(IllegalArgumentException.class, () -> ex.run(cx -> { throw boom; })));
        }
    }
}
