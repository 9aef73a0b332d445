/**
 * Deterministic simulation: a {@link dev.weft.sim.SimRuntime} runs the production task, timer,
 * channel and lock code on one thread, every choice drawn from one seeded random source, on a
 * virtual {@link dev.weft.sim.SimClock}, with a simulated network ({@link dev.weft.sim.SimNet})
 * behind the ordinary socket API. The same seed gives the same run, so a rare interleaving found
 * once is replayed at will.
 *
 * {@snippet :
 * for (long seed = 0; seed < 1000; seed++) {
 *     try (SimRuntime sim = SimRuntime.builder(seed).spuriousWakeRate(0.05).build()) {
 *         sim.run(myService.scenario());        // fails with the seed in its message
 *     }
 * }
 * }
 */
package dev.weft.sim;
