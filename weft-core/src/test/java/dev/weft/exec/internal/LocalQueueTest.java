package dev.weft.exec.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sequential edges of the local queue and the injection queue: overflow, batches, wrap-around. */
class LocalQueueTest {

    private static List<Integer> drain(LocalQueue<Node> q) {
        List<Integer> out = new ArrayList<>();
        for (Node n; (n = q.pop()) != null; ) out.add(n.v);
        return out;
    }

    private static List<Integer> drain(InjectQueue<Node> q) {
        List<Integer> out = new ArrayList<>();
        for (Node n; (n = q.pop()) != null; ) out.add(n.v);
        return out;
    }

    @Test
    void elementsThatLeftTheRingArePoppedStolenOrMovedAndNotKeptReachable() throws Exception {
        LocalQueue<Node> q = new LocalQueue<>(8);
        LocalQueue<Node> dst = new LocalQueue<>(8);
        InjectQueue<Node> inject = new InjectQueue<>();
        List<java.lang.ref.WeakReference<Node>> gone = new ArrayList<>();
        for (int i = 1; i <= 9; i++) { // the ninth push overflows: 1..4 and 9 move to the injection queue
            Node n = new Node(i);
            gone.add(new java.lang.ref.WeakReference<>(n));
            q.pushBack(n, inject);
        }
        assertEquals(List.of(1, 2, 3, 4, 9), drain(inject));
        assertEquals(5, q.pop().v);
        assertEquals(7, q.stealInto(dst).v); // steals 6 and 7 (half of 6, 7, 8, rounded up)
        assertEquals(List.of(6), drain(dst));
        assertEquals(List.of(8), drain(q));
        // Nothing refers to the nodes any more but, without clearing, the rings' stale slots.
        for (int round = 0; round < 50 && gone.stream().anyMatch(r -> r.get() != null); round++) {
            System.gc();
            Thread.sleep(10);
        }
        for (int i = 0; i < gone.size(); i++) assertNull(gone.get(i).get(), "node " + (i + 1) + " still reachable");
    }

    @Test
    void fullQueueMovesTheOlderHalfAndTheNewElementToTheInjectionQueue() {
        LocalQueue<Node> q = new LocalQueue<>(4);
        InjectQueue<Node> inject = new InjectQueue<>();
        for (int i = 1; i <= 5; i++) q.pushBack(new Node(i), inject);
        assertEquals(List.of(1, 2, 5), drain(inject));
        assertEquals(List.of(3, 4), drain(q));
        assertEquals(0, inject.len());
    }

    @Test
    void stealTakesHalfRoundedUpAndReturnsTheLastStolen() {
        LocalQueue<Node> q = new LocalQueue<>(8);
        LocalQueue<Node> dst = new LocalQueue<>(8);
        InjectQueue<Node> inject = new InjectQueue<>();
        for (int i = 1; i <= 5; i++) q.pushBack(new Node(i), inject);
        assertEquals(3, q.stealInto(dst).v);
        assertEquals(List.of(1, 2), drain(dst));
        assertEquals(List.of(4, 5), drain(q));
        assertNull(q.stealInto(dst));
    }

    @Test
    void indicesWrapAroundTheRingManyTimes() {
        LocalQueue<Node> q = new LocalQueue<>(4);
        LocalQueue<Node> dst = new LocalQueue<>(4);
        InjectQueue<Node> inject = new InjectQueue<>();
        int next = 0;
        int expect = 0;
        for (int round = 0; round < 10_000; round++) {
            q.pushBack(new Node(next++), inject);
            q.pushBack(new Node(next++), inject);
            assertEquals(expect++, q.pop().v);
            Node s = q.stealInto(dst);
            assertEquals(expect++, s.v);
        }
        assertEquals(0, inject.len());
        assertNull(q.pop());
    }

    @Test
    void popBatchMovesTheRestIntoTheLocalQueueInOrder() {
        InjectQueue<Node> inject = new InjectQueue<>();
        LocalQueue<Node> q = new LocalQueue<>(8);
        for (int i = 1; i <= 6; i++) inject.push(new Node(i));
        assertEquals(1, inject.popBatch(4, q).v);
        assertEquals(List.of(2, 3, 4), drain(q));
        assertEquals(List.of(5, 6), drain(inject));
        assertNull(inject.popBatch(4, q));
    }

    @Test
    void pushWithoutOverflowRefusesAFullQueue() {
        LocalQueue<Node> q = new LocalQueue<>(2);
        q.pushBackNoOverflow(new Node(1));
        q.pushBackNoOverflow(new Node(2));
        assertThrows(IllegalStateException.class, () -> q.pushBackNoOverflow(new Node(3)));
        assertThrows(IllegalArgumentException.class, () -> new LocalQueue<Node>(3));
    }

    @Test
    void theInjectionQueueGrowsAcrossWrapAroundKeepsFifoOrderAndEmptiesCleanly() {
        InjectQueue<Node> inject = new InjectQueue<>();
        int pushed = 0;
        int popped = 0;
        // wrap the ring first, then grow it while its head is in the middle
        for (int round = 0; round < 50; round++) {
            for (int i = 0; i < 40; i++) inject.push(new Node(pushed++));
            for (int i = 0; i < 30; i++) assertEquals(popped++, inject.pop().v);
        }
        for (int i = 0; i < (1 << 20) + 10; i++) inject.push(new Node(pushed++)); // past the shrink size
        LocalQueue<Node> q = new LocalQueue<>(8);
        assertEquals(popped++, inject.popBatch(8, q).v);
        for (Node n; (n = q.pop()) != null; ) assertEquals(popped++, n.v);
        for (Node n; (n = inject.pop()) != null; ) assertEquals(popped++, n.v);
        assertEquals(pushed, popped);
        assertEquals(0, inject.len());
        inject.push(new Node(7)); // usable again once empty
        assertEquals(7, inject.pop().v);
        assertNull(inject.pop());
    }
}
