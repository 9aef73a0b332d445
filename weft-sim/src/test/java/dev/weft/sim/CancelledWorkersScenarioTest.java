package dev.weft.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The scenario of {@link CancelledWorkersScenario} over many seeds. With the lost-wakeup bug that
 * tests can put back into {@code Event} ({@code Event.lostWakeForTests}) seed 1 already deadlocks;
 * the {@code weft-test} module shows such a bug found end to end with {@code @WeftSim}
 * ({@code ChannelWorkerPoolMutantTest}).
 */
class CancelledWorkersScenarioTest {
    @Test
    void everyJobIsAnsweredWhateverTheOrderForAThousandSeeds() {
        long seeds = Long.getLong("weft.sim.seeds", 1000);
        for (long seed = 0; seed < seeds; seed++) {
            try (SimRuntime sim = SimRuntime.builder(seed).build()) {
                assertThat(sim.run(CancelledWorkersScenario.run())).as("seed %d", seed).isEqualTo(2);
            }
        }
    }
}
