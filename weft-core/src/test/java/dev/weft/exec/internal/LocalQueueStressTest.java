package dev.weft.exec.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The work-stealing queue across threads: an owner that pushes (overflowing into the injection
 * queue when full) and pops, and two stealers, over 10^8 operations (10^9 with
 * {@code -Dweft.stress=true}): every element pushed comes out exactly once, popped, stolen or
 * moved by overflow (bitsets per taker, disjoint, together all of them).
 */
class LocalQueueStressTest {
    private static final int ELEMENTS = Boolean.getBoolean("weft.stress") ? 500_000_000 : 50_000_000;

    /** What one thread took out, and how. */
    static final class Taken {
        final BitSet seen = new BitSet();
        long count;
        long dups;

        void take(Node n) {
            if (seen.get(n.v)) dups++;
            seen.set(n.v);
            count++;
        }
    }

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void everyPushedElementIsPoppedStolenOrOverflowedExactlyOnce() throws Exception {
        LocalQueue<Node> q = new LocalQueue<>();
        InjectQueue<Node> overflow = new InjectQueue<>();
        AtomicBoolean ownerDone = new AtomicBoolean();
        Taken popped = new Taken();
        Taken overflowed = new Taken();
        Taken[] stolen = {new Taken(), new Taken()};
        Thread[] stealers = new Thread[2];
        for (int k = 0; k < 2; k++) {
            Taken mine = stolen[k];
            stealers[k] = Thread.ofPlatform().name("stealer-" + k).start(() -> {
                LocalQueue<Node> own = new LocalQueue<>();
                while (true) {
                    boolean done = ownerDone.get();
                    Node n = q.stealInto(own);
                    if (n != null) {
                        mine.take(n);
                        for (Node m; (m = own.pop()) != null; ) mine.take(m);
                    } else if (done) {
                        return;
                    } else {
                        Thread.onSpinWait();
                    }
                }
            });
        }
        long pushes = 0;
        for (int i = 0; i < ELEMENTS; i++) {
            q.pushBack(new Node(i), overflow); // a full ring moves half of it to the overflow queue
            pushes++;
            if ((i & 3) != 0) { // pop three times in four: the ring fills, and overflows now and then
                Node n = q.pop();
                if (n != null) popped.take(n);
            }
            if ((i & 0xFFFF) == 0) for (Node n; (n = overflow.pop()) != null; ) overflowed.take(n);
        }
        ownerDone.set(true);
        for (Thread t : stealers) t.join();
        for (Node n; (n = q.pop()) != null; ) popped.take(n);
        for (Node n; (n = overflow.pop()) != null; ) overflowed.take(n);

        long stolenCount = stolen[0].count + stolen[1].count;
        System.out.printf("local queue: %d pushed, %d popped, %d stolen, %d overflowed (%d operations)%n",
                pushes, popped.count, stolenCount, overflowed.count, 2 * pushes);
        assertThat(popped.count + stolenCount + overflowed.count).as("pushed = popped + stolen + overflowed").isEqualTo(pushes);
        assertThat(popped.dups + stolen[0].dups + stolen[1].dups + overflowed.dups).as("duplicates").isZero();
        BitSet all = new BitSet(ELEMENTS);
        long overlap = 0;
        for (Taken t : new Taken[] {popped, stolen[0], stolen[1], overflowed}) {
            BitSet both = (BitSet) all.clone();
            both.and(t.seen);
            overlap += both.cardinality();
            all.or(t.seen);
        }
        assertThat(overlap).as("taken by two").isZero();
        assertThat(all.cardinality()).isEqualTo(ELEMENTS);
        assertThat(stolenCount).as("the stealers took some").isPositive();
        assertThat(overflowed.count).as("the ring overflowed").isPositive();
    }
}
