package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import dev.weft.testkit.Lincheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of trySend / tryRecv / close / size for bounded and unbounded channels, under
 * Lincheck's model checker and its stress strategy; the sequential specification is the channel
 * itself run sequentially. {@link #theCheckerCatchesARacyChannel()} shows the checker fails on a
 * channel whose capacity check races.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ChannelLincheckTest {

    /** The operations, over whatever channel a subclass makes. */
    @Param(name = "v", gen = IntGen.class, conf = "1:4")
    public abstract static class Ops {
        private final Sender<Integer> tx;
        private final Receiver<Integer> rx;

        Ops(Channel<Integer> ch) {
            this.tx = ch.sender();
            this.rx = ch.receiver();
        }

        @Operation
        public String trySend(@Param(name = "v") int v) {
            try {
                return tx.trySend(v) ? "sent" : "full";
            } catch (ChannelClosedException e) {
                return "closed:" + e.unsent();
            }
        }

        @Operation
        public String tryRecv() {
            try {
                Integer v = rx.tryRecv();
                return v == null ? "empty" : "got:" + v;
            } catch (ChannelClosedException e) {
                return "closed";
            }
        }

        @Operation
        public boolean close() {
            return tx.closeChannel();
        }

        @Operation
        public int size() {
            return rx.size();
        }
    }

    /** Bounded(2). */
    public static final class Bounded extends Ops {
        public Bounded() {
            super(Channel.bounded(2));
        }
    }

    /** Unbounded. */
    public static final class Unbounded extends Ops {
        public Unbounded() {
            super(Channel.unbounded());
        }
    }

    /** A deliberately broken bounded(1) channel: checks the capacity outside the lock. */
    @Param(name = "v", gen = IntGen.class, conf = "1:4")
    public static final class Racy {
        private final ArrayDeque<Integer> queue = new ArrayDeque<>();
        private volatile int size;

        @Operation
        public String trySend(@Param(name = "v") int v) {
            if (size >= 1) return "full";
            synchronized (this) {
                queue.add(v);
                size = queue.size();
            }
            return "sent";
        }

        @Operation
        public synchronized String tryRecv() {
            Integer v = queue.poll();
            size = queue.size();
            return v == null ? "empty" : "got:" + v;
        }
    }

    static ModelCheckingOptions modelChecking() {
        return new ModelCheckingOptions().threads(3).actorsPerThread(2).actorsBefore(1).actorsAfter(1)
                .iterations(Stress.scale(5)).invocationsPerIteration(Stress.scale(100));
    }

    static StressOptions stress() {
        return new StressOptions().threads(3).actorsPerThread(3).actorsBefore(3).actorsAfter(1)
                .iterations(Stress.scale(10)).invocationsPerIteration(Stress.scale(1_000));
    }

    @Test
    void boundedIsLinearizableUnderModelChecking() {
        Lincheck.check(Bounded.class, modelChecking());
    }

    @Test
    void boundedIsLinearizableUnderStress() {
        Lincheck.check(Bounded.class, stress());
    }

    @Test
    void unboundedIsLinearizableUnderModelChecking() {
        Lincheck.check(Unbounded.class, modelChecking());
    }

    @Test
    void unboundedIsLinearizableUnderStress() {
        Lincheck.check(Unbounded.class, stress());
    }

    @Test
    void theCheckerCatchesARacyChannel() {
        assertThatThrownBy(() -> Lincheck.check(Racy.class, modelChecking().minimizeFailedScenario(false)))
                .isInstanceOf(LincheckAssertionError.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("Unsupported class file major version"));
    }
}
