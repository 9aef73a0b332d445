package dev.weft.bench.workload;

import dev.weft.exec.BlockOn;
import dev.weft.exec.Runtime;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * W7 chained: a task spawns the next task which spawns the next, depth D, the last one signals
 * completion; repeated K times. Value: spawns/s. Each implementation counts its spawns and checks
 * the count (D per chain). {@code weft}: each link a lambda future spawning the next as a detached
 * task; {@code weft-woven}: each link a woven future ({@link WovenImpls#link}), started and awaited
 * the same way; {@code vthreads}: a virtual thread per link; {@code cf-fjp}: {@code runAsync} on a
 * ForkJoinPool per link.
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
                try (Runtime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> {
                        for (int k = 0; k < repeats; k++) check(depth, weftChain(rt, depth, W7Chained::link));
                    });
                }
            }
            case WovenImpls.IMPL -> {
                WovenImpls.checkWoven();
                try (Runtime rt = Peers.weft()) {
                    yield Peers.warmThenMeasure(() -> {
                        for (int k = 0; k < repeats; k++) check(depth, weftChain(rt, depth, WovenImpls::link));
                    });
                }
            }
            case "vthreads" -> {
                Peers.checkVirtualThreadParallelism();
                yield Peers.warmThenMeasure(() -> {
                    for (int k = 0; k < repeats; k++) check(depth, vthreadChain(depth));
                });
            }
            case "cf-fjp" -> {
                ForkJoinPool pool = Peers.forkJoinPool();
                try {
                    yield Peers.warmThenMeasure(() -> {
                        for (int k = 0; k < repeats; k++) check(depth, cfChain(pool, depth));
                    });
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

    private static int weftChain(Runtime rt, int depth, Link link) {
        Signal last = new Signal();
        AtomicInteger spawns = new AtomicInteger();
        // as cf-fjp's runAsync and join: start the chain, then wait for its signal on this thread
        spawns.incrementAndGet();
        rt.spawn(link.make(depth - 1, last::fire, spawns)).detach();
        BlockOn.blockOn(last);
        return spawns.get();
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

    private static int cfChain(ForkJoinPool pool, int depth) {
        CompletableFuture<Void> last = new CompletableFuture<>();
        AtomicInteger spawns = new AtomicInteger();
        spawns.incrementAndGet();
        CompletableFuture.runAsync(cflink(pool, depth - 1, last, spawns), pool);
        last.join();
        return spawns.get();
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
