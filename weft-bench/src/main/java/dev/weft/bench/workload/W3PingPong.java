package dev.weft.bench.workload;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.sync.Channel;
import dev.weft.sync.Receiver;
import dev.weft.sync.Sender;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * W3 pingpong: P pairs of tasks; in each pair A sends a number over a bounded(1) channel and B
 * answers with number + 1 over another bounded(1) channel; R round trips per pair. Value: round
 * trips per second. Every answer is checked. Implementations:
 * <ul>
 *   <li>{@code weft}: hand-written state-machine futures ({@link W3StreamPair}) on the work-stealing
 *       executor with 2 workers and {@link Channel#bounded(int)}, receiving through one
 *       {@code Receiver.stream()} per side and sending with {@code trySend} (a send future only
 *       when the channel is full): no future allocated per message;</li>
 *   <li>{@code weft-futures}: the same with a {@code send} and a {@code recv} future per message
 *       ({@link Pinger}, {@link Ponger}): 172 bytes per round trip against weft's 60 ({@code AllocPerOp}, 2026-12-06);</li>
 *   <li>{@code weft-stackful}: coroutines awaiting a send and a receive per message, with the
 *       channel calls of {@code weft} ({@link StackfulImpls#pinger}, {@link StackfulImpls#ponger},
 *       wired by {@link #bodies});</li>
 *   <li>{@code weft-woven}: the same bodies woven into state machines ({@link WovenImpls#pinger},
 *       {@link WovenImpls#ponger});</li>
 *   <li>{@code vthreads}: virtual threads with {@link ArrayBlockingQueue}(1).</li>
 * </ul>
 * Weft's pairs are spawned and awaited inside one task ({@link Future#joinAll}), as the Tokio and smol
 * anchors' {@code w3} does; until 2026-12-06 the main thread spawned them and awaited each task with
 * {@code blockOn}, up to 2,000 park/unpark pairs of the main thread per pass that the anchors do not
 * pay.
 */
public final class W3PingPong implements Workload {
    /** The runner's name for Weft with a future per send and per receive. */
    static final String FUTURES_IMPL = "weft-futures";
    private static final int PAIRS = 1_000;
    private static final int ROUNDS = 1_000;
    /** The sent answer of {@link #sending}: a ready future, shared (it keeps no state). */
    private static final Future<Void> SENT = Future.ready(null);

    /** The runner's no-argument constructor. */
    public W3PingPong() {}

    @Override
    public String id() {
        return "W3";
    }

    @Override
    public List<String> impls() {
        return List.of("weft", FUTURES_IMPL, StackfulImpls.IMPL, WovenImpls.IMPL, "vthreads");
    }

    @Override
    public Result run(String impl, boolean quick) throws Exception {
        int pairs = quick ? 100 : PAIRS;
        int rounds = quick ? 100 : ROUNDS;
        Measured m = switch (impl) {
            case "weft" -> {
                try (WeftRuntime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> weft(rt, pairs, rounds, W3StreamPair.Pinger::new, W3StreamPair.Ponger::new));
                }
            }
            case FUTURES_IMPL -> {
                try (WeftRuntime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> weft(rt, pairs, rounds, Pinger::new, Ponger::new));
                }
            }
            case StackfulImpls.IMPL -> {
                StackfulImpls.checkMechanism();
                try (WeftRuntime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> bodies(rt, pairs, rounds, StackfulImpls::pinger, StackfulImpls::ponger));
                }
            }
            case WovenImpls.IMPL -> {
                WovenImpls.checkWoven();
                try (WeftRuntime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> bodies(rt, pairs, rounds, WovenImpls::pinger, WovenImpls::ponger));
                }
            }
            case "vthreads" -> {
                Peers.checkVirtualThreadParallelism();
                yield Peers.warmThenMeasure(() -> vthreads(pairs, rounds));
            }
            default -> throw new IllegalArgumentException("unknown impl " + impl);
        };
        double secs = m.wallNanos() / 1e9;
        return new Result((double) pairs * rounds / secs, "roundtrips/s",
                "pairs=" + pairs + ",rounds=" + rounds + ",ms=" + Math.round(secs * 1000) + "," + m.cpuPerOp((long) pairs * rounds));
    }

    /** Makes side A of a pair from its sender, its receiver and the round count. */
    private interface PingerMaker {
        Future<Long> make(Sender<Integer> out, Receiver<Integer> in, int rounds);
    }

    /** Makes side B of a pair from its receiver, its sender and the round count. */
    private interface PongerMaker {
        Future<Void> make(Receiver<Integer> in, Sender<Integer> out, int rounds);
    }

    /** One pair's tasks: the ponger's (its output checked, then dropped) and the pinger's (the sum of its answers). */
    private record Pair(Future<Void> ponger, Task<Long> pinger) {}

    /** Spawns one pair on its two bounded(1) channels. */
    private interface PairSpawner {
        Pair spawn(Channel<Integer> ping, Channel<Integer> pong);
    }

    /**
     * Spawns the pairs from inside one task and awaits them there ({@link Future#joinAll}), as the
     * anchors' {@code w3} does inside its spawned task; then checks every pinger's sum.
     */
    private static void spawnPairsAndAwait(WeftRuntime rt, int pairs, int rounds, PairSpawner pair) throws Exception {
        List<Long> sums = rt.blockOn(rt.spawn(Future.lazy(() -> {
            List<Task<Long>> pingers = new ArrayList<>(pairs);
            List<Future<Void>> pongers = new ArrayList<>(pairs);
            for (int p = 0; p < pairs; p++) {
                Pair two = pair.spawn(Channel.bounded(1), Channel.bounded(1));
                pongers.add(two.ponger());
                pingers.add(two.pinger());
            }
            return Future.joinAll(pingers).then(answers -> Future.joinAll(pongers).map(done -> answers));
        })));
        long expected = (long) rounds * (rounds + 1) / 2;
        for (long sum : sums) {
            if (sum != expected) throw new IllegalStateException("pinger sum " + sum + " != " + expected);
        }
    }

    private static void weft(WeftRuntime rt, int pairs, int rounds, PingerMaker pinger, PongerMaker ponger) throws Exception {
        spawnPairsAndAwait(rt, pairs, rounds, (ping, pong) -> new Pair(
                Task.spawn(ponger.make(ping.receiver(), pong.sender(), rounds)),
                Task.spawn(pinger.make(ping.sender(), pong.receiver(), rounds))));
    }

    /** Makes side A of a pair as a body awaiting {@code send} and {@code receive} (stackful or woven). */
    private interface PingerBody {
        Future<Long> make(int rounds, IntFunction<? extends Future<?>> send, Supplier<? extends Future<Integer>> receive);
    }

    /** Makes side B of a pair as a body awaiting {@code receive} and {@code send} (stackful or woven). */
    private interface PongerBody {
        Future<Integer> make(int rounds, Supplier<? extends Future<Integer>> receive, IntFunction<? extends Future<?>> send);
    }

    /**
     * As {@link #weft}, with bodies awaiting a send and a receive per message. They receive through
     * one {@code Receiver.stream()} per side, awaiting its {@link AsyncStream#nextOrNull()} (one
     * future for all messages), and send with {@code trySend}, awaiting a send future only when the
     * channel is full: the channel calls of the hand-written {@link W3StreamPair}, so that
     * {@code weft}, {@code weft-woven} and {@code weft-stackful} differ only in how the body is
     * run. Until 2026-12-06 they awaited a new {@code send} and {@code recv} future per message, as
     * {@code weft-futures} still does.
     */
    private static void bodies(WeftRuntime rt, int pairs, int rounds, PingerBody pinger, PongerBody ponger) throws Exception {
        spawnPairsAndAwait(rt, pairs, rounds, (ping, pong) -> new Pair(
                Task.spawn(ponger.make(rounds, ping.receiver().stream()::nextOrNull, sending(pong.sender()))).map(n -> {
                    if (n != rounds) throw new IllegalStateException("ponger answered " + n + " != " + rounds);
                    return null;
                }),
                Task.spawn(pinger.make(rounds, sending(ping.sender()), pong.receiver().stream()::nextOrNull))));
    }

    /**
     * Sends through {@code out}: at once if there is room (the answer is then {@link #SENT}), else
     * through a send future. Each call is awaited right away, so the eager try changes nothing a
     * body can observe.
     */
    private static IntFunction<Future<Void>> sending(Sender<Integer> out) {
        return v -> out.trySend(v) ? SENT : out.send(v);
    }

    private static void vthreads(int pairs, int rounds) throws Exception {
        ThreadFactory vt = Thread.ofVirtual().factory();
        List<Thread> threads = new ArrayList<>(2 * pairs);
        long expected = (long) rounds * (rounds + 1) / 2;
        long[] sums = new long[pairs];
        for (int p = 0; p < pairs; p++) {
            ArrayBlockingQueue<Integer> ping = new ArrayBlockingQueue<>(1);
            ArrayBlockingQueue<Integer> pong = new ArrayBlockingQueue<>(1);
            int me = p;
            threads.add(vt.newThread(() -> {
                try {
                    for (int r = 0; r < rounds; r++) pong.put(ping.take() + 1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            threads.add(vt.newThread(() -> {
                try {
                    long sum = 0;
                    for (int r = 0; r < rounds; r++) {
                        ping.put(r);
                        sum += pong.take();
                    }
                    sums[me] = sum;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
        for (long s : sums) if (s != expected) throw new IllegalStateException("pinger sum " + s + " != " + expected);
    }

    /** Side A: sends r, awaits r + 1, R times; output: the sum of the answers. */
    public static final class Pinger implements Future<Long> {
        private final Sender<Integer> out;
        private final Receiver<Integer> in;
        private final int rounds;
        private int r;
        private long sum;
        private Future<Void> send;
        private Future<Integer> recv;

        /**
         * @param out where the numbers go
         * @param in where the answers come from
         * @param rounds how many round trips
         */
        public Pinger(Sender<Integer> out, Receiver<Integer> in, int rounds) {
            this.out = out;
            this.in = in;
            this.rounds = rounds;
        }

        @Override
        public Poll<Long> poll(Context cx) throws Exception {
            while (true) {
                if (send == null && recv == null) {
                    if (r == rounds) return Poll.ready(sum);
                    send = out.send(r);
                }
                if (send != null) {
                    if (send.poll(cx).isPending()) return Poll.pending();
                    send = null;
                    recv = in.recv();
                }
                Poll<Integer> p = recv.poll(cx);
                if (p.isPending()) return Poll.pending();
                int answer = p.value();
                if (answer != r + 1) throw new IllegalStateException("expected " + (r + 1) + " got " + answer);
                sum += answer;
                recv = null;
                r++;
            }
        }
    }

    /** Side B: awaits n, sends n + 1, R times. */
    public static final class Ponger implements Future<Void> {
        private final Receiver<Integer> in;
        private final Sender<Integer> out;
        private final int rounds;
        private int r;
        private Future<Integer> recv;
        private Future<Void> send;

        /**
         * @param in where the numbers come from
         * @param out where the answers go
         * @param rounds how many round trips
         */
        public Ponger(Receiver<Integer> in, Sender<Integer> out, int rounds) {
            this.in = in;
            this.out = out;
            this.rounds = rounds;
        }

        @Override
        public Poll<Void> poll(Context cx) throws Exception {
            while (true) {
                if (send == null) {
                    if (recv == null) {
                        if (r == rounds) return Poll.ready(null);
                        recv = in.recv();
                    }
                    Poll<Integer> p = recv.poll(cx);
                    if (p.isPending()) return Poll.pending();
                    recv = null;
                    send = out.send(p.value() + 1);
                }
                if (send.poll(cx).isPending()) return Poll.pending();
                send = null;
                r++;
            }
        }
    }
}
