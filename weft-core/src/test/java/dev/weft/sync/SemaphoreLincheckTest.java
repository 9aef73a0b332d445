package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import dev.weft.testkit.Lincheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of the semaphore's tryAcquire / release / availablePermits under model checking
 * and stress; {@link #theCheckerCatchesARacySemaphore()} shows the checker fails on a semaphore
 * whose check and take are two steps.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SemaphoreLincheckTest {

    /** The real semaphore with 2 permits. */
    @Param(name = "n", gen = IntGen.class, conf = "1:2")
    public static final class Real {
        private final Semaphore s = new Semaphore(2);

        @Operation
        public boolean tryAcquire(@Param(name = "n") int n) {
            return s.tryAcquire(n);
        }

        @Operation
        public void release(@Param(name = "n") int n) {
            s.release(n);
        }

        @Operation
        public int available() {
            return s.availablePermits();
        }
    }

    /** A deliberately broken semaphore: reads, then writes, the permit count. */
    @Param(name = "n", gen = IntGen.class, conf = "1:2")
    public static final class Racy {
        private volatile int permits = 2;

        @Operation
        public boolean tryAcquire(@Param(name = "n") int n) {
            int p = permits;
            if (p < n) return false;
            permits = p - n;
            return true;
        }

        @Operation
        public synchronized void release(@Param(name = "n") int n) {
            permits += n;
        }

        @Operation
        public int available() {
            return permits;
        }
    }

    @Test
    void semaphoreIsLinearizableUnderModelChecking() {
        Lincheck.check(Real.class, ChannelLincheckTest.modelChecking());
    }

    @Test
    void semaphoreIsLinearizableUnderStress() {
        Lincheck.check(Real.class, ChannelLincheckTest.stress());
    }

    @Test
    void theCheckerCatchesARacySemaphore() {
        assertThatThrownBy(() -> Lincheck.check(Racy.class, ChannelLincheckTest.modelChecking().minimizeFailedScenario(false)))
                .isInstanceOf(LincheckAssertionError.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("Unsupported class file major version"));
    }
}
