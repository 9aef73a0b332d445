package dev.weft.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Coop;
import dev.weft.task.Task;
import dev.weft.testkit.Polls;
import dev.weft.testkit.ProbeFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The runtime's entry points: current(), spawning from inside and outside, Weft.run. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RuntimeTest {

    @Test
    void currentIsTheRuntimeRunningTheTaskAndOutsideItFailsClearly() {
        IllegalStateException e = assertThrows(IllegalStateException.class, WeftRuntime::current);
        assertTrue(e.getMessage().contains("not inside a Weft runtime"), e.getMessage());
        assertEquals(null, WeftRuntime.currentOrNull());
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("current-").build()) {
            assertSame(rt, rt.blockOn(cx -> Poll.ready(WeftRuntime.current())));
            String name = rt.blockOn(cx -> Poll.ready(Thread.currentThread().getName()));
            assertTrue(name.startsWith("current-"), name);
        }
    }

    @Test
    void taskSpawnOutsideARuntimeFailsClearly() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Task.spawn(cx -> Poll.ready(1)));
        assertTrue(e.getMessage().contains("Task.spawn outside a Weft runtime"), e.getMessage());
    }

    @Test
    void tasksSpawnedFromInsideRunAndAreAwaited() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            long sum = rt.blockOn(new Future<Long>() {
                private Future<Long> all;

                @Override
                public Poll<Long> poll(dev.weft.future.Context cx) throws Exception {
                    if (all == null) {
                        List<Task<Integer>> hs = new ArrayList<>();
                        for (int i = 0; i < 10_000; i++) hs.add(Task.spawn(TestFutures.yieldThen(i + 1)));
                        all = TestFutures.sumAll(hs);
                    }
                    return all.poll(cx);
                }
            });
            assertEquals(10_000L * 10_001 / 2, sum);
        }
    }

    @Test
    void eachTaskPollGetsAFreshBudget() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            int inside = rt.blockOn(cx -> Poll.ready(Coop.remaining()));
            assertEquals(Coop.BUDGET, inside);
            assertEquals(Integer.MAX_VALUE, Coop.remaining());
        }
    }

    @Test
    void blockOnWaitsForATaskThatCompletesLaterOnAWorker() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            ProbeFuture<String> p = new ProbeFuture<>("later");
            Thread completer = Thread.ofPlatform().start(() -> {
                while (p.polls() == 0) Thread.onSpinWait();
                p.complete("done");
            });
            assertEquals("done", rt.blockOn(p));
            completer.join();
            p.assertNoMisuse();
        }
    }

    @Test
    void interruptingBlockOnCancelsTheSpawnedTaskOnce() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            ProbeFuture<Integer> p = new ProbeFuture<>("never");
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread blocked = Thread.ofPlatform().start(() -> {
                try {
                    rt.blockOn(p);
                } catch (Throwable e) {
                    thrown.set(e);
                }
            });
            while (p.polls() == 0 || !Polls.isBlocked(blocked)) Thread.onSpinWait();
            blocked.interrupt();
            blocked.join();
            assertTrue(thrown.get() instanceof CancellationException, String.valueOf(thrown.get()));
            p.awaitCancelled(10);
            assertEquals(1, p.cancels());
            assertEquals(0, rt.liveTasks());
            p.assertNoMisuse();
        }
    }

    @Test
    void blockOnFromAWorkerOfTheSameRuntimeIsRefused() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            Task<String> t = rt.spawn(cx -> {
                try {
                    rt.blockOn(Future.ready(1));
                    return Poll.ready("allowed");
                } catch (IllegalStateException e) {
                    return Poll.ready(e.getMessage());
                }
            });
            assertTrue(rt.blockOn(t).startsWith("WeftRuntime.blockOn(...) called on worker weft-worker-"));
            assertTrue(rt.blockOn(t).contains(" would block it, and every task queued on it: "));
        }
    }

    @Test
    void weftRunRunsTheFutureOnARuntimeOfItsOwnAndClosesIt() {
        WeftRuntime[] seen = new WeftRuntime[1];
        String name = dev.weft.Weft.run(cx -> {
            seen[0] = WeftRuntime.current();
            return Poll.ready(Thread.currentThread().getName());
        });
        assertTrue(name.startsWith("weft-main-"), name);
        for (Thread t : seen[0].threads()) assertTrue(!t.isAlive(), t + " survived Weft.run");
        assertThrows(IllegalStateException.class, () -> seen[0].spawn(Future.ready(1)), "closed runtime refuses spawns");
    }

    @Test
    void taskSpawnOutsideAnyRuntimeFailsWithTheFixInTheMessage() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Task.spawn(Future.ready(1)));
        assertTrue(e.getMessage().contains("runtime.spawn"), e.getMessage());
    }

    @Test
    void aTaskThatYieldsGoesToTheBackOfTheQueueNotToTheLifoSlot() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            for (int round = 0; round < 100; round++) {
                java.util.concurrent.atomic.AtomicInteger yielderPolls = new java.util.concurrent.atomic.AtomicInteger();
                java.util.concurrent.atomic.AtomicInteger seenByOther = new java.util.concurrent.atomic.AtomicInteger(-1);
                Future<Void> yielder = cx -> {
                    if (yielderPolls.incrementAndGet() == 10) return Poll.ready(null);
                    cx.waker().wake();
                    return Poll.pending();
                };
                Future<Void> other = cx -> {
                    seenByOther.set(yielderPolls.get());
                    return Poll.ready(null);
                };
                // Spawned from the worker: other goes to the LIFO slot, then yielder takes the slot and
                // other moves to the local queue. The yielder runs first; its yield must let other run.
                Task<Task<Void>> spawner = rt.spawn(cx -> {
                    Task.spawn(other).detach();
                    return Poll.ready(Task.spawn(yielder));
                });
                rt.blockOn(rt.blockOn(spawner));
                assertEquals(1, seenByOther.get());
            }
        }
    }

    @Test
    void twoTasksWakingEachOtherThroughTheLifoSlotDoNotStarveAQueuedTask() {
        // The worker's cap on LIFO polls in a row is 32; without a cap the pair would never give
        // the worker back (wakes charge no budget), so it stops by itself after giveUp polls.
        final int giveUp = 100_000;
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            for (int round = 0; round < 20; round++) {
                java.util.concurrent.atomic.AtomicInteger pairPolls = new java.util.concurrent.atomic.AtomicInteger();
                java.util.concurrent.atomic.AtomicInteger seenByQueued = new java.util.concurrent.atomic.AtomicInteger(-1);
                dev.weft.future.Waker[] wakers = new dev.weft.future.Waker[2];
                class Partner implements Future<Void> {
                    private final int me;

                    Partner(int me) {
                        this.me = me;
                    }

                    @Override
                    public Poll<Void> poll(dev.weft.future.Context cx) {
                        int polls = pairPolls.incrementAndGet();
                        if (seenByQueued.get() >= 0 || polls >= giveUp) {
                            if (wakers[1 - me] != null) wakers[1 - me].wake(); // let the partner end too
                            return Poll.ready(null);
                        }
                        wakers[me] = cx.waker();
                        if (me == 0 && wakers[1] == null) Task.spawn(new Partner(1)).detach();
                        else wakers[1 - me].wake(); // the partner goes to the LIFO slot
                        return Poll.pending();
                    }
                }
                Future<Void> queued = cx -> {
                    seenByQueued.set(pairPolls.get());
                    return Poll.ready(null);
                };
                // On the worker: queued goes to the LIFO slot, the first partner takes the slot and
                // queued moves to the local queue, where it waits while the pair runs.
                Task<Task<Void>> spawner = rt.spawn(cx -> {
                    Task<Void> q = Task.spawn(queued);
                    Task.spawn(new Partner(0)).detach();
                    return Poll.ready(q);
                });
                rt.blockOn(rt.blockOn(spawner));
                int seen = seenByQueued.get();
                assertTrue(seen >= 1 && seen <= 33, "the queued task ran after " + seen + " polls of the pair");
            }
        }
    }
}
