package dev.weft.bench.workload;

import dev.weft.bench.kotlin.KotlinScoped;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import dev.weft.sync.WaitGroup;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * W8 scoped fan-out: R rounds; in each, a task scope spawns N children that each yield once and
 * return {@code i + 1}, joined and summed (the sum checked); then a second scope spawns N children
 * that each park for ever, waits until every one has started, cancels the scope as a whole and
 * waits until every child has ended (the count of ended children checked). Value: children/s,
 * 2·R·N children a pass.
 *
 * <ul>
 *   <li>{@code weft}: hand-written futures ({@link ScopedRounds}, one task driving the rounds)
 *       on {@link TaskScope}: {@code open(Joiner.allInOrder())}, {@code spawn}, {@code join()},
 *       {@code closing()}; then {@code open()}, a {@link WaitGroup} the parked children count
 *       down on their first poll, {@code cancel()} and {@code closing()}.</li>
 *   <li>{@code weft-woven}: the same rounds as one {@code Weft.async} body
 *       ({@link WovenImpls#scopedRounds}), woven; {@code weft-stackful}: that body unwoven
 *       ({@link StackfulImpls#scopedRounds}), its children stackful too.</li>
 *   <li>{@code kotlin}: {@code coroutineScope { async { } }} and {@code Job.cancelAndJoin} on
 *       {@code Dispatchers.Default} limited to 2 ({@link KotlinScoped}).</li>
 *   <li>{@code sts}: the JDK's {@code StructuredTaskScope} on virtual threads, a preview API in
 *       JDK 25 ({@code dev.weft.bench.preview.StsScoped}, compiled and run with
 *       {@code --enable-preview}; this class loads it by name).</li>
 * </ul>
 * Tokio's {@code JoinSet} and smol's tasks run the same rounds in {@code shared/anchors}
 * ({@code paired.sh 5 W8}).
 *
 * <p>The woven and stackful bodies close their scopes by try-with-resources: the weaver makes
 * {@code close()} an await in the woven one, and it waits without blocking a carrier in the
 * stackful one.
 */
public final class W8Scoped implements Workload {
    /** Kotlin coroutines. */
    static final String KOTLIN = "kotlin";
    /** The JDK's StructuredTaskScope on virtual threads (preview in JDK 25). */
    static final String STS = "sts";
    private static final String STS_CLASS = "dev.weft.bench.preview.StsScoped";

    /** A workload instance for the runner. */
    public W8Scoped() {}

    /** One pass of a peer's rounds: how {@code sts}, compiled apart with preview features, is run. */
    @FunctionalInterface
    public interface Pass {
        /**
         * @param rounds the rounds (R)
         * @param n the children per scope (N)
         * @return the children that ended, 2·R·N
         * @throws Exception if a sum or a count was wrong, or the pass failed
         */
        long run(int rounds, int n) throws Exception;
    }

    @Override
    public String id() {
        return "W8";
    }

    @Override
    public List<String> impls() {
        return List.of("weft", StackfulImpls.IMPL, WovenImpls.IMPL, KOTLIN, STS);
    }

    @Override
    public List<String> jvmFlags(String impl) {
        return impl.equals(STS) ? List.of("--enable-preview", "-Djdk.virtualThreadScheduler.parallelism=" + Peers.WORKERS) : List.of();
    }

    @Override
    public Result run(String impl, boolean quick) throws Exception {
        int rounds = quick ? 100 : 1_000;
        int n = 100;
        long children = 2L * rounds * n;
        Measured m = switch (impl) {
            case "weft" -> {
                try (WeftRuntime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> check(children, rt.blockOn(rt.spawn(new ScopedRounds(rounds, n)))));
                }
            }
            case StackfulImpls.IMPL -> {
                StackfulImpls.checkMechanism();
                try (WeftRuntime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> check(children, rt.blockOn(rt.spawn(StackfulImpls.scopedRounds(rounds, n)))));
                }
            }
            case WovenImpls.IMPL -> {
                WovenImpls.checkWoven();
                try (WeftRuntime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> check(children, rt.blockOn(rt.spawn(WovenImpls.scopedRounds(rounds, n)))));
                }
            }
            case KOTLIN -> Peers.warmThenMeasure(() -> check(children, KotlinScoped.pass(rounds, n)));
            case STS -> {
                Peers.checkVirtualThreadParallelism();
                Pass sts = structuredTaskScope();
                yield Peers.warmThenMeasure(() -> check(children, sts.run(rounds, n)));
            }
            default -> throw new IllegalArgumentException(impl);
        };
        return new Result(children / (m.wallNanos() / 1e9), "children/s", m.cpuPerOp(children));
    }

    /** @return the StructuredTaskScope pass, made by name (it needs {@code --enable-preview}) */
    private static Pass structuredTaskScope() throws ReflectiveOperationException {
        try {
            return (Pass) Class.forName(STS_CLASS).getDeclaredConstructor().newInstance();
        } catch (UnsupportedClassVersionError e) {
            throw new IllegalStateException("impl=" + STS + " uses a preview API of JDK 25: run it with --enable-preview", e);
        }
    }

    private static void check(long expected, long children) {
        if (children != expected) throw new IllegalStateException("children " + children + " != " + expected);
    }

    /**
     * Checks a round's sum.
     *
     * @param sum the sum of the first scope's outputs
     * @param n its children, which returned 1 .. n
     * @return {@code n}, the children counted
     * @throws IllegalStateException if the sum is not {@code n (n + 1) / 2}
     */
    public static long checkSum(long sum, int n) {
        long expected = (long) n * (n + 1) / 2;
        if (sum != expected) throw new IllegalStateException("W8 sum " + sum + " != " + expected);
        return n;
    }

    /**
     * Checks a round's sum of outputs.
     *
     * @param outputs the first scope's outputs
     * @param n its children, which returned 1 .. n
     * @return {@code n}, the children counted
     * @throws IllegalStateException if there are not n of them or their sum is wrong
     */
    static long checkOutputs(List<Integer> outputs, int n) {
        if (outputs.size() != n) throw new IllegalStateException("W8 outputs " + outputs.size() + " != " + n);
        long sum = 0;
        for (int i = 0; i < n; i++) sum += outputs.get(i);
        return checkSum(sum, n);
    }

    /**
     * Checks that every parked child of a round ended.
     *
     * @param ended the children whose cancellation (or {@code finally}) ran
     * @param n the children spawned
     * @return {@code n}, the children counted
     * @throws IllegalStateException if not all ended
     */
    public static long checkEnded(int ended, int n) {
        if (ended != n) throw new IllegalStateException("W8 ended " + ended + " != " + n);
        return n;
    }

    /**
     * The rounds as a hand-written future, one state per await of the woven body
     * ({@link WovenImpls#scopedRounds}). Polled by its task only.
     */
    private static final class ScopedRounds implements Future<Long> {
        private static final int SPAWN_SUMMING = 0;
        private static final int JOIN_SUMMING = 1;
        private static final int CLOSE_SUMMING = 2;
        private static final int SPAWN_PARKED = 3;
        private static final int AWAIT_STARTED = 4;
        private static final int CLOSE_PARKED = 5;

        private final int rounds;
        private final int n;
        private int round;
        private int state = SPAWN_SUMMING;
        private long children;
        private TaskScope<Integer, List<Integer>> summing;
        private Future<List<Integer>> joined;
        private TaskScope<Object, Void> parking;
        private Future<Void> allStarted;
        private AtomicInteger ended;

        ScopedRounds(int rounds, int n) {
            this.rounds = rounds;
            this.n = n;
        }

        @Override
        public Poll<Long> poll(Context cx) throws Exception {
            while (true) {
                switch (state) {
                    case SPAWN_SUMMING -> {
                        if (round == rounds) return Poll.ready(children);
                        summing = TaskScope.open(Joiner.allInOrder());
                        for (int i = 0; i < n; i++) summing.spawn(new YieldOnce(i + 1));
                        joined = summing.join();
                        state = JOIN_SUMMING;
                    }
                    case JOIN_SUMMING -> {
                        Poll<List<Integer>> p = joined.poll(cx);
                        if (p.isPending()) return Poll.pending();
                        children += checkOutputs(p.value(), n);
                        joined = null;
                        state = CLOSE_SUMMING;
                    }
                    case CLOSE_SUMMING -> {
                        if (summing.closing().poll(cx).isPending()) return Poll.pending();
                        summing = null;
                        state = SPAWN_PARKED;
                    }
                    case SPAWN_PARKED -> {
                        WaitGroup started = new WaitGroup(n);
                        ended = new AtomicInteger();
                        parking = TaskScope.open();
                        for (int i = 0; i < n; i++) parking.spawn(new Parked(started, ended));
                        allStarted = started.await();
                        state = AWAIT_STARTED;
                    }
                    case AWAIT_STARTED -> {
                        if (allStarted.poll(cx).isPending()) return Poll.pending();
                        allStarted = null;
                        parking.cancel();
                        state = CLOSE_PARKED;
                    }
                    case CLOSE_PARKED -> {
                        if (parking.closing().poll(cx).isPending()) return Poll.pending();
                        children += checkEnded(ended.get(), n);
                        parking = null;
                        round++;
                        state = SPAWN_SUMMING;
                    }
                    default -> throw new IllegalStateException("state " + state);
                }
            }
        }
    }

    /** A first-scope child: pending once (after waking its task), then ready with its value. */
    private static final class YieldOnce implements Future<Integer> {
        private final int value;
        private boolean yielded;

        YieldOnce(int value) {
            this.value = value;
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            if (yielded) return Poll.ready(value);
            yielded = true;
            cx.waker().wake();
            return Poll.pending();
        }
    }

    /**
     * A second-scope child: counts itself started on its first poll, then is pending for ever
     * (registers nothing, as {@code Future.pending()}); its cancellation counts it ended.
     */
    private static final class Parked implements Future<Void> {
        private final WaitGroup started;
        private final AtomicInteger ended;
        private boolean counted;

        Parked(WaitGroup started, AtomicInteger ended) {
            this.started = started;
            this.ended = ended;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (!counted) {
                counted = true;
                started.done();
            }
            return Poll.pending();
        }

        @Override
        public void cancel() {
            ended.incrementAndGet();
        }
    }
}
