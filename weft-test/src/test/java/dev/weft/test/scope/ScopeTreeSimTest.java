package dev.weft.test.scope;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.sim.SimRuntime;
import dev.weft.test.WeftSim;
import java.util.List;

/**
 * Random trees of task scopes under the deterministic simulation: depth up to 6, fan-out up to 8,
 * fail-fast and supervisor scopes, child failures, scopes cancelled by timers, deadlines, children
 * that take time to unwind. For every seed: no child ends (or starts) after its scope closed,
 * every node that started ended, every failure surfaced exactly once (the root's outcome, a
 * supervisor's join, or the failure hook), and the same seed gives the same trace (each seed runs
 * twice and the trace hashes must match). {@code -Dweft.sim.seeds=10000} for the hand run; CI runs
 * the default. {@link BrokenScopeTreeTest} shows the checks catch a scope that closes without
 * waiting for its children to unwind.
 */
class ScopeTreeSimTest {

    @WeftSim(seeds = 150, checkDeterminism = true, failOnUncaught = false, spuriousWakeRate = 0.01, heldWakeRate = 0.05)
    void noChildOutlivesItsScopeAndEveryFailureSurfacesOnce(SimRuntime sim) {
        ScopeTree tree = ScopeTree.draw(sim.random());
        ScopeTreeRun run = new ScopeTreeRun(false);
        Throwable rootFailure = null;
        try {
            await(run.run(tree));
        } catch (Throwable t) {
            rootFailure = t;
        }
        List<String> violations = ScopeTreeChecks.violations(tree, run, rootFailure, sim.uncaughtFailures());
        assertThat(violations).as("tree:\n%s\ntrace: %s", tree, run.trace).isEmpty();
    }
}
