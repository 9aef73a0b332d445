package dev.weft.test;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.sim.SimClock;
import dev.weft.sim.SimNet;
import dev.weft.sim.SimRuntime;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;

/** {@link WeftTest}: the body is the root coroutine of a simulation with virtual time. */
class WeftTestExtensionTest {
    private SimRuntime fromBeforeEach;
    private Task<String> spawnedBefore;
    private final java.util.concurrent.atomic.AtomicBoolean leftOverCancelled = new java.util.concurrent.atomic.AtomicBoolean();

    @BeforeEach
    void setUp(SimRuntime sim) {
        fromBeforeEach = sim;
        spawnedBefore = sim.spawn(Weft.async(() -> {
            await(Time.sleep(Duration.ofMinutes(5)));
            return "set up";
        }));
    }

    @WeftTest
    void aThirtyDaySleepPassesInVirtualTime(SimClock clock) {
        long t0 = System.nanoTime();
        await(Time.sleep(Duration.ofDays(30)));
        assertThat(clock.elapsed()).isEqualTo(Duration.ofDays(30));
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(5));
    }

    @WeftTest
    void theBodyRunsInsideTheInjectedSimulation(SimRuntime sim, SimClock clock, SimNet net) {
        assertThat(SimRuntime.current()).isSameAs(sim).isSameAs(fromBeforeEach);
        assertThat(clock).isSameAs(sim.clock());
        assertThat(net).isSameAs(sim.net());
        assertThat(sim.seed()).as("no -Dweft.sim.seed: seed 0").isEqualTo(SimRuntime.seedProperty(0));
    }

    @WeftTest
    void aTaskSpawnedInBeforeEachRunsInTheSameSimulation(SimClock clock) {
        assertThat(await(spawnedBefore)).isEqualTo("set up");
        assertThat(clock.elapsed()).isEqualTo(Duration.ofMinutes(5));
    }

    @WeftTest
    void aTimeoutFiresAtItsVirtualDeadline(SimClock clock) {
        assertThatThrownBy(() -> await(Time.timeout(Future.pending(), Duration.ofHours(2))))
                .isInstanceOf(TimeoutException.class);
        assertThat(clock.elapsed()).isEqualTo(Duration.ofHours(2));
    }

    @WeftTest
    void spawnedTasksRunConcurrentlyInVirtualTime(SimClock clock) {
        Task<Integer> a = Task.spawn(Weft.async(() -> {
            await(Time.sleep(Duration.ofSeconds(10)));
            return 1;
        }));
        Task<Integer> b = Task.spawn(Weft.async(() -> {
            await(Time.sleep(Duration.ofSeconds(10)));
            return 2;
        }));
        assertThat(await(a) + await(b)).isEqualTo(3);
        assertThat(clock.elapsed()).as("the two sleeps overlapped").isEqualTo(Duration.ofSeconds(10));
    }

    @WeftTest
    void thirtyDaysOfMinuteTicksAndDailyTimeoutsRunInVirtualTime(SimRuntime sim, SimClock clock) {
        long t0 = System.nanoTime();
        Task<Long> ticks = Task.spawn(Weft.async(() -> {
            var interval = Time.interval(Duration.ofMinutes(1));
            long n = 0;
            while (n < 30L * 24 * 60) {
                await(interval.next());
                n++;
            }
            interval.cancel();
            return n;
        }));
        int timeouts = 0;
        for (int day = 0; day < 30; day++) {
            try {
                await(Time.timeout(Future.pending(), Duration.ofDays(1)));
            } catch (TimeoutException e) {
                timeouts++;
            }
        }
        assertThat(await(ticks)).isEqualTo(43_200);
        assertThat(timeouts).isEqualTo(30);
        assertThat(clock.elapsed()).isEqualTo(Duration.ofDays(30));
        assertThat(sim.pendingTimers()).isZero();
        Duration real = Duration.ofNanos(System.nanoTime() - t0);
        System.out.println("30 virtual days (43200 ticks, 30 timeouts) in " + real.toMillis() + " ms");
        assertThat(real).isLessThan(Duration.ofSeconds(10));
    }

    @WeftTest
    void tasksLeftWaitingWhenTheBodyReturnsAreCancelledAfterIt(SimRuntime sim) {
        Task.spawn(Weft.async(() -> {
            await(Time.sleep(Duration.ofDays(1)));
            return null;
        }));
        Task.spawn(new Future<Void>() {
            @Override
            public dev.weft.future.Poll<Void> poll(dev.weft.future.Context cx) {
                return dev.weft.future.Poll.pending();
            }

            @Override
            public void cancel() {
                leftOverCancelled.set(true);
            }
        });
        await(Future.yieldNow());
        assertThat(sim.liveTasks()).as("the body's, setUp's and the two spawned here").isEqualTo(4);
        assertThat(leftOverCancelled).isFalse();
    }

    @AfterEach
    void leftOverTaskWasCancelled(TestInfo info) {
        if (info.getTestMethod().orElseThrow().getName().startsWith("tasksLeftWaiting")) {
            assertThat(leftOverCancelled).as("cancelled when the simulation closed").isTrue();
        }
    }
}
