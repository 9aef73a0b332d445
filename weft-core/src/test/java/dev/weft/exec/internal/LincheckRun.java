package dev.weft.exec.internal;

import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;

/** The Lincheck sizes of the default suite for the executor's queues ({@code -Dweft.stress=true}: larger). */
final class LincheckRun {
    private LincheckRun() {}

    static ModelCheckingOptions modelChecking() {
        return new ModelCheckingOptions()
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 8)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 2_000 : 100)
                .threads(2)
                .actorsPerThread(3)
                .actorsBefore(2)
                .actorsAfter(1);
    }

    static StressOptions stress() {
        return new StressOptions()
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 6)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 10_000 : 200)
                .threads(2)
                .actorsPerThread(3)
                .actorsBefore(2)
                .actorsAfter(1);
    }
}
