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
import org.junit.jupiter.api.BeforeEach;

/** {@link WeftTest}: the body is the root coroutine of a simulation with virtual time. */
class WeftTestExtensionTest {
    private SimRuntime fromBeforeEach;
    private Task<String> spawnedBefore;

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
}
