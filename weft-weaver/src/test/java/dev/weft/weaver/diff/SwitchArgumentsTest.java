package dev.weft.weaver.diff;

import dev.weft.weaver.diff.bodies.SwitchArguments;
import dev.weft.weaver.testkit.DifferentialTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Differential tests of constructor arguments that are switch expressions with awaiting
 * {@code try} arms ({@link SwitchArguments}): the uninitialized objects sit in locals at the
 * awaits. Regression: the weaver failed on such bodies with "Cannot pop operand off an empty
 * stack" (it expected every {@code NEW} on the operand stack, followed by {@code DUP}).
 */
@Timeout(120)
class SwitchArgumentsTest extends DifferentialTestBase {
    @Test
    void aSwitchWithAnAwaitingTryArmAsAConstructorArgument() {
        diff.check(SwitchArguments.class, "switchWithAwaitingTryArmAsConstructorArgument");
    }

    @Test
    void aFailingAwaitInTheTryArmIsCaughtAndTheObjectIsStillMadeWithItsOtherArguments() {
        diff.check(SwitchArguments.class, "failingAwaitInTheTryArmIsCaughtAndTheObjectStillMade");
    }

    @Test
    void nestedNewsAroundSwitchesWithTryArms() {
        diff.check(SwitchArguments.class, "nestedNewsAroundSwitchesWithTryArms");
    }
}
