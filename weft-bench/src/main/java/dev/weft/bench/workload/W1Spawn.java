package dev.weft.bench.workload;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;

/**
 * W1 spawn: from inside the runtime, spawn N tasks that each return i+1, then await every handle in
 * spawn order and check the sum. Value: tasks/s.
 */
public final class W1Spawn implements Workload {
    /** A workload instance for the runner. */
    public W1Spawn() {}

    @Override
    public String id() {
        return "W1";
    }

    @Override
    public List<String> impls() {
        return List.of("weft", "vthreads", "cf-fjp");
    }

    @Override
    public Result run(String impl, boolean quick) throws Exception {
        int n = quick ? 100_000 : 1_000_000;
        long expected = (long) n * (n + 1) / 2;
        Measured m = switch (impl) {
            case "weft" -> {
                try (WeftRuntime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> check(expected, rt.blockOn(new SpawnAll(n))));
                }
            }
            case "vthreads" -> {
                Peers.checkVirtualThreadParallelism();
                yield Peers.warmThenMeasure(() -> check(expected, vthreads(n)));
            }
            case "cf-fjp" -> {
                ForkJoinPool pool = Peers.forkJoinPool();
                try {
                    yield Peers.warmThenMeasure(() -> check(expected, cfFjp(pool, n)));
                } finally {
                    pool.shutdownNow();
                }
            }
            default -> throw new IllegalArgumentException(impl);
        };
        return new Result(n / (m.wallNanos() / 1e9), "tasks/s", m.cpuPerOp(n));
    }

    private static void check(long expected, long sum) {
        if (sum != expected) throw new IllegalStateException("sum " + sum + " != " + expected);
    }

    /** Spawns n tasks on its first poll, then awaits their handles in order. */
    private static final class SpawnAll implements Future<Long> {
        private final int n;
        private Task<Integer>[] handles;
        private int next;
        private long sum;

        SpawnAll(int n) {
            this.n = n;
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation
        public Poll<Long> poll(Context cx) throws Exception {
            if (handles == null) {
                handles = new Task[n];
                for (int i = 0; i < n; i++) {
                    int v = i + 1;
                    handles[i] = Task.spawn(c -> Poll.ready(v));
                }
            }
            while (next < n) {
                Poll<Integer> p = handles[next].poll(cx);
                if (p.isPending()) return Poll.pending();
                sum += p.value();
                handles[next++] = null;
            }
            return Poll.ready(sum);
        }
    }

    private static long vthreads(int n) throws Exception {
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            return ex.submit(() -> {
                @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation
                java.util.concurrent.Future<Integer>[] fs = new java.util.concurrent.Future[n];
                for (int i = 0; i < n; i++) {
                    int v = i + 1;
                    fs[i] = ex.submit(() -> v);
                }
                long sum = 0;
                for (int i = 0; i < n; i++) sum += fs[i].get();
                return sum;
            }).get();
        }
    }

    private static long cfFjp(ForkJoinPool pool, int n) {
        return CompletableFuture.supplyAsync(() -> {
            @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation
            CompletableFuture<Integer>[] fs = new CompletableFuture[n];
            for (int i = 0; i < n; i++) {
                int v = i + 1;
                fs[i] = CompletableFuture.supplyAsync(() -> v, pool);
            }
            long sum = 0;
            for (int i = 0; i < n; i++) sum += fs[i].join();
            return sum;
        }, pool).join();
    }
}
