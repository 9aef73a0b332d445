package dev.weft.weaver.diff;

import dev.weft.weaver.diff.bodies.Exceptions;
import dev.weft.weaver.testkit.Differential;
import dev.weft.weaver.testkit.DifferentialTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Differential tests of try/catch/finally and try-with-resources around awaits: woven, stackful
 * and blocking runs of each body of {@link Exceptions} agree.
 */
@Timeout(120)
class ExceptionsTest extends DifferentialTestBase {
    @Test
    void uncheckedFailureOfAnAwaitedFutureIsCaughtThenFinallyRuns() {
        diff.check(Exceptions.class, "uncheckedFailureOfAwaitedFutureIsCaught");
    }

    @Test
    void checkedFailureOfAnAwaitedFutureIsCaughtByItsType() {
        diff.check(Exceptions.class, "checkedFailureOfAwaitedFutureIsCaughtByItsType");
    }

    @Test
    void exceptionThrownAfterAnAwaitRunsFinallyBlocksInnermostFirst() {
        diff.check(Exceptions.class, "throwAfterAwaitRunsFinallyBlocksInnermostFirst");
    }

    @Test
    void checkedExceptionThrownAfterAnAwaitCompletesTheFutureWithIt() {
        diff.check(Exceptions.class, "checkedThrowAfterAwaitEscapesTheBody");
    }

    @Test
    void exceptionThrownInFinallyAfterAnAwaitReplacesTheOneInFlight() {
        diff.check(Exceptions.class, "exceptionThrownInFinallyReplacesTheFirst");
    }

    @Test
    void tryWithResourcesClosesInReverseOrderBeforeCatchAndFinally() {
        diff.check(Exceptions.class, "tryWithResourcesClosesInReverseOrderAroundAwaits");
    }

    @Test
    void tryWithResourcesOpenedFromAnAwaitClosesWhenAnAwaitedFutureFails() {
        diff.check(Exceptions.class, "tryWithResourcesOpenedFromAwaitedNameClosesOnAwaitedFailure");
    }

    @Test
    void valueReturnedInsideTrySurvivesAnAwaitInFinally() {
        diff.check(Exceptions.class, "returnInsideTryWithAwaitInFinally");
    }

    @Test
    void catchThatAwaitsThenRethrowsKeepsTheCause() {
        diff.check(Exceptions.class, "catchAwaitsThenRethrowsWithCause");
    }

    @Test
    void tryCatchFinallyInALoopWithContinueRunsEveryFinallyOnce() {
        diff.check(Exceptions.class, "tryCatchFinallyInsideLoopWithContinue");
    }
}
