package dev.weft.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Channels and locks driven by tasks on the work-stealing executor (2 workers). */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ExecutorChannelTest {

    /** Sends {@code from, from + step, ...} below {@code total}, then closes its sender. */
    static final class Producer implements Future<Void> {
        private final Sender<Integer> tx;
        private final int step;
        private final int total;
        private int next;
        private Future<Void> send;

        Producer(Sender<Integer> tx, int from, int step, int total) {
            this.tx = tx;
            this.next = from;
            this.step = step;
            this.total = total;
        }

        @Override
        public Poll<Void> poll(Context cx) throws Exception {
            while (true) {
                if (send == null) {
                    if (next >= total) {
                        tx.close();
                        return Poll.ready(null);
                    }
                    send = tx.send(next);
                }
                if (send.poll(cx).isPending()) return Poll.pending();
                send = null;
                next += step;
            }
        }
    }

    /**
     * Receives until the channel ends; records every message in its own bitset. With
     * {@code cancelEvery} > 0, every {@code cancelEvery}-th receive that has to wait is cancelled
     * while it waits and replaced by a new one (a receiver given up on: its wake must pass on).
     */
    static final class Consumer implements Future<Long> {
        private final Receiver<Integer> rx;
        private final int cancelEvery;
        final BitSet seen;
        long dups;
        long cancelledWhileWaiting;
        private long waits;
        private long sum;
        private Future<Integer> recv;

        Consumer(Receiver<Integer> rx, int total) {
            this(rx, total, 0);
        }

        Consumer(Receiver<Integer> rx, int total, int cancelEvery) {
            this.rx = rx;
            this.seen = new BitSet(total);
            this.cancelEvery = cancelEvery;
        }

        @Override
        public Poll<Long> poll(Context cx) throws Exception {
            while (true) {
                if (recv == null) recv = rx.recv();
                Poll<Integer> p;
                try {
                    p = recv.poll(cx);
                } catch (ChannelClosedException e) {
                    rx.close();
                    return Poll.ready(sum);
                }
                if (p.isPending()) {
                    if (cancelEvery > 0 && ++waits % cancelEvery == 0) {
                        recv.cancel();
                        recv = null;
                        cancelledWhileWaiting++;
                        continue;
                    }
                    return Poll.pending();
                }
                recv = null;
                int v = p.value();
                if (seen.get(v)) dups++;
                seen.set(v);
                sum += v;
            }
        }
    }

    @Test
    void tenMillionMessagesFourByFourOnTheWorkStealingExecutorDeliveredExactlyOnce() {
        deliverExactlyOnce(4, 4, 1024, 0);
    }

    @Test
    void tenMillionMessagesEightByEightWithOnePercentOfWaitingReceivesCancelledLoseNothing() {
        deliverExactlyOnce(8, 8, 64, 100);
    }

    private static void deliverExactlyOnce(int producerCount, int consumerCount, int capacity, int cancelEvery) {
        int total = Stress.ON ? 100_000_000 : 10_000_000;
        Channel<Integer> ch = Channel.bounded(capacity);
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            List<Consumer> consumers = new ArrayList<>();
            List<Task<Long>> consumerTasks = new ArrayList<>();
            for (int c = 0; c < consumerCount; c++) {
                Consumer k = new Consumer(ch.receiver().newReceiver(), total, cancelEvery);
                consumers.add(k);
                consumerTasks.add(rt.spawn(k));
            }
            ch.receiver().close();
            List<Task<Void>> producers = new ArrayList<>();
            for (int p = 0; p < producerCount; p++) {
                producers.add(rt.spawn(new Producer(ch.sender().newSender(), p, producerCount, total)));
            }
            ch.sender().close();
            for (Task<Void> t : producers) rt.blockOn(t);
            long sum = 0;
            for (Task<Long> t : consumerTasks) sum += rt.blockOn(t);
            BitSet all = new BitSet(total);
            long overlap = 0;
            for (Consumer k : consumers) {
                assertThat(k.dups).isZero();
                BitSet both = (BitSet) all.clone();
                both.and(k.seen);
                overlap += both.cardinality();
                all.or(k.seen);
            }
            assertThat(overlap).isZero();
            assertThat(all.cardinality()).isEqualTo(total);
            assertThat(sum).isEqualTo((long) total * (total - 1) / 2);
            long cancelled = consumers.stream().mapToLong(k -> k.cancelledWhileWaiting).sum();
            if (cancelEvery > 0) assertThat(cancelled).as("receives cancelled while waiting").isPositive();
            System.out.printf("channel %dx%d: %d messages, 0 lost, 0 duplicated, %d waiting receives cancelled%n",
                    producerCount, consumerCount, total, cancelled);
        }
    }

    @Test
    void cancellingTasksBlockedInRecvLosesNoMessage() {
        Channel<Integer> ch = Channel.unbounded();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            int messages = 100_000;
            AtomicInteger received = new AtomicInteger();
            List<Task<Void>> receivers = new ArrayList<>();
            for (int round = 0; round < 50; round++) {
                for (int i = 0; i < 20; i++) {
                    Receiver<Integer> rx = ch.receiver();
                    receivers.add(rt.spawn(new Future<Void>() {
                        private Future<Integer> recv;

                        @Override
                        public Poll<Void> poll(Context cx) throws Exception {
                            while (true) {
                                if (recv == null) recv = rx.recv();
                                Poll<Integer> p;
                                try {
                                    p = recv.poll(cx);
                                } catch (ChannelClosedException e) {
                                    return Poll.ready(null);
                                }
                                if (p.isPending()) return Poll.pending();
                                recv = null;
                                received.incrementAndGet();
                            }
                        }

                        @Override
                        public void cancel() {
                            if (recv != null) recv.cancel();
                        }
                    }));
                }
                for (int m = 0; m < messages / 50; m++) ch.sender().trySend(m);
                // cancel half of this round's receivers while messages are in flight
                for (int i = receivers.size() - 20; i < receivers.size(); i += 2) receivers.get(i).cancel();
            }
            int left = 0;
            ch.sender().closeChannel();
            for (Task<Void> t : receivers) {
                try {
                    rt.blockOn(t);
                } catch (CancellationException expected) {
                    // cancelled above
                }
            }
            while (true) {
                try {
                    if (ch.receiver().tryRecv() == null) break;
                    left++;
                } catch (ChannelClosedException e) {
                    break;
                }
            }
            assertThat(received.get() + left).isEqualTo(messages);
        }
    }

    @Test
    void mutexStaysConsistentWhileWaitersAreCancelledMidHandOff() {
        Mutex m = new Mutex();
        int[] counter = {0};
        AtomicInteger completed = new AtomicInteger();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            List<Task<Void>> tasks = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                tasks.add(rt.spawn(new Future<Void>() {
                    private Future<MutexGuard> lock = m.lock();

                    @Override
                    public Poll<Void> poll(Context cx) throws Exception {
                        Poll<MutexGuard> p = lock.poll(cx);
                        if (p.isPending()) return Poll.pending();
                        counter[0]++;
                        completed.incrementAndGet();
                        p.value().unlock();
                        return Poll.ready(null);
                    }

                    @Override
                    public void cancel() {
                        lock.cancel();
                    }
                }));
                if (i % 3 == 0) tasks.get(i / 2).cancel();
            }
            for (Task<Void> t : tasks) {
                try {
                    rt.blockOn(t);
                } catch (CancellationException expected) {
                    // cancelled above
                }
            }
        }
        assertThat(counter[0]).isEqualTo(completed.get());
        assertThat(m.isLocked()).isFalse();
        assertThat(m.tryLock()).isNotNull();
    }
}
