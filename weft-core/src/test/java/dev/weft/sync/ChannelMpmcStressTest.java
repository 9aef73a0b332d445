package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * 1,000,000 messages (100,000,000 with {@code -Dweft.stress=true}) through one bounded MPMC
 * channel, 4 producers and 4 consumers, each on a platform thread awaiting with
 * {@code Weft.blockOn}: every message is delivered exactly once (bitsets per consumer, no overlap,
 * full union, exact sum). The 10,000,000-message run on the work-stealing executor is in
 * {@link ExecutorChannelTest}.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ChannelMpmcStressTest {

    @Test
    void millionMessagesFourByFourDeliveredExactlyOnceOnPlatformThreads() throws Exception {
        int total = Stress.ON ? 100_000_000 : 1_000_000;
        int producers = 4;
        int consumers = 4;
        Channel<Integer> ch = Channel.bounded(1024);
        List<Thread> threads = new ArrayList<>();
        BitSet[] seen = new BitSet[consumers];
        long[] sums = new long[consumers];
        long[] dups = new long[consumers];
        for (int c = 0; c < consumers; c++) {
            int me = c;
            Receiver<Integer> rx = ch.receiver().newReceiver();
            seen[me] = new BitSet(total);
            threads.add(Thread.ofPlatform().name("consumer-" + me).start(() -> {
                try (rx) {
                    while (true) {
                        int v;
                        try {
                            v = Weft.blockOn(rx.recv());
                        } catch (ChannelClosedException e) {
                            return;
                        }
                        if (seen[me].get(v)) dups[me]++;
                        seen[me].set(v);
                        sums[me] += v;
                    }
                }
            }));
        }
        ch.receiver().close();
        for (int p = 0; p < producers; p++) {
            int me = p;
            Sender<Integer> tx = ch.sender().newSender();
            threads.add(Thread.ofPlatform().name("producer-" + me).start(() -> {
                try (tx) {
                    for (int v = me; v < total; v += producers) Weft.blockOn(tx.send(v));
                }
            }));
        }
        ch.sender().close();
        for (Thread t : threads) {
            t.join(170_000);
            assertThat(t.isAlive()).as(t.getName() + " finished").isFalse();
        }
        BitSet all = new BitSet(total);
        long sum = 0;
        long overlap = 0;
        for (int c = 0; c < consumers; c++) {
            BitSet both = (BitSet) all.clone();
            both.and(seen[c]);
            overlap += both.cardinality();
            all.or(seen[c]);
            sum += sums[c];
            assertThat(dups[c]).as("duplicates at consumer " + c).isZero();
        }
        assertThat(overlap).as("messages received by two consumers").isZero();
        assertThat(all.cardinality()).as("distinct messages received").isEqualTo(total);
        assertThat(sum).isEqualTo((long) total * (total - 1) / 2);
    }
}
