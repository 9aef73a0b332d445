package dev.weft.bench.workload;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * W2 yield: T tasks each yield Y times to the scheduler, all awaited. Value: yields/s.
 *
 * <p>Weft: a task wakes itself and returns pending (it goes to the back of its worker's queue).
 * Weft stackful ({@code weft-stackful}): each task is a coroutine awaiting
 * {@code Future.yieldNow()} Y times ({@link StackfulImpls#yielder}). Weft woven
 * ({@code weft-woven}): the same body woven into a state machine ({@link WovenImpls#yielder}), where
 * the weaver lowers each {@code await(Future.yieldNow())} to a wake and a suspension without a
 * yield future. Virtual threads: {@link Thread#yield()}.
 * CompletableFuture/ForkJoinPool: each yield re-submits the rest of the task to the pool
 * ({@code execute}), the last step completes the task's future.
 */
public final class W2Yield implements Workload {
    /** A workload instance for the runner. */
    public W2Yield() {}

    @Override
    public String id() {
        return "W2";
    }

    @Override
    public List<String> impls() {
        return List.of("weft", StackfulImpls.IMPL, WovenImpls.IMPL, "vthreads", "cf-fjp");
    }

    @Override
    public Result run(String impl, boolean quick) throws Exception {
        int tasks = quick ? 100 : 1_000;
        int yields = quick ? 100 : 1_000;
        long expected = (long) tasks * yields;
        Measured m = switch (impl) {
            case "weft" -> {
                try (WeftRuntime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> check(expected, rt.blockOn(new SpawnYielders(tasks, yields, Yielder::new))));
                }
            }
            case StackfulImpls.IMPL -> {
                StackfulImpls.checkMechanism();
                try (WeftRuntime rt = Peers.weft()) {
                    IntFunction<Future<Integer>> body = StackfulImpls::yielder;
                    yield Peers.warmThenMeasure(() -> check(expected, rt.blockOn(new SpawnYielders(tasks, yields, body))));
                }
            }
            case WovenImpls.IMPL -> {
                WovenImpls.checkWoven();
                try (WeftRuntime rt = Peers.weft()) {
                    IntFunction<Future<Integer>> body = WovenImpls::yielder;
                    yield Peers.warmThenMeasure(() -> check(expected, rt.blockOn(new SpawnYielders(tasks, yields, body))));
                }
            }
            case "vthreads" -> {
                Peers.checkVirtualThreadParallelism();
                yield Peers.warmThenMeasure(() -> check(expected, vthreads(tasks, yields)));
            }
            case "cf-fjp" -> {
                ForkJoinPool pool = Peers.forkJoinPool();
                try {
                    yield Peers.warmThenMeasure(() -> check(expected, cfFjp(pool, tasks, yields)));
                } finally {
                    pool.shutdownNow();
                }
            }
            default -> throw new IllegalArgumentException(impl);
        };
        return new Result(expected / (m.wallNanos() / 1e9), "yields/s", m.cpuPerOp(expected));
    }

    private static void check(long expected, long yields) {
        if (yields != expected) throw new IllegalStateException("yields " + yields + " != " + expected);
    }

    /** Yields {@code left} times, then is ready with the number of yields done. */
    private static final class Yielder implements Future<Integer> {
        private int left;
        private int done;

        Yielder(int yields) {
            this.left = yields;
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            if (left == 0) return Poll.ready(done);
            left--;
            done++;
            cx.waker().wake();
            return Poll.pending();
        }
    }

    /** Spawns the yielders on its first poll, then awaits them and sums their yields. */
    private static final class SpawnYielders implements Future<Long> {
        private final int tasks;
        private final int yields;
        private final IntFunction<Future<Integer>> yielder;
        private final List<Task<Integer>> handles = new ArrayList<>();
        private int next;
        private long sum;

        SpawnYielders(int tasks, int yields, IntFunction<Future<Integer>> yielder) {
            this.tasks = tasks;
            this.yields = yields;
            this.yielder = yielder;
        }

        @Override
        public Poll<Long> poll(Context cx) throws Exception {
            if (handles.isEmpty()) for (int i = 0; i < tasks; i++) handles.add(Task.spawn(yielder.apply(yields)));
            while (next < tasks) {
                Poll<Integer> p = handles.get(next).poll(cx);
                if (p.isPending()) return Poll.pending();
                sum += p.value();
                next++;
            }
            return Poll.ready(sum);
        }
    }

    private static long vthreads(int tasks, int yields) throws InterruptedException {
        AtomicLong total = new AtomicLong();
        Thread[] ts = new Thread[tasks];
        for (int i = 0; i < tasks; i++) {
            ts[i] = Thread.ofVirtual().start(() -> {
                int n = 0;
                for (int y = 0; y < yields; y++) {
                    Thread.yield();
                    n++;
                }
                total.addAndGet(n);
            });
        }
        for (Thread t : ts) t.join();
        return total.get();
    }

    private static long cfFjp(ForkJoinPool pool, int tasks, int yields) {
        List<CompletableFuture<Integer>> all = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            CompletableFuture<Integer> done = new CompletableFuture<>();
            pool.execute(new Runnable() {
                private int left = yields;
                private int n;

                @Override
                public void run() {
                    if (left == 0) {
                        done.complete(n);
                        return;
                    }
                    left--;
                    n++;
                    pool.execute(this);
                }
            });
            all.add(done);
        }
        long sum = 0;
        for (CompletableFuture<Integer> f : all) sum += f.join();
        return sum;
    }
}
