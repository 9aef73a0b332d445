package dev.weft.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The scenario of {@link CancelledWorkersScenario} over many seeds. With the lost-wakeup mutant
 * ({@code -Dweft.mutant.lostWake=true}) about one seed in eleven deadlocks, seed 1 the first; the
 * {@code weft-test} module shows that end to end with {@code @WeftSim}.
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
