/**
 * Testing with Weft: a JUnit 5 extension that runs test bodies on a deterministic simulation
 * ({@link dev.weft.test.WeftTest}: virtual time, one seed; {@link dev.weft.test.WeftSim}: one run
 * per seed, the failing seed printed for replay), and a poll-by-hand kit
 * ({@link dev.weft.test.Polls}, {@link dev.weft.test.CountingWaker},
 * {@link dev.weft.test.ProbeFuture}).
 *
 * <h2>For maintainers</h2>
 * {@code SimExtension} is the one extension both annotations register: for {@code @WeftSim} it
 * provides one invocation per seed, each carrying its {@code SimPlan}; in every invocation it
 * builds the {@code SimRun} (the invocation's {@link dev.weft.sim.SimRuntime}) at the first
 * parameter that asks for it, runs the test method through the interceptor chain inside
 * {@code sim.run(Coroutine.async(invocation::proceed))}, closes the simulation, and on failure
 * adds a {@link dev.weft.test.SeedReplay}. A determinism check is a second invocation of the same
 * seed that compares its trace hash with the first's (kept in the template's store), so each run
 * gets a fresh test instance and its own {@code @BeforeEach}.
 *
 * {@snippet :
 * @WeftTest
 * void aDayPassesInNoTime(SimClock clock) {
 *     await(Time.sleep(Duration.ofDays(1)));
 *     assertEquals(Duration.ofDays(1), clock.elapsed());
 * }
 * }
 */
package dev.weft.test;
