package dev.weft.sim;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.blocking.Blocking;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.net.Async;
import dev.weft.sync.Channel;
import dev.weft.sync.Mutex;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class SimRuntimeTest {

    /** Producers, consumers, a mutex, sleeps and timeouts: a run with many choices. */
    static Future<Long> busyScenario(SimRuntime sim) {
        return Weft.async(() -> {
            Channel<Integer> ch = Channel.bounded(4);
            Mutex lock = new Mutex();
            long[] sum = new long[1];
            List<Task<Void>> tasks = new ArrayList<>();
            for (int p = 0; p < 3; p++) {
                int base = p * 100;
                tasks.add(Task.spawn(Weft.async(() -> {
                    for (int i = 0; i < 20; i++) {
                        await(ch.sender().send(base + i));
                        if (i % 7 == 0) await(Time.sleep(Duration.ofMillis(1 + i % 3)));
                    }
                    return null;
                })));
            }
            for (int c = 0; c < 2; c++) {
                tasks.add(Task.spawn(Weft.async(() -> {
                    for (int i = 0; i < 30; i++) {
                        int v = await(ch.receiver().recv());
                        try (var g = await(lock.lock())) {
                            long before = sum[0];
                            await(Future.yieldNow()); // others run while the lock is held
                            sum[0] = before * 31 + v; // order-sensitive; lost if the lock failed
                        }
                    }
                    return null;
                })));
            }
            for (Task<Void> t : tasks) await(t);
            try {
                await(Time.timeout(Future.pending(), Duration.ofSeconds(5)));
            } catch (TimeoutException expected) {
                // time moved 5 s virtually
            }
            return sum[0];
        });
    }

    @Test
    void theSameSeedGivesTheSameTraceAndOutputOverAHundredSeeds() {
        Set<Long> hashes = new HashSet<>();
        for (long seed = 0; seed < 100; seed++) {
            long[] h = new long[2];
            long[] out = new long[2];
            for (int run = 0; run < 2; run++) {
                try (SimRuntime sim = SimRuntime.builder(seed).spuriousWakeRate(0.02).heldWakeRate(0.1).build()) {
                    out[run] = sim.run(busyScenario(sim));
                    h[run] = sim.traceHash();
                    assertThat(sim.clock().elapsed()).isGreaterThanOrEqualTo(Duration.ofSeconds(5));
                }
            }
            assertThat(h[1]).as("seed %d", seed).isEqualTo(h[0]);
            assertThat(out[1]).as("seed %d", seed).isEqualTo(out[0]);
            hashes.add(h[0]);
        }
        assertThat(hashes).as("different seeds make different choices").hasSizeGreaterThan(95);
    }

    @Test
    void runTwiceAndCompareAcceptsADeterministicBodyAndCatchesOneThatIsNot() {
        SimRuntime.runTwiceAndCompare(SimRuntime.builder(5), SimRuntimeTest::busyScenario);
        long[] calls = {0};
        // a body that decides with state outside the simulation: the second run differs
        assertThatThrownBy(() -> SimRuntime.runTwiceAndCompare(SimRuntime.builder(5), sim -> {
                    int n = (int) (2 + calls[0]++);
                    return Weft.async(() -> {
                        for (int i = 0; i < n; i++) await(Future.yieldNow());
                        return null;
                    });
                }))
                .isInstanceOf(SimulationException.class)
                .hasMessageContaining("not deterministic")
                .hasMessageContaining("seed 5");
    }

    @Test
    void readyTasksRunInAnOrderTheSeedChooses() {
        Set<String> orders = new HashSet<>();
        for (long seed = 0; seed < 40; seed++) {
            try (SimRuntime sim = SimRuntime.builder(seed).build()) {
                StringBuilder order = new StringBuilder();
                sim.run(Weft.async(() -> {
                    List<Task<Void>> ts = new ArrayList<>();
                    for (char c = 'a'; c <= 'c'; c++) {
                        char name = c;
                        ts.add(Task.spawn(Future.lazy(() -> {
                            order.append(name);
                            return Future.ready(null);
                        })));
                    }
                    for (Task<Void> t : ts) await(t);
                    return null;
                }));
                orders.add(order.toString());
            }
        }
        assertThat(orders).as("all six orders of three ready tasks").hasSize(6);
    }

    @Test
    void thirtyDaysOfIntervalTicksAndTimeoutsRunInVirtualTime() {
        try (SimRuntime sim = SimRuntime.builder(3).build()) {
            long t0 = System.nanoTime();
            long[] counts = sim.run(Weft.async(() -> {
                Task<Long> ticks = Task.spawn(Weft.async(() -> {
                    var interval = Time.interval(Duration.ofMinutes(1));
                    long n = 0;
                    while (n < 30L * 24 * 60) {
                        await(interval.next());
                        n++;
                    }
                    return n;
                }));
                long timeouts = 0;
                for (int day = 0; day < 30; day++) {
                    try {
                        await(Time.timeout(Future.pending(), Duration.ofDays(1)));
                    } catch (TimeoutException e) {
                        timeouts++;
                    }
                }
                return new long[] {await(ticks), timeouts};
            }));
            long realMs = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf("30 virtual days: %d ticks, %d timeouts, %d ms real time%n", counts[0], counts[1], realMs);
            assertThat(counts[0]).isEqualTo(43_200);
            assertThat(counts[1]).isEqualTo(30);
            assertThat(sim.clock().elapsed()).isEqualTo(Duration.ofDays(30));
            assertThat(sim.pendingTimers()).isZero();
        }
    }

    @Test
    void sleepUntilAnInstantReadsTheSimulatedWallClock() {
        try (SimRuntime sim = SimRuntime.builder(3).epoch(java.time.Instant.parse("2030-06-01T00:00:00Z")).build()) {
            sim.run(Weft.async(() -> await(Time.sleepUntil(java.time.Instant.parse("2030-06-01T02:00:00Z")))));
            assertThat(sim.clock().elapsed()).isEqualTo(Duration.ofHours(2));
            assertThat(sim.clock().instant()).isEqualTo(java.time.Instant.parse("2030-06-01T02:00:00Z"));
        }
    }

    @Test
    void aRootThatWaitsForNothingIsADeadlockNamingTheWaitingTasks() {
        try (SimRuntime sim = SimRuntime.builder(9).build()) {
            Channel<String> ch = Channel.bounded(1);
            assertThatThrownBy(() -> sim.run(Weft.async(() -> {
                        Task<String> stuck = Task.spawn(ch.receiver().recv());
                        await(Time.sleep(Duration.ofSeconds(2)));
                        return await(stuck);
                    })))
                    .isInstanceOf(SimDeadlockException.class)
                    .hasMessageContaining("deadlock at virtual time PT2S")
                    .hasMessageContaining("2 task(s) wait")
                    .hasMessageContaining("seed 9");
        }
    }

    @Test
    void blockingJobsRunOnTheSimulationThreadAtASimulatedTime() {
        try (SimRuntime sim = SimRuntime.builder(11)
                .blockingDuration(Duration.ofMillis(10), Duration.ofMillis(20))
                .build()) {
            String[] where = new String[1];
            int v = sim.run(Weft.async(() -> await(Blocking.unblock(() -> {
                where[0] = Thread.currentThread().getName();
                return 42;
            }))));
            assertThat(v).isEqualTo(42);
            assertThat(where[0]).isEqualTo("weft-sim-11");
            assertThat(sim.clock().elapsed()).isBetween(Duration.ofMillis(10), Duration.ofMillis(20));
        }
    }

    @Test
    void spuriousWakesAreInjectedAtTheConfiguredRate() {
        int[] polls = new int[2];
        for (int i = 0; i < 2; i++) {
            int k = i;
            try (SimRuntime sim = SimRuntime.builder(1).spuriousWakeRate(i == 0 ? 0 : 0.5).build()) {
                sim.run(Weft.async(() -> {
                    Task<Void> waiter = Task.spawn(Future.pollFn(cx -> {
                        polls[k]++;
                        return dev.weft.future.Poll.pending();
                    }));
                    for (int j = 0; j < 100; j++) await(Future.yieldNow());
                    waiter.cancel();
                    return null;
                }));
            }
        }
        assertThat(polls[0]).as("no spurious wakes: polled once").isEqualTo(1);
        assertThat(polls[1]).as("rate 0.5 over ~200 steps").isBetween(40, 160);
    }

    @Test
    void aRealSocketIsRefusedAndFailsTheRunEvenIfCaught() {
        try (SimRuntime sim = SimRuntime.builder(2).build()) {
            assertThatThrownBy(() -> sim.run(Weft.async(() -> {
                        try (SocketChannel ch = SocketChannel.open()) {
                            Async.of(ch);
                        } catch (IllegalStateException swallowed) {
                            // the run fails anyway
                        }
                        return null;
                    })))
                    .isInstanceOf(SimulationException.class)
                    .hasMessageContaining("a real socket");
        }
    }

    @Test
    void aRealRuntimeIsRefused() {
        try (SimRuntime sim = SimRuntime.builder(2).build()) {
            assertThatThrownBy(() -> sim.run(Future.lazy(() -> {
                        WeftRuntime.builder().workers(1).build().close();
                        return Future.ready(null);
                    })))
                    .hasMessageContaining("not allowed inside a simulation: a real runtime");
        }
    }

    @Test
    void blockOnIsRefused() {
        try (SimRuntime sim = SimRuntime.builder(2).build()) {
            assertThatThrownBy(() -> sim.run(Future.lazy(() -> Future.ready(Weft.blockOn(Future.ready(1))))))
                    .hasMessageContaining("blockOn");
        }
    }

    @Test
    void aRealSleepIsFoundByTheWatchdogAndFailsTheRun() {
        try (SimRuntime sim = SimRuntime.builder(2).build()) {
            assertThatThrownBy(() -> sim.run(Future.lazy(() -> {
                        try {
                            Thread.sleep(10_000);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return Future.ready(null);
                    })))
                    .isInstanceOf(SimulationException.class)
                    .hasMessageContaining("a blocking call on the simulation's thread")
                    .hasMessageContaining("Thread.sleep");
        }
    }

    @Test
    void aWakeFromARealThreadIsRefused() {
        try (SimRuntime sim = SimRuntime.builder(2).build()) {
            java.util.concurrent.atomic.AtomicBoolean sent = new java.util.concurrent.atomic.AtomicBoolean();
            assertThatThrownBy(() -> sim.run(Weft.async(() -> {
                        Channel<Integer> ch = Channel.bounded(1);
                        boolean[] waiting = {false};
                        Future<Integer> recv = ch.receiver().recv();
                        Task<Integer> receiver = Task.spawn(Future.pollFn(cx -> {
                            try {
                                var p = recv.poll(cx);
                                waiting[0] = p.isPending();
                                return p;
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        }));
                        while (!waiting[0]) await(Future.yieldNow()); // the receiver waits now
                        new Thread(() -> {
                            ch.sender().trySend(1);
                            sent.set(true);
                        }).start();
                        while (!sent.get()) await(Future.yieldNow());
                        return await(receiver);
                    })))
                    .isInstanceOf(SimulationException.class)
                    .hasMessageContaining("a wake from thread");
        }
    }

    @Test
    void aFailureOfADetachedTaskFailsTheRun() {
        try (SimRuntime sim = SimRuntime.builder(4).build()) {
            assertThatThrownBy(() -> sim.run(Weft.async(() -> {
                        Task.spawn(Future.lazy(() -> {
                            throw new IllegalArgumentException("boom");
                        })).detach();
                        await(Time.sleep(Duration.ofSeconds(1)));
                        return null;
                    })))
                    .isInstanceOf(SimulationException.class)
                    .hasMessageContaining("a task nobody awaits failed")
                    .hasRootCauseMessage("boom");
        }
    }

    @Test
    void aTaskThatFailedAndThatNobodyAwaitedFailsTheRunItFailedInWhetherOrNotItsHandleIsStillHeld() {
        List<Task<?>> held = new ArrayList<>(); // reachable to the end: a collector would never report it
        for (int run = 0; run < 2; run++) { // the same at every run: no collector decides
            try (SimRuntime sim = SimRuntime.builder(5).build()) {
                assertThatThrownBy(() -> sim.run(Weft.async(() -> {
                            held.add(Task.spawn(Future.lazy(() -> {
                                throw new IllegalArgumentException("lost");
                            })));
                            await(Time.sleep(Duration.ofSeconds(1)));
                            return null;
                        })))
                        .isInstanceOf(SimulationException.class)
                        .hasMessageContaining("a task nobody awaits failed: task ")
                        .hasMessageContaining("nobody had awaited it when the simulation's run ended")
                        .hasRootCauseMessage("lost");
            }
        }
    }

    @Test
    void aFailureAwaitedLaterInTheRunAndTheRootsOwnFailureAreNotReported() {
        try (SimRuntime sim = SimRuntime.builder(6).build()) {
            String got = sim.run(Weft.async(() -> {
                Task<Void> t = Task.spawn(Future.lazy(() -> {
                    throw new IllegalArgumentException("taken");
                }));
                await(Time.sleep(Duration.ofSeconds(1))); // it failed long before
                try {
                    await(t);
                    return "not thrown";
                } catch (IllegalArgumentException e) {
                    return e.getMessage();
                }
            }));
            assertThat(got).isEqualTo("taken");
            assertThatThrownBy(() -> sim.run(Future.lazy(() -> {
                        throw new IllegalStateException("the root's");
                    })))
                    .isExactlyInstanceOf(IllegalStateException.class)
                    .hasMessage("the root's");
        }
    }

    @Test
    void aTaskThatThrowsWhileTheCloseCancelsItFailsTheClose() {
        SimRuntime sim = SimRuntime.builder(7).build();
        sim.run(Weft.async(() -> {
            Task.spawn(Weft.async(() -> {
                try {
                    await(Time.sleep(Duration.ofDays(1)));
                } finally {
                    throw new IllegalStateException("from its finally");
                }
            })).detach();
            await(Time.sleep(Duration.ofSeconds(1)));
            return null;
        }));
        assertThatThrownBy(sim::close)
                .isInstanceOf(SimulationException.class)
                .hasMessageContaining("a task nobody awaits failed")
                .hasRootCauseMessage("from its finally");
        sim.close(); // closed all the same: a second close does nothing
    }

    /** Pending until cancelled; its cancellation lasts {@code cleanup} of (virtual) time, then logs. */
    private static Future<Void> unwindingFor(Duration cleanup, List<String> log) {
        return new Future<>() {
            private Future<Void> sleep;

            @Override
            public dev.weft.future.Poll<Void> poll(dev.weft.future.Context cx) {
                return dev.weft.future.Poll.pending();
            }

            @Override
            public void cancel() {
                sleep = Time.sleep(cleanup);
            }

            @Override
            public dev.weft.future.Poll<Void> pollCancel(dev.weft.future.Context cx) {
                try {
                    if (sleep.poll(cx).isPending()) return dev.weft.future.Poll.pending();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                log.add("cleaned up at " + SimRuntime.current().clock().elapsed());
                return dev.weft.future.Poll.ready(null);
            }
        };
    }

    @Test
    void closeLetsACancelledTaskFinishItsCleanupOnVirtualTime() {
        List<String> log = new ArrayList<>();
        SimRuntime sim = SimRuntime.builder(9).build();
        List<Task<Void>> t = new ArrayList<>();
        sim.run(Weft.async(() -> {
            t.add(Task.spawn(unwindingFor(Duration.ofSeconds(3), log)));
            await(Time.sleep(Duration.ofSeconds(1)));
            return null;
        }));
        sim.close();
        assertThat(log).containsExactly("cleaned up at PT4S"); // closed at 1 s, then 3 s of cleanup
        assertThat(t.get(0).isDone()).isTrue();
    }

    @Test
    void closeLetsAScopesChildrenRunTheirCleanupAwaitsBeforeTheirOwnerEnds() {
        List<String> log = new ArrayList<>();
        SimRuntime sim = SimRuntime.builder(11).build();
        sim.run(Weft.async(() -> {
            Task.spawn(Weft.async(() -> {
                try (dev.weft.scope.TaskScope<Object, Void> scope = dev.weft.scope.TaskScope.open()) {
                    for (int i = 1; i <= 3; i++) {
                        int id = i;
                        scope.spawn(Weft.async(() -> {
                            try {
                                await(Time.sleep(Duration.ofDays(1)));
                            } finally {
                                await(Time.cleanup(Time.sleep(Duration.ofSeconds(id)), Duration.ofSeconds(5)));
                                log.add("child " + id + " cleaned up at " + SimRuntime.current().clock().elapsed());
                            }
                            return null;
                        }));
                    }
                    await(Time.sleep(Duration.ofDays(1)));
                } finally {
                    log.add("owner ended at " + SimRuntime.current().clock().elapsed());
                }
                return null;
            })).detach();
            await(Time.sleep(Duration.ofSeconds(1)));
            return null;
        }));
        sim.close();
        assertThat(log).containsExactly("child 1 cleaned up at PT2S", "child 2 cleaned up at PT3S",
                "child 3 cleaned up at PT4S", "owner ended at PT4S");
    }

    @Test
    void closeFailsNamingATaskStillUnwindingAfterItsGrace() {
        List<String> log = new ArrayList<>();
        SimRuntime sim = SimRuntime.builder(10).build();
        sim.run(Weft.async(() -> {
            Task.spawn(unwindingFor(Duration.ofDays(1), log)).detach();
            await(Time.sleep(Duration.ofSeconds(1)));
            return null;
        }));
        assertThatThrownBy(sim::close)
                .isInstanceOf(SimulationException.class)
                .hasMessageContaining("closed with 1 task(s) still unwinding after PT10S of virtual time")
                .hasMessageContaining("SimRuntimeTest");
        assertThat(log).isEmpty();
    }

    @Test
    void closeCancelsTheTasksLeftInSpawnOrder() {
        List<Integer> cancelled = new ArrayList<>();
        SimRuntime sim = SimRuntime.builder(8).build();
        sim.run(Weft.async(() -> {
            for (int i = 0; i < 5; i++) {
                int id = i;
                Task.spawn(new Future<Void>() {
                    @Override
                    public dev.weft.future.Poll<Void> poll(dev.weft.future.Context cx) {
                        return dev.weft.future.Poll.pending();
                    }

                    @Override
                    public void cancel() {
                        cancelled.add(id);
                    }
                });
            }
            await(Future.yieldNow());
            return null;
        }));
        assertThat(sim.liveTasks()).isEqualTo(5);
        sim.close();
        assertThat(cancelled).containsExactly(0, 1, 2, 3, 4);
        assertThat(sim.liveTasks()).isZero();
    }
}
