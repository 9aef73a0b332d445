package dev.weft.weaver.diff;

import dev.weft.weaver.diff.bodies.Loops;
import dev.weft.weaver.testkit.Differential;
import dev.weft.weaver.testkit.DifferentialTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Differential tests of loops around awaits: woven, stackful and blocking runs of each body of
 * {@link Loops} agree.
 */
@Timeout(120)
class LoopsTest extends DifferentialTestBase {
    @Test
    void aLocalDeadAtTheLoopHeaderButLiveAfterTheLoopSurvivesResumesThroughTheHeader() {
        diff.check(Loops.class, "localDeadAtLoopHeaderLiveAfter");
    }

    @Test
    void breakAndContinueInAForLoopLeaveAfterAwaits() {
        diff.check(Loops.class, "forWithBreakAndContinue");
    }

    @Test
    void awaitsInWhileAndDoWhileConditionsDecideTheLoops() {
        diff.check(Loops.class, "whileAndDoWhileWithAwaitInCondition");
    }

    @Test
    void labelledBreakAndContinueLeaveNestedLoopsAcrossAwaits() {
        diff.check(Loops.class, "labelledBreakAndContinueAcrossNestedLoops");
    }

    @Test
    void enhancedForKeepsItsHiddenIteratorArrayAndIndexAcrossAwaits() {
        diff.check(Loops.class, "enhancedForOverListAndArray");
    }

    @Test
    void awaitsInForInitializerConditionAndUpdateRunInOrder() {
        diff.check(Loops.class, "awaitsInForHeader");
    }

    @Test
    void yieldsInALoopATryAndATernaryRunAsAwaitsOfYieldNow() {
        diff.check(Loops.class, "yieldsInLoopTryAndTernary");
    }
}
