package dev.weft.bench.jmh;

import dev.weft.bench.workload.W3PingPong;
import dev.weft.bench.workload.W3StreamPair;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Waker;
import dev.weft.sync.Channel;
import dev.weft.sync.Receiver;
import dev.weft.sync.Sender;
import dev.weft.task.Task;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a bounded channel costs per operation, to be read with {@code -prof gc}
 * ({@code gc.alloc.rate.norm} is bytes per operation, summed over all threads). Messages are
 * cached {@code Integer}s, so what is allocated is the channel's and its futures' own.
 * <ul>
 *   <li>{@link #trySendTryRecv()}: one {@code trySend} and one {@code tryRecv} on a bounded(1)
 *       channel nobody waits on (must be 0 B/op), beside {@link #arrayBlockingQueueOfferPoll()};</li>
 *   <li>{@link #sendThenRecvReady()}: a {@code send} future and a {@code recv} future, each ready
 *       at its first poll (what remains is the two futures);</li>
 *   <li>{@link #recvWaitsAndIsWoken()}: the waiting path on one thread: a {@code recv} polled on
 *       the empty channel registers its waker, a {@code trySend} notifies and wakes it, the
 *       second poll takes the message;</li>
 *   <li>{@link #nextOrNullWaitsAndIsWoken()}: the same through the receiver's stream and its one
 *       {@code nextOrNull()} future, which a loop of awaits reuses for every message;</li>
 *   <li>{@link #pingPongOnRuntime()}: one W3 pair (two tasks, two bounded(1) channels) on the
 *       work-stealing runtime with 2 workers, per round trip, beside
 *       {@link #pingPongVirtualThreads()} (two virtual threads, two {@code ArrayBlockingQueue}(1)).</li>
 * </ul>
 *
 * {@snippet lang=shell :
 * java -jar weft-bench/target/weft-bench.jar ChannelBench -prof gc
 * }
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED",
        "-Djdk.virtualThreadScheduler.parallelism=2"})
public class ChannelBench {
    private static final int ROUNDS = 10_000;
    private static final Integer MESSAGE = 42;

    /** Counts wakes; stands in for a task. */
    private static final class CountingWaker implements Waker {
        int wakes;

        @Override
        public void wake() {
            wakes++;
        }
    }

    private Sender<Integer> tx;
    private Receiver<Integer> rx;
    private Future<Integer> nextOrNull;
    private final ArrayBlockingQueue<Integer> abq = new ArrayBlockingQueue<>(1);
    private final CountingWaker waker = new CountingWaker();
    private Context cx;
    private WeftRuntime rt;

    /** A bounded(1) channel, a context, and the runtime. */
    @Setup
    public void setUp() {
        Channel<Integer> ch = Channel.bounded(1);
        tx = ch.sender();
        rx = ch.receiver();
        nextOrNull = rx.stream().nextOrNull();
        cx = Context.of(waker);
        rt = WeftRuntime.builder().workers(2).threadNamePrefix("channel-bench-").build();
    }

    /** Closes the runtime. */
    @TearDown
    public void tearDown() {
        rt.close();
    }

    /** @return the message taken back */
    @Benchmark
    public Integer trySendTryRecv() {
        if (!tx.trySend(MESSAGE)) throw new IllegalStateException("full");
        return rx.tryRecv();
    }

    /** @return the message taken back */
    @Benchmark
    public Integer arrayBlockingQueueOfferPoll() {
        if (!abq.offer(MESSAGE)) throw new IllegalStateException("full");
        return abq.poll();
    }

    /** @return the message received */
    @Benchmark
    public Integer sendThenRecvReady() throws Exception {
        if (tx.send(MESSAGE).poll(cx).isPending()) throw new IllegalStateException("send pending");
        return rx.recv().poll(cx).value();
    }

    /** @return the message received */
    @Benchmark
    public Integer recvWaitsAndIsWoken() throws Exception {
        Future<Integer> recv = rx.recv();
        if (recv.poll(cx).isReady()) throw new IllegalStateException("recv ready on an empty channel");
        int before = waker.wakes;
        tx.trySend(MESSAGE);
        if (waker.wakes != before + 1) throw new IllegalStateException("recv not woken");
        return recv.poll(cx).value();
    }

    /** @return the message received */
    @Benchmark
    public Integer nextOrNullWaitsAndIsWoken() throws Exception {
        if (nextOrNull.poll(cx).isReady()) throw new IllegalStateException("nextOrNull ready on an empty channel");
        int before = waker.wakes;
        tx.trySend(MESSAGE);
        if (waker.wakes != before + 1) throw new IllegalStateException("nextOrNull not woken");
        return nextOrNull.poll(cx).value();
    }

    /** @return the sum the pinger saw */
    @Benchmark
    @OperationsPerInvocation(ROUNDS)
    public long pingPongOnRuntime() throws Exception {
        Channel<Integer> ping = Channel.bounded(1);
        Channel<Integer> pong = Channel.bounded(1);
        // W3's pair of impl=weft-futures: the pinger sends r and checks that r + 1 comes back
        Task<Void> b = rt.spawn(new W3PingPong.Ponger(ping.receiver(), pong.sender(), ROUNDS));
        long sum = rt.blockOn(rt.spawn(new W3PingPong.Pinger(ping.sender(), pong.receiver(), ROUNDS)));
        rt.blockOn(b);
        if (sum != (long) ROUNDS * (ROUNDS + 1) / 2) throw new IllegalStateException("sum " + sum);
        return sum;
    }

    /** @return the sum the pinger saw */
    @Benchmark
    @OperationsPerInvocation(ROUNDS)
    public long pingPongStreamsOnRuntime() throws Exception {
        Channel<Integer> ping = Channel.bounded(1);
        Channel<Integer> pong = Channel.bounded(1);
        // W3's pair of impl=weft: a receive stream per side and trySend
        Task<Void> b = rt.spawn(new W3StreamPair.Ponger(ping.receiver(), pong.sender(), ROUNDS));
        long sum = rt.blockOn(rt.spawn(new W3StreamPair.Pinger(ping.sender(), pong.receiver(), ROUNDS)));
        rt.blockOn(b);
        if (sum != (long) ROUNDS * (ROUNDS + 1) / 2) throw new IllegalStateException("sum " + sum);
        return sum;
    }

    /** @return the sum the pinger saw */
    @Benchmark
    @OperationsPerInvocation(ROUNDS)
    public long pingPongVirtualThreads() throws Exception {
        ArrayBlockingQueue<Integer> ping = new ArrayBlockingQueue<>(1);
        ArrayBlockingQueue<Integer> pong = new ArrayBlockingQueue<>(1);
        Thread b = Thread.ofVirtual().start(() -> {
            try {
                for (int r = 0; r < ROUNDS; r++) pong.put(ping.take() + 1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        long[] sum = new long[1];
        Thread a = Thread.ofVirtual().start(() -> {
            try {
                for (int r = 0; r < ROUNDS; r++) {
                    ping.put(r);
                    sum[0] += pong.take();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        a.join();
        b.join();
        if (sum[0] != (long) ROUNDS * (ROUNDS + 1) / 2) throw new IllegalStateException("sum " + sum[0]);
        return sum[0];
    }
}
