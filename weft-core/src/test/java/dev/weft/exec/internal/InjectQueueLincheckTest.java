package dev.weft.exec.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
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
            Node a = new Node(v);
            Node b = new Node(v + 10);
            a.next(b);
            queue.pushBatch(a, b, 2);
        }

        @Operation
        public Integer pop() {
            Node n = queue.pop();
            return n == null ? null : n.v;
        }
    }

    /** A linked queue without its lock: must be caught. */
    @Param(name = "v", gen = IntGen.class, conf = "1:9")
    public static class BrokenOps {
        private Node head;
        private Node tail;

        @Operation
        public void push(@Param(name = "v") int v) {
            Node n = new Node(v);
            if (tail == null) head = n;
            else tail.next(n);
            tail = n;
        }

        @Operation
        public Integer pop() {
            Node n = head;
            if (n == null) return null;
            head = n.next();
            if (head == null) tail = null;
            return n.v;
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        LincheckRun.check(Ops.class, LincheckRun.modelChecking());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        LincheckRun.check(Ops.class, LincheckRun.stress());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelCheckingCatchesAnUnlockedQueue() {
        LincheckAssertionError e = assertThrows(LincheckAssertionError.class,
                () -> LincheckRun.check(BrokenOps.class, LincheckRun.modelChecking().minimizeFailedScenario(false)));
        assertTrue(e.getMessage().contains("Invalid execution results"), e.getMessage());
    }
}
