package dev.weft.net.tls.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testkit.Lincheck;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The record buffer pool never hands one buffer to two holders at once: each operation takes a
 * buffer, holds it (noting it in a set of held buffers), and gives it back, answering whether
 * another holder had it. Sequentially that is never so, so any interleaving that answers
 * {@code true} is caught. One slot, so that every thread contends for it.
 */
class RecordBufferPoolLincheckTest {

    /** The buffers held now, by identity, and whether taking {@code b} found it held already. */
    static final class Holders {
        private final Set<ByteBuffer> held = Collections.newSetFromMap(new IdentityHashMap<>());

        synchronized boolean hold(ByteBuffer b) {
            return !held.add(b);
        }

        synchronized void release(ByteBuffer b) {
            held.remove(b);
        }
    }

    /** The operations Lincheck calls, from any thread. */
    public static class Ops {
        private final RecordBufferPool pool = new RecordBufferPool(1);
        private final Holders holders = new Holders();

        @Operation
        public boolean takeHoldGive() {
            ByteBuffer b = pool.take(8);
            boolean clash = holders.hold(b);
            holders.release(b);
            pool.give(b);
            return clash;
        }
    }

    /** A one-slot pool whose take leaves the buffer in the slot: must be caught. */
    public static class BrokenOps {
        private final AtomicReference<ByteBuffer> slot = new AtomicReference<>();
        private final Holders holders = new Holders();

        @Operation
        public boolean takeHoldGive() {
            ByteBuffer b = slot.get();
            if (b == null) b = ByteBuffer.allocate(8);
            boolean clash = holders.hold(b);
            holders.release(b);
            slot.compareAndSet(null, b);
            return clash;
        }
    }

    private static ModelCheckingOptions options() {
        return new ModelCheckingOptions()
                .iterations(Boolean.getBoolean("weft.stress") ? 100 : 10)
                .invocationsPerIteration(Boolean.getBoolean("weft.stress") ? 2_000 : 200)
                .threads(3)
                .actorsPerThread(2)
                .actorsBefore(1)
                .actorsAfter(1);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.check(Ops.class, options());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelCheckingCatchesATakeThatLeavesTheBufferInItsSlot() {
        LincheckAssertionError e = assertThrows(LincheckAssertionError.class,
                () -> Lincheck.check(BrokenOps.class, options().minimizeFailedScenario(false)));
        assertTrue(e.getMessage().contains("Invalid execution results"), e.getMessage());
    }
}
