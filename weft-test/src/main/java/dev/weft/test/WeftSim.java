package dev.weft.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test run once per seed, each run a {@link WeftTest} body on a {@link dev.weft.sim.SimRuntime}
 * of that seed: seeds {@link #firstSeed()} to {@code firstSeed + seeds - 1}, each invocation named
 * {@code seed=K}. Every run makes other choices (which ready task goes next, whether a due timer
 * goes first, spurious and held-back wakes at the given rates), so a race that shows once in
 * hundreds of orders is found, and the seed that found it replays it exactly.
 *
 * <p>A failing seed says so: the exception gets a suppressed {@link SeedReplay} reading
 * {@code seed K failed ...: replay with -Dweft.sim.seed=K}, the same line goes to standard error,
 * and a report entry {@code weft.sim.seed} is published.
 *
 * <p>System properties (for runs by hand):
 * <pre>
 * -Dweft.sim.seed=K               run seed K only (the replay of a failure)
 * -Dweft.sim.seeds=M              run M seeds instead of seeds()
 * -Dweft.sim.checkDeterminism=true   run each seed twice and compare the trace hashes
 * </pre>
 *
 * {@snippet :
 * @WeftSim(seeds = 200, spuriousWakeRate = 0.02, heldWakeRate = 0.1)
 * void everyJobIsAnswered(SimRuntime sim) {
 *     Channel<Integer> jobs = Channel.bounded(4);
 *     Task<Integer> worker = Task.spawn(Weft.async(() -> await(jobs.receiver().recv()) * 2));
 *     await(jobs.sender().send(21));
 *     assertEquals(42, await(worker));
 * }
 * }
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(SimExtension.class)
public @interface WeftSim {
    /** @return how many seeds to run (overridden by {@code -Dweft.sim.seeds}) */
    int seeds() default 100;

    /** @return the first seed */
    long firstSeed() default 0;

    /** @return the chance per step of a spurious wake of a waiting task (see {@code SimRuntime.Builder}) */
    double spuriousWakeRate() default 0;

    /** @return the chance that a wake is held back for a few steps (see {@code SimRuntime.Builder}) */
    double heldWakeRate() default 0;

    /**
     * @return whether each seed runs twice, the second run failing if its trace hash differs from
     *     the first's (also switched on by {@code -Dweft.sim.checkDeterminism=true})
     */
    boolean checkDeterminism() default false;

    /**
     * @return whether a failure that goes to the simulation's failure hook fails the run (the
     *     default); {@code false} keeps them for the test to read ({@code SimRuntime.uncaughtFailures()})
     */
    boolean failOnUncaught() default true;

    /** @return the most real time one run may take, in seconds */
    long realTimeLimitSeconds() default 60;
}
