package dev.weft.sim;

import java.time.Instant;

/**
 * The settings of a simulation, fixed when it is built (see {@link SimRuntime.Builder}).
 *
 * {@snippet :
 * SimConfig c = SimRuntime.builder(1).spuriousWakeRate(0.01).build().config();
 * }
 */
final class SimConfig {
    final long seed;
    final double spuriousWakeRate;
    final double heldWakeRate;
    final int maxHeldSteps;
    final long pollCostNanos;
    final long blockingMinNanos;
    final long blockingMaxNanos;
    final long maxSteps;
    final long maxVirtualNanos;
    final long realTimeLimitNanos;
    final boolean failOnUncaught;
    final Instant epoch;

    SimConfig(SimRuntime.Builder b) {
        this.seed = b.seed;
        this.spuriousWakeRate = b.spuriousWakeRate;
        this.heldWakeRate = b.heldWakeRate;
        this.maxHeldSteps = b.maxHeldSteps;
        this.pollCostNanos = b.pollCostNanos;
        this.blockingMinNanos = b.blockingMinNanos;
        this.blockingMaxNanos = b.blockingMaxNanos;
        this.maxSteps = b.maxSteps;
        this.maxVirtualNanos = b.maxVirtualNanos;
        this.realTimeLimitNanos = b.realTimeLimitNanos;
        this.failOnUncaught = b.failOnUncaught;
        this.epoch = b.epoch;
    }
}
