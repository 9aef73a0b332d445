package dev.weft.weaver.diff;

import dev.weft.weaver.diff.bodies.ClassInits;
import dev.weft.weaver.testkit.DifferentialTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Differential tests of class initialization around {@code new} with awaited arguments: each run
 * of each body of {@link ClassInits} loads the class afresh, so the logs compare when each static
 * initializer runs. Regression: the weaver moved {@code NEW T} to just before the constructor
 * call, so {@code T} was initialized after the arguments were evaluated (and a failing
 * initializer let the arguments run first).
 */
@Timeout(120)
class ClassInitsTest extends DifferentialTestBase {
    @Test
    void newInitializesItsClassBeforeItsArgumentsAreEvaluated() {
        diff.checkFresh(ClassInits.class, "newInitializesItsClassBeforeItsArguments");
    }

    @Test
    void nestedNewsInitializeTheOuterClassThenTheInnerThenEvaluateArguments() {
        diff.checkFresh(ClassInits.class, "nestedNewsInitializeOuterClassFirst");
    }

    @Test
    void aFailingInitializerStopsTheNewBeforeItsArgumentsAndASecondNewGetsNoClassDefFoundError() {
        diff.checkFresh(ClassInits.class, "aFailingInitializerStopsTheNewBeforeItsArguments");
    }
}
