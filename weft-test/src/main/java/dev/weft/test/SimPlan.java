package dev.weft.test;

import dev.weft.sim.SimRuntime;
import java.time.Duration;

/**
 * How one invocation's simulation is built: its seed and rates, from {@link WeftTest} or
 * {@link WeftSim}, and whether it is the second run of a determinism check.
 *
 * {@snippet :
 * SimRuntime sim = new SimPlan(7, 0.02, 0.1, Duration.ofSeconds(60), false, true).build();
 * }
 *
 * @param seed the seed
 * @param spuriousWakeRate see {@link SimRuntime.Builder#spuriousWakeRate}
 * @param heldWakeRate see {@link SimRuntime.Builder#heldWakeRate(double)}
 * @param realTimeLimit see {@link SimRuntime.Builder#realTimeLimit}
 * @param repeat whether this run repeats the seed's first one, to compare trace hashes
 * @param failOnUncaught see {@link SimRuntime.Builder#failOnUncaught}
 */
record SimPlan(long seed, double spuriousWakeRate, double heldWakeRate, Duration realTimeLimit, boolean repeat,
               boolean failOnUncaught) {
    SimRuntime build() {
        return SimRuntime.builder(seed)
                .spuriousWakeRate(spuriousWakeRate)
                .heldWakeRate(heldWakeRate)
                .realTimeLimit(realTimeLimit)
                .failOnUncaught(failOnUncaught)
                .build();
    }
}
