package dev.weft.weaver.diff;

import dev.weft.weaver.diff.bodies.Values;
import dev.weft.weaver.testkit.Differential;
import dev.weft.weaver.testkit.DifferentialTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Differential tests of values kept across awaits: woven, stackful and blocking runs of each body
 * of {@link Values} agree.
 */
@Timeout(120)
class ValuesTest extends DifferentialTestBase {
    @Test
    void ternariesWithAwaitsInConditionAndBranches() {
        diff.check(Values.class, "ternariesWithAwaitsInConditionAndBranches");
    }

    @Test
    void stringConcatenationOfAwaitedValues() {
        diff.check(Values.class, "stringConcatenationWithAwaits");
    }

    @Test
    void compoundAssignmentsToLocalsArrayElementsAndFieldsAwaitOnTheRight() {
        diff.check(Values.class, "compoundAssignmentsToLocalsArrayElementsAndFields");
    }

    @Test
    void localsOfEveryPrimitiveTypeSurviveAwaits() {
        diff.check(Values.class, "primitiveLocalsLiveAcrossAwaits");
    }

    @Test
    void primitiveOperandsOnTheStackSurviveAwaits() {
        diff.check(Values.class, "primitivesOnTheOperandStackAcrossAwaits");
    }

    @Test
    void twentyFourLiveLocalsSurviveAwaits() {
        diff.check(Values.class, "manyLiveLocals");
    }

    @Test
    void incrementsAroundAwaitsHappenOnceInOrder() {
        diff.check(Values.class, "incrementsAroundAwaits");
    }

    @Test
    void nullLocalsAndNullOperandsSurviveAwaits() {
        diff.check(Values.class, "nullLocalsAndOperandsAcrossAwaits");
    }

    @Test
    void localsWhoseTypeMergesTwoClassesSurviveAwaits() {
        diff.check(Values.class, "mergedReferenceTypesAcrossAwaits");
    }
}
