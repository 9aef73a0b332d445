package dev.weft.weaver.diff;

import dev.weft.weaver.diff.bodies.Scopes;
import dev.weft.weaver.testkit.DifferentialTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Differential tests of task scopes: woven (the weaver makes the scope's close an await), stackful
 * and blocking runs of each body of {@link Scopes} give the same result and log.
 */
@Timeout(120)
class ScopesTest extends DifferentialTestBase {
    @Test
    void allInOrderGivesEveryOutputAndTheCloseAfterTheJoinWaitsForNothing() {
        diff.check(Scopes.class, "allInOrderJoinedAndClosed");
    }

    @Test
    void theFirstFailureCancelsTheOthersAndIsThrownOnceEveryChildEnded() {
        diff.check(Scopes.class, "failFastCancelsTheOthers");
    }

    @Test
    void anExceptionLeavingTheBlockCancelsTheChildrenAndTheCloseWaitsForThem() {
        diff.check(Scopes.class, "anExceptionInTheBlockCancelsAndWaits");
    }

    @Test
    void aDeadlineEndsInTimeoutExceptionAndNestedScopesKeepTheEarlierOne() {
        diff.check(Scopes.class, "aDeadlineEndsInTimeoutException");
    }

    @Test
    void aSupervisorLetsTheOthersRunAndJoinGivesTheFailures() {
        diff.check(Scopes.class, "supervisorCollectsFailures");
    }

    @Test
    void aCloseReachedWhileTheOwnerIsCancelledStillWaitsForTheChildren() {
        diff.check(Scopes.class, "closeWaitsWhileTheOwnerUnwinds");
    }
}
