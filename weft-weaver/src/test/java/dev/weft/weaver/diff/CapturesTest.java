package dev.weft.weaver.diff;

import dev.weft.weaver.diff.bodies.Captures;
import dev.weft.weaver.testkit.Differential;
import dev.weft.weaver.testkit.DifferentialTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Differential tests of captures, this, generic methods, recursion and nested async bodies:
 * woven, stackful and blocking runs of each body of {@link Captures} agree.
 */
@Timeout(120)
class CapturesTest extends DifferentialTestBase {
    @Test
    void capturedLocalsOfMixedTypesAreKept() {
        diff.check(Captures.class, "capturedLocalsOfMixedTypes");
    }

    @Test
    void instanceBodyReadsAndWritesFieldsOfThis() {
        diff.check(Captures.class, "instanceBodyUsesFieldsOfThis");
    }

    @Test
    void genericMethodsAreWovenAndAwaited() {
        diff.check(Captures.class, "genericMethodsAreWovenAndAwaited");
    }

    @Test
    void recursionThroughAsyncComputesFib() {
        diff.check(Captures.class, "recursionThroughAsync");
    }

    @Test
    void asyncBodiesInsideAnAsyncBodyAreWovenToo() {
        diff.check(Captures.class, "asyncInsideAsyncBody");
    }

    @Test
    void sameClassMethodReferenceToAnAwaitingMethodIsWoven() {
        diff.check(Captures.class, "methodReferenceToAnAwaitingInstanceMethod");
    }

    @Test
    void asyncBodiesInInterfaceDefaultAndStaticMethods() {
        diff.check(Captures.class, "asyncBodiesInInterfaceMethods");
    }

    @Test
    void innerClassBodyUsesPrivateFieldsOfTheOuterInstance() {
        diff.check(Captures.class, "innerClassBodyUsesTheOuterInstance");
    }
}
