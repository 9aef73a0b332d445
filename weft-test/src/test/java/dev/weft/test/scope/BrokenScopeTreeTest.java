package dev.weft.test.scope;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.sim.SimRuntime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The property of {@link ScopeTreeSimTest} run with a deliberately broken scope, whose close
 * cancels its children and returns at once instead of waiting for them to finish unwinding: some
 * seed must show a child ending after its scope closed, and that seed, run again, must show it
 * again (the same violations, the same trace).
 */
@Timeout(120)
class BrokenScopeTreeTest {
    /** How many seeds the search may take; the first failing seed is printed. */
    static final int SEEDS = 200;

    @Test
    void theChecksCatchAScopeThatClosesWithoutWaitingForItsChildrenAndTheSeedReplaysIt() {
        long found = -1;
        List<String> first = null;
        for (long seed = 0; seed < SEEDS && found < 0; seed++) {
            List<String> v = run(seed);
            if (!v.isEmpty()) {
                found = seed;
                first = v;
            }
        }
        assertThat(found).as("a seed among %d shows the broken close", SEEDS).isNotNegative();
        System.out.println("broken scope close: seed " + found + " shows " + first);
        assertThat(first).anyMatch(s -> s.contains("after scope"));
        assertThat(run(found)).as("seed %d again", found).isEqualTo(first);
    }

    private static List<String> run(long seed) {
        try (SimRuntime sim = SimRuntime.builder(seed).failOnUncaught(false).build()) {
            ScopeTree tree = ScopeTree.draw(sim.random());
            ScopeTreeRun run = new ScopeTreeRun(true);
            Throwable rootFailure = null;
            try {
                sim.run(run.run(tree));
            } catch (Exception e) { // run rethrows what the root threw, as it is
                rootFailure = e;
            }
            return ScopeTreeChecks.violations(tree, run, rootFailure, sim.uncaughtFailures());
        }
    }
}
