package dev.weft.weaver.diff;

import dev.weft.weaver.diff.bodies.Combinators;
import dev.weft.weaver.testkit.Differential;
import dev.weft.weaver.testkit.DifferentialTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Differential tests of async bodies as children of combinators and tasks: woven, stackful and
 * blocking runs of each body of {@link Combinators} agree.
 */
@Timeout(120)
class CombinatorsTest extends DifferentialTestBase {
    @Test
    void raceCancelsTheLosingAsyncBodyWhichUnwindsOnce() {
        diff.check(Combinators.class, "raceCancelsTheLosingAsyncBody");
    }

    @Test
    void joinAllOfAsyncBodiesGivesEveryOutputInOrder() {
        diff.check(Combinators.class, "joinAllOfAsyncBodies");
    }

    @Test
    void aFailingAsyncBodyInJoinAllCancelsItsSuspendedSibling() {
        diff.check(Combinators.class, "joinAllFailsFastAndCancelsTheOthers");
    }

    @Test
    void spawnedAsyncBodiesAreAwaitedThroughTheirTasks() {
        diff.check(Combinators.class, "spawnedAsyncBodiesAreAwaitedThroughTheirTasks");
    }
}
