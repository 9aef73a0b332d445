package dev.weft.coro.styled;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.sync.Channel;
import dev.weft.sync.ChannelClosedException;
import dev.weft.sync.Mutex;
import dev.weft.sync.MutexGuard;
import dev.weft.sync.Receiver;
import dev.weft.sync.Sender;
import dev.weft.task.Task;
import dev.weft.future.Future;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Channel and mutex tests of {@code dev.weft.sync} (pingpong of W3, producers and consumers of
 * {@code ExecutorChannelTest}, a mutex held across suspensions) rewritten as coroutines on a
 * 2-worker runtime: the same exact counts, written as loops with {@code await}.
 */
@Timeout(120)
class StyledChannelTest {

    @Test
    void pingPongPairsOverBoundedChannelsAnswerEveryRound() {
        int pairs = 200;
        int rounds = 1000;
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("styled-pingpong-").build()) {
            List<Task<Long>> pingers = new ArrayList<>();
            List<Task<Integer>> pongers = new ArrayList<>();
            for (int p = 0; p < pairs; p++) {
                Channel<Integer> ping = Channel.bounded(1);
                Channel<Integer> pong = Channel.bounded(1);
                pongers.add(rt.spawn(Weft.async(() -> {
                    int answered = 0;
                    for (int r = 0; r < rounds; r++) {
                        int v = await(ping.receiver().recv());
                        await(pong.sender().send(v + 1));
                        answered++;
                    }
                    return answered;
                })));
                pingers.add(rt.spawn(Weft.async(() -> {
                    long sum = 0;
                    for (int r = 0; r < rounds; r++) {
                        await(ping.sender().send(r));
                        int answer = await(pong.receiver().recv());
                        if (answer != r + 1) throw new AssertionError("round " + r + " answered " + answer);
                        sum += answer;
                    }
                    return sum;
                })));
            }
            long expected = (long) rounds * (rounds + 1) / 2;
            for (Task<Long> t : pingers) assertThat(rt.blockOn(t)).isEqualTo(expected);
            for (Task<Integer> t : pongers) assertThat(rt.blockOn(t)).isEqualTo(rounds);
        }
    }

    @Test
    void producersAndConsumersDeliverEveryMessageExactlyOnce() {
        int total = 100_000;
        int producers = 4;
        int consumers = 4;
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("styled-mpmc-").build()) {
            Channel<Integer> ch = Channel.bounded(16);
            List<Task<Void>> sends = new ArrayList<>();
            for (int p = 0; p < producers; p++) {
                Sender<Integer> tx = ch.sender().newSender();
                int from = p;
                sends.add(rt.spawn(Weft.async(() -> {
                    try (tx) {
                        for (int i = from; i < total; i += producers) await(tx.send(i));
                    }
                    return null;
                })));
            }
            ch.sender().close();
            List<Task<BitSet>> receives = new ArrayList<>();
            for (int c = 0; c < consumers; c++) {
                Receiver<Integer> rx = ch.receiver().newReceiver();
                receives.add(rt.spawn(Weft.async(() -> {
                    BitSet seen = new BitSet(total);
                    try (rx) {
                        while (true) {
                            int v;
                            try {
                                v = await(rx.recv());
                            } catch (ChannelClosedException e) {
                                return seen;
                            }
                            if (seen.get(v)) throw new AssertionError("duplicate " + v);
                            seen.set(v);
                        }
                    }
                })));
            }
            ch.receiver().close();
            for (Task<Void> t : sends) rt.blockOn(t);
            BitSet all = new BitSet(total);
            int count = 0;
            for (Task<BitSet> t : receives) {
                BitSet s = rt.blockOn(t);
                assertThat(all.intersects(s)).as("a message delivered twice").isFalse();
                all.or(s);
                count += s.cardinality();
            }
            assertThat(count).isEqualTo(total);
            assertThat(all.nextClearBit(0)).isEqualTo(total);
        }
    }

    @Test
    void mutexExcludesCoroutinesThatSuspendWhileHoldingIt() {
        int coroutines = 50;
        int iterations = 200;
        Mutex m = new Mutex();
        AtomicInteger inside = new AtomicInteger();
        int[] counter = new int[1]; // guarded by m
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("styled-mutex-").build()) {
            List<Task<Integer>> tasks = new ArrayList<>();
            for (int c = 0; c < coroutines; c++) {
                tasks.add(rt.spawn(Weft.async(() -> {
                    int overlaps = 0;
                    for (int i = 0; i < iterations; i++) {
                        MutexGuard g = await(m.lock());
                        try {
                            if (inside.incrementAndGet() != 1) overlaps++;
                            int before = counter[0];
                            await(Future.yieldNow()); // suspend inside the critical section
                            counter[0] = before + 1;
                            inside.decrementAndGet();
                        } finally {
                            g.unlock();
                        }
                    }
                    return overlaps;
                })));
            }
            for (Task<Integer> t : tasks) assertThat(rt.blockOn(t)).as("coroutines inside at once").isZero();
        }
        assertThat(counter[0]).isEqualTo(coroutines * iterations);
        assertThat(m.isLocked()).isFalse();
    }
}
