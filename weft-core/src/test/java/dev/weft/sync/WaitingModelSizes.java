package dev.weft.sync;

import dev.weft.testkit.Lincheck;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;

/**
 * The sizes of the Lincheck models of waiting protocols ({@link EventLincheckTest},
 * {@link MutexLincheckTest}): 3 threads of 3 operations after 2 sequential ones; model checking
 * 30 scenarios x 50 interleavings, stress 20 x 1,000, each times 20 with {@code -Dweft.stress=true}.
 *
 * {@snippet :
 * Lincheck.check(Real.class, WaitingModelSizes.modelChecking());
 * }
 */
final class WaitingModelSizes {
    private WaitingModelSizes() {}

    static ModelCheckingOptions modelChecking() {
        return Lincheck.modelCheckingPolls().threads(3).actorsPerThread(3).actorsBefore(2).actorsAfter(0)
                .iterations(Stress.scale(30)).invocationsPerIteration(Stress.scale(50));
    }

    static StressOptions stress() {
        return new StressOptions().threads(3).actorsPerThread(3).actorsBefore(2).actorsAfter(0)
                .iterations(Stress.scale(20)).invocationsPerIteration(Stress.scale(1_000));
    }
}
