package dev.weft.bench.workload;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * W7 chained: a task spawns the next task which spawns the next, depth D, the last one signals
 * completion; repeated K times. Value: spawns/s. Each implementation counts its spawns and checks
 * the count (D per chain). {@code weft}: each link a lambda future spawning the next as a detached
 * task; {@code weft-woven}: each link a woven future ({@link WovenImpls#link}), started and awaited
 * the same way; {@code vthreads}: a virtual thread per link; {@code cf-fjp}: {@code runAsync} on a
 * ForkJoinPool per link.
 *
 * <p>The K chains of a pass run one after another inside the runtime, as in the Tokio and smol
 * anchors ({@code w7} runs in a spawned task and awaits each chain's oneshot there): for Weft a
 * task ({@link Chains}) that starts a chain and awaits its signal, K times; for {@code vthreads} a
 * virtual thread; for {@code cf-fjp} a sequence of pool stages ({@code thenCompose}). The main
 * thread waits once per pass. (Until 2026-12-06 the main thread started and awaited every chain,
 * which added two cross-thread wake-ups per chain that the anchors do not pay: 200 per pass of
 * 100,000 spawns.)
 */
public final class W7Chained implements Workload {
    /** A workload instance for the runner. */
    public W7Chained() {}

    @Override
    public String id() {
        return "W7";
    }

    @Override
    public List<String> impls() {
        return List.of("weft", WovenImpls.IMPL, "vthreads", "cf-fjp");
    }

    @Override
    public Result run(String impl, boolean quick) throws Exception {
        int depth = 1_000;
        int repeats = quick ? 10 : 100;
        Measured m = switch (impl) {
            case "weft" -> {
                try (WeftRuntime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> rt.blockOn(rt.spawn(new Chains(depth, repeats, W7Chained::link))));
                }
            }
            case WovenImpls.IMPL -> {
                WovenImpls.checkWoven();
                try (WeftRuntime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> rt.blockOn(rt.spawn(new Chains(depth, repeats, WovenImpls::link))));
                }
            }
            case "vthreads" -> {
                Peers.checkVirtualThreadParallelism();
                yield Peers.warmThenMeasure(() -> vthreadChains(depth, repeats));
            }
            case "cf-fjp" -> {
                ForkJoinPool pool = Peers.forkJoinPool();
                try {
                    yield Peers.warmThenMeasure(() -> cfChains(pool, depth, repeats).join());
                } finally {
                    pool.shutdownNow();
                }
            }
            default -> throw new IllegalArgumentException(impl);
        };
        return new Result((long) depth * repeats / (m.wallNanos() / 1e9), "spawns/s", m.cpuPerOp((long) depth * repeats));
    }

    private static void check(int expected, int spawns) {
        if (spawns != expected) throw new IllegalStateException("spawns " + spawns + " != " + expected);
    }

    /** Makes one link of a Weft chain: {@link #link} or {@link WovenImpls#link}. */
    @FunctionalInterface
    private interface Link {
        Future<Void> make(int left, Runnable last, AtomicInteger spawns);
    }

    /** K chains of D links, one after another, started and awaited by this task. */
    private static final class Chains implements Future<Void> {
        private final int depth;
        private final int repeats;
        private final Link link;
        private int started;
        private Signal last;
        private AtomicInteger spawns;

        Chains(int depth, int repeats, Link link) {
            this.depth = depth;
            this.repeats = repeats;
            this.link = link;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            while (true) {
                if (last == null) {
                    if (started == repeats) return Poll.ready(null);
                    started++;
                    last = new Signal();
                    spawns = new AtomicInteger(1);
                    Task.spawn(link.make(depth - 1, last::fire, spawns)).detach();
                }
                if (last.poll(cx).isPending()) return Poll.pending();
                check(depth, spawns.get());
                last = null;
            }
        }
    }

    private static Future<Void> link(int left, Runnable last, AtomicInteger spawns) {
        return cx -> {
            if (left == 0) {
                last.run();
            } else {
                spawns.incrementAndGet();
                Task.spawn(link(left - 1, last, spawns)).detach();
            }
            return Poll.ready(null);
        };
    }

    private static void vthreadChains(int depth, int repeats) throws Exception {
        AtomicReference<Exception> failed = new AtomicReference<>();
        Thread.ofVirtual().start(() -> {
            try {
                for (int k = 0; k < repeats; k++) check(depth, vthreadChain(depth));
            } catch (Exception e) {
                failed.set(e);
            }
        }).join();
        if (failed.get() != null) throw failed.get();
    }

    private static int vthreadChain(int depth) throws InterruptedException {
        CountDownLatch last = new CountDownLatch(1);
        AtomicInteger spawns = new AtomicInteger();
        spawns.incrementAndGet();
        Thread.ofVirtual().start(vlink(depth - 1, last, spawns));
        last.await();
        return spawns.get();
    }

    private static Runnable vlink(int left, CountDownLatch last, AtomicInteger spawns) {
        return () -> {
            if (left == 0) {
                last.countDown();
            } else {
                spawns.incrementAndGet();
                Thread.ofVirtual().start(vlink(left - 1, last, spawns));
            }
        };
    }

    /** K chains one after another on the pool: each stage starts a chain and completes with its last link. */
    private static CompletableFuture<Void> cfChains(ForkJoinPool pool, int depth, int repeats) {
        CompletableFuture<Void> all = CompletableFuture.runAsync(() -> { }, pool);
        for (int k = 0; k < repeats; k++) all = all.thenCompose(x -> cfChain(pool, depth));
        return all;
    }

    private static CompletableFuture<Void> cfChain(ForkJoinPool pool, int depth) {
        CompletableFuture<Void> last = new CompletableFuture<>();
        AtomicInteger spawns = new AtomicInteger();
        spawns.incrementAndGet();
        CompletableFuture.runAsync(cflink(pool, depth - 1, last, spawns), pool);
        return last.thenRun(() -> check(depth, spawns.get()));
    }

    private static Runnable cflink(ForkJoinPool pool, int left, CompletableFuture<Void> last, AtomicInteger spawns) {
        return () -> {
            if (left == 0) {
                last.complete(null);
            } else {
                spawns.incrementAndGet();
                CompletableFuture.runAsync(cflink(pool, left - 1, last, spawns), pool);
            }
        };
    }
}
