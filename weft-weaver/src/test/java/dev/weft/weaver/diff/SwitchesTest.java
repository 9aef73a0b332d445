package dev.weft.weaver.diff;

import dev.weft.weaver.diff.bodies.Switches;
import dev.weft.weaver.testkit.Differential;
import dev.weft.weaver.testkit.DifferentialTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Differential tests of switch statements and expressions around awaits: woven, stackful and
 * blocking runs of each body of {@link Switches} agree.
 */
@Timeout(120)
class SwitchesTest extends DifferentialTestBase {
    @Test
    void oldStyleSwitchOnIntWithAwaitsInSelectorAndCasesAndFallThrough() {
        diff.check(Switches.class, "switchStatementOnIntWithFallThrough");
    }

    @Test
    void arrowSwitchOnAnAwaitedString() {
        diff.check(Switches.class, "switchStatementOnString");
    }

    @Test
    void switchStatementAndExpressionOnAnAwaitedEnum() {
        diff.check(Switches.class, "switchOnEnum");
    }

    @Test
    void switchExpressionsYieldFromBlocksThatAwait() {
        diff.check(Switches.class, "switchExpressionsWithYield");
    }

    @Test
    void patternSwitchOnASealedTypeWithAnAwaitInAGuard() {
        diff.check(Switches.class, "patternSwitchOnSealedTypeWithAwaitInGuard");
    }

    @Test
    void instanceofPatternBindingsSurviveAwaits() {
        diff.check(Switches.class, "instanceofPatternsAcrossAwaits");
    }

    @Test
    void recordPatternsInSwitchAndInstanceofAroundAwaits() {
        diff.check(Switches.class, "recordPatternsAcrossAwaits");
    }
}
