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

/**
 * Linearizability of the local run queue: the owner pushes and pops while a stealer steals half into
 * its own queue, by model checking and by stress. The sequential specification is the queue itself
 * run sequentially. The capacity (8) is larger than the number of pushes in a scenario, so overflow
 * (whose target depends on an in-flight steal) is covered by {@link LocalQueueTest} instead.
 */
class LocalQueueLincheckTest {

    /** The operations Lincheck calls: push/pop by the owner thread, steal by one stealer thread. */
    @Param(name = "v", gen = IntGen.class, conf = "1:9")
    public static class Ops {
        private final LocalQueue<Node> queue = new LocalQueue<>(8);
        private final InjectQueue<Node> overflow = new InjectQueue<>();
        private final LocalQueue<Node> stealerQueue = new LocalQueue<>(8);

        @Operation(nonParallelGroup = "owner")
        public void push(@Param(name = "v") int v) {
            queue.pushBack(new Node(v), overflow);
        }

        @Operation(nonParallelGroup = "owner")
        public Integer pop() {
            Node n = queue.pop();
            return n == null ? null : n.v;
        }

        /** @return the stolen values, the one returned first, then the rest in queue order */
        @Operation(nonParallelGroup = "stealer")
        public String steal() {
            Node first = queue.stealInto(stealerQueue);
            if (first == null) return "";
            StringBuilder sb = new StringBuilder().append(first.v);
            for (Node n; (n = stealerQueue.pop()) != null; ) sb.append(',').append(n.v);
            return sb.toString();
        }
    }

    /**
     * A ring whose pop and steal read and then write the head without a CAS: must be caught.
     */
    @Param(name = "v", gen = IntGen.class, conf = "1:9")
    public static class BrokenOps {
        private final int[] ring = new int[8];
        private volatile int head;
        private volatile int tail;

        @Operation(nonParallelGroup = "owner")
        public void push(@Param(name = "v") int v) {
            ring[tail & 7] = v;
            tail = tail + 1;
        }

        @Operation(nonParallelGroup = "owner")
        public Integer pop() {
            int h = head;
            if (h == tail) return null;
            int v = ring[h & 7];
            head = h + 1;
            return v;
        }

        @Operation(nonParallelGroup = "stealer")
        public String steal() {
            int h = head;
            int n = tail - h;
            n -= n / 2;
            if (n <= 0) return "";
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < n; i++) sb.append(i == 0 ? "" : ",").append(ring[(h + i) & 7]);
            head = h + n;
            return sb.toString();
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
    void modelCheckingCatchesARacyQueue() {
        LincheckAssertionError e = assertThrows(LincheckAssertionError.class,
                () -> Lincheck.check(BrokenOps.class, LincheckRun.modelChecking().minimizeFailedScenario(false)));
        assertTrue(e.getMessage().contains("Invalid execution results"), e.getMessage());
    }
}
