package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import dev.weft.testkit.Lincheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of the lock-free {@link BoundedRing} itself (offer / poll / close / size) at
 * capacities 1 and 3 (3: positions wrap inside a lap that is not a power of two), under the model
 * checker (the stress strategy runs the ring through {@link ChannelLincheckTest.Bounded}). {@link #theCheckerCatchesARingWithoutItsCas()} runs the same
 * checker on a copy of the ring whose offer claims its slot with a read and a write instead of a
 * CAS, and expects a failure: the checker interleaves at the ring's VarHandle accesses.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BoundedRingLincheckTest {

    private static String answer(Object r) {
        if (r == MessageQueue.SENT) return "sent";
        if (r == MessageQueue.NOT_NOW) return "not-now";
        if (r == MessageQueue.CLOSED) return "closed";
        return "got:" + r;
    }

    /** The operations over a ring a subclass makes. */
    @Param(name = "v", gen = IntGen.class, conf = "1:4")
    public abstract static class Ops {
        private final BoundedRing<Integer> ring;

        Ops(int capacity) {
            ring = new BoundedRing<>(capacity);
        }

        @Operation
        public String offer(@Param(name = "v") int v) {
            return answer(ring.offer(v));
        }

        @Operation
        public String poll() {
            return answer(ring.poll());
        }

        @Operation
        public boolean close() {
            return ring.close();
        }

        @Operation
        public int size() {
            return ring.size();
        }
    }

    /** Capacity 1 (W3's channels). */
    public static final class One extends Ops {
        public One() {
            super(1);
        }
    }

    /** Capacity 3. */
    public static final class Three extends Ops {
        public Three() {
            super(3);
        }
    }

    /**
     * A broken copy of the ring's offer/poll at capacity 1: offer reads the tail and then writes
     * it, so two offers can claim the same slot (one message overwrites the other).
     */
    @Param(name = "v", gen = IntGen.class, conf = "1:4")
    public static final class RingWithoutCas {
        private static final VarHandle STAMP = MethodHandles.arrayElementVarHandle(long[].class);
        private final long[] stamps = {0};
        private final Object[] values = new Object[1];
        private volatile long head;
        private volatile long tail;

        @Operation
        public String offer(@Param(name = "v") int v) {
            long t = tail;
            long stamp = (long) STAMP.getAcquire(stamps, 0);
            if (stamp != t) return "not-now";
            tail = t + 4;
            values[0] = v;
            STAMP.setRelease(stamps, 0, t + 1);
            return "sent";
        }

        @Operation
        public String poll() {
            while (true) {
                long h = head;
                long stamp = (long) STAMP.getAcquire(stamps, 0);
                if (stamp == h + 1) {
                    head = h + 4;
                    Object m = values[0];
                    STAMP.setRelease(stamps, 0, h + 4);
                    return "got:" + m;
                }
                if (stamp == h && tail == h) return "not-now";
                Thread.onSpinWait();
            }
        }
    }

    @Test
    void capacityOneIsLinearizableUnderModelChecking() {
        Lincheck.check(One.class, ChannelLincheckTest.modelChecking());
    }

    @Test
    void capacityThreeIsLinearizableUnderModelChecking() {
        Lincheck.check(Three.class, ChannelLincheckTest.modelChecking());
    }

    @Test
    void theCheckerCatchesARingWithoutItsCas() {
        assertThatThrownBy(() -> Lincheck.check(RingWithoutCas.class,
                        ChannelLincheckTest.modelChecking().minimizeFailedScenario(false)))
                .isInstanceOf(LincheckAssertionError.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("Unsupported class file major version"));
    }
}
