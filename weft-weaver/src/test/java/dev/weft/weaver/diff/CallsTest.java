package dev.weft.weaver.diff;

import dev.weft.weaver.diff.bodies.Calls;
import dev.weft.weaver.testkit.Differential;
import dev.weft.weaver.testkit.DifferentialTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Differential tests of awaits among the operands of calls, constructors and array creations:
 * woven, stackful and blocking runs of each body of {@link Calls} agree.
 */
@Timeout(120)
class CallsTest extends DifferentialTestBase {
    @Test
    void awaitsInAnArgumentListEvaluateLeftToRight() {
        diff.check(Calls.class, "awaitsInArgumentListEvaluateLeftToRight");
    }

    @Test
    void awaitAsTheOnlyConstructorArgument() {
        diff.check(Calls.class, "awaitAsTheConstructorArgument");
    }

    @Test
    void awaitBetweenOtherConstructorArgumentsKeepsTheNewObjectAndArguments() {
        diff.check(Calls.class, "awaitAmongConstructorArguments");
    }

    @Test
    void awaitInsideNestedConstructorCalls() {
        diff.check(Calls.class, "nestedConstructorsAroundAwait");
    }

    @Test
    void awaitedReceiverAndAwaitsInArrayInitializers() {
        diff.check(Calls.class, "awaitedReceiverAndArrayInitializers");
    }

    @Test
    void wideAndNarrowPrimitiveArgumentsWaitOnTheStackAcrossAwaits() {
        diff.check(Calls.class, "wideAndNarrowArgumentsAroundAwaits");
    }

    @Test
    void chainedCallsWithAwaitedArguments() {
        diff.check(Calls.class, "chainedCallsWithAwaitedArguments");
    }
}
