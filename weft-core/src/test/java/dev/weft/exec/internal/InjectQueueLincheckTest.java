package dev.weft.exec.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import dev.weft.testkit.Lincheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Linearizability of the global injection queue: push, push of a batch and pop from any thread. */
class InjectQueueLincheckTest {

    /** The operations Lincheck calls, from any thread. */
    @Param(name = "v", gen = IntGen.class, conf = "1:9")
    public static class Ops {
        private final InjectQueue<Node> queue = new InjectQueue<>();

        @Operation
        public void push(@Param(name = "v") int v) {
            queue.push(new Node(v));
        }

        @Operation
        public void pushTwo(@Param(name = "v") int v) {
            Object[] batch = {new Node(v)};
            queue.pushBatch(batch, 0, 0, 1, new Node(v + 10));
        }

        @Operation
        public Integer pop() {
            Node n = queue.pop();
            return n == null ? null : n.v;
        }
    }

    /** A ring queue without its lock: must be caught. */
    @Param(name = "v", gen = IntGen.class, conf = "1:9")
    public static class BrokenOps {
        private final int[] ring = new int[64];
        private int head;
        private int len;

        @Operation
        public void push(@Param(name = "v") int v) {
            ring[(head + len) & 63] = v;
            len = len + 1;
        }

        @Operation
        public Integer pop() {
            if (len == 0) return null;
            int v = ring[head];
            head = (head + 1) & 63;
            len = len - 1;
            return v;
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.check(Ops.class, LincheckRun.modelChecking());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.check(Ops.class, LincheckRun.stress());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelCheckingCatchesAnUnlockedQueue() {
        LincheckAssertionError e = assertThrows(LincheckAssertionError.class,
                () -> Lincheck.check(BrokenOps.class, LincheckRun.modelChecking().minimizeFailedScenario(false)));
        assertTrue(e.getMessage().contains("Invalid execution results"), e.getMessage());
    }
}
