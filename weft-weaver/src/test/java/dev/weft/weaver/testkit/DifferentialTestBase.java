package dev.weft.weaver.testkit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The lifecycle every differential test class shares: one {@link Differential} (with its runtime)
 * for all the tests of the class, closed after them.
 *
 * {@snippet :
 * class LoopsTest extends DifferentialTestBase {
 *     @Test void loopsAgree() { diff.check(Loops.class, "forWithBreakAndContinue"); }
 * }
 * }
 */
public abstract class DifferentialTestBase {
    /** The harness of the running test class. */
    protected static Differential diff;

    /** For subclasses. */
    protected DifferentialTestBase() {}

    @BeforeAll
    static void startDifferential() {
        diff = new Differential();
    }

    @AfterAll
    static void stopDifferential() {
        diff.close();
    }
}
