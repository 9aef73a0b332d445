package dev.weft.test;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.sim.SimDeadlockException;
import dev.weft.sim.SimRuntime;
import dev.weft.sim.SimulationException;
import dev.weft.sync.Channel;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * {@link WeftSim} and the failure side of {@link WeftTest}, run on the JUnit Platform against the
 * fixture classes below (static nested classes: surefire does not run them by themselves).
 */
class WeftSimExtensionTest {

    static final class Seeds {
        static final List<Long> SEEN = new java.util.concurrent.CopyOnWriteArrayList<>();

        @WeftSim(seeds = 5, firstSeed = 10)
        void records(SimRuntime sim) {
            SEEN.add(sim.seed());
        }
    }

    static final class Failing {
        @WeftSim(seeds = 6)
        void failsOnOddSeeds(SimRuntime sim) {
            await(Time.sleep(Duration.ofSeconds(1)));
            assertThat(sim.seed() % 2).as("an even seed").isZero();
        }

        @WeftTest
        void deadlocks() {
            Channel<String> ch = Channel.bounded(1);
            await(ch.receiver().recv());
        }

        @WeftTest(realTimeLimitSeconds = 1)
        void spinsForever() {
            while (true) await(Future.yieldNow());
        }
    }

    static final class Determinism {
        static final AtomicInteger CALLS = new AtomicInteger();

        @WeftSim(seeds = 3, checkDeterminism = true, spuriousWakeRate = 0.05, heldWakeRate = 0.1)
        void deterministic() {
            List<Task<Integer>> ts = new java.util.ArrayList<>();
            for (int i = 0; i < 4; i++) {
                int k = i;
                ts.add(Task.spawn(Weft.async(() -> {
                    await(Time.sleep(Duration.ofMillis(k)));
                    return k;
                })));
            }
            for (Task<Integer> t : ts) await(t);
        }

        @WeftSim(seeds = 1, checkDeterminism = true)
        void decidedByStateOutsideTheSimulation() {
            int n = 2 + CALLS.getAndIncrement(); // the second run yields once more
            for (int i = 0; i < n; i++) await(Future.yieldNow());
        }
    }

    private static EngineExecutionResults run(Class<?> fixture) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture)).execute();
    }

    private static EngineExecutionResults withProperty(String key, String value, Supplier<EngineExecutionResults> r) {
        System.setProperty(key, value);
        try {
            return r.get();
        } finally {
            System.clearProperty(key);
        }
    }

    private static Throwable failure(Event e) {
        return e.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).orElseThrow();
    }

    private static Event failedNamed(EngineExecutionResults r, String method) {
        return r.testEvents().failed().list().stream()
                .filter(e -> e.getTestDescriptor().getUniqueId().toString().contains(method)).findFirst().orElseThrow();
    }

    @Test
    void oneInvocationPerSeedNamedByItsSeed() {
        Seeds.SEEN.clear();
        EngineExecutionResults r = run(Seeds.class);
        r.testEvents().assertStatistics(s -> s.started(5).succeeded(5));
        assertThat(Seeds.SEEN).containsExactly(10L, 11L, 12L, 13L, 14L);
        assertThat(r.testEvents().started().list()).extracting(e -> e.getTestDescriptor().getDisplayName())
                .containsExactly("seed=10", "seed=11", "seed=12", "seed=13", "seed=14");
    }

    @Test
    void theSeedPropertyRunsThatSeedAloneAndTheSeedsPropertyOverridesTheCount() {
        Seeds.SEEN.clear();
        withProperty("weft.sim.seed", "42", () -> run(Seeds.class)).testEvents().assertStatistics(s -> s.started(1));
        assertThat(Seeds.SEEN).containsExactly(42L);
        Seeds.SEEN.clear();
        withProperty("weft.sim.seeds", "2", () -> run(Seeds.class)).testEvents().assertStatistics(s -> s.started(2));
        assertThat(Seeds.SEEN).containsExactly(10L, 11L);
    }

    @Test
    void aFailingSeedCarriesItsReplayLineAndTraceHash() {
        EngineExecutionResults r = run(Failing.class);
        List<Event> failed = r.testEvents().failed().list().stream()
                .filter(e -> e.getTestDescriptor().getUniqueId().toString().contains("failsOnOddSeeds")).toList();
        assertThat(failed).extracting(e -> e.getTestDescriptor().getDisplayName())
                .containsExactly("seed=1", "seed=3", "seed=5");
        Throwable t = failure(failed.get(1));
        assertThat(t).isInstanceOf(AssertionError.class).hasMessageContaining("an even seed");
        assertThat(t.getSuppressed()).hasSize(1).hasOnlyElementsOfType(SeedReplay.class);
        SeedReplay replay = (SeedReplay) t.getSuppressed()[0];
        assertThat(replay.seed()).isEqualTo(3);
        assertThat(replay.getMessage()).contains("virtual time PT1S").endsWith("replay with -Dweft.sim.seed=3");
        assertThat(replay.traceHash()).isNotZero();
        List<String> entries = r.allEvents().reportingEntryPublished().list().stream()
                .map(e -> e.getPayload(org.junit.platform.engine.reporting.ReportEntry.class).orElseThrow())
                .map(entry -> entry.getKeyValuePairs().get("weft.sim.seed")).toList();
        assertThat(entries).contains("1", "3", "5");
    }

    @Test
    void aDeadlockedBodyFailsAtOnceAndAHangFailsAtItsRealTimeLimit() {
        EngineExecutionResults r = run(Failing.class);
        assertThat(failure(failedNamed(r, "deadlocks"))).isInstanceOf(SimDeadlockException.class)
                .hasMessageContaining("nothing can wake it");
        assertThat(failure(failedNamed(r, "spinsForever"))).isInstanceOf(SimulationException.class)
                .hasMessageContaining("real-time limit of PT1S");
    }

    @Test
    void theDeterminismCheckRunsEachSeedTwiceAndCatchesABodyThatDecidesOutsideTheSimulation() {
        Determinism.CALLS.set(0);
        EngineExecutionResults r = run(Determinism.class);
        List<Event> deterministic = r.testEvents().finished().list().stream()
                .filter(e -> e.getTestDescriptor().getUniqueId().toString().contains("deterministic()")).toList();
        assertThat(deterministic).hasSize(6)
                .allMatch(e -> e.getPayload(TestExecutionResult.class).orElseThrow().getStatus()
                        == TestExecutionResult.Status.SUCCESSFUL);
        Throwable t = failure(failedNamed(r, "decidedByStateOutsideTheSimulation"));
        assertThat(t).isInstanceOf(SimulationException.class).hasMessageContaining("not deterministic");
        assertThat(Determinism.CALLS).hasValue(2);
    }
}
