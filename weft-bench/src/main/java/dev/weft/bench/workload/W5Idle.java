package dev.weft.bench.workload;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.sync.Oneshot;
import dev.weft.sync.OneshotSender;
import dev.weft.task.Task;
import java.util.List;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * W5 idle: N tasks each await its own oneshot whose sender is held and does not send; once all
 * have been polled once, resident memory is measured. Value: bytes per task =
 * (RSS after - RSS before) / N; extra: heap bytes per task after full GC, and the process CPU time
 * of the measured pass per task (spawning, the first polls, the full GCs of the heap measurement,
 * the release). {@code weft}: tasks on
 * the work-stealing executor (2 workers) awaiting a {@link Oneshot}; {@code weft-stackful}: the
 * same tasks awaiting it in a coroutine ({@link StackfulImpls#idle}); {@code weft-woven}: in a
 * woven future ({@link WovenImpls#idle}); {@code vthreads}: virtual threads blocked in
 * {@link SynchronousQueue#take()}. Afterwards every task is released and checked.
 */
public final class W5Idle implements Workload {
    private static final int N = 1_000_000;

    /** The runner's no-argument constructor. */
    public W5Idle() {}

    @Override
    public String id() {
        return "W5";
    }

    @Override
    public List<String> impls() {
        return List.of("weft", StackfulImpls.IMPL, WovenImpls.IMPL, "vthreads");
    }

    @Override
    public Result run(String impl, boolean quick) throws Exception {
        int n = quick ? 10_000 : N;
        Pass pass = switch (impl) {
            case "weft" -> n1 -> weft(n1, UnaryOperator.identity());
            case StackfulImpls.IMPL -> {
                StackfulImpls.checkMechanism();
                yield n1 -> weft(n1, StackfulImpls::idle);
            }
            case WovenImpls.IMPL -> {
                WovenImpls.checkWoven();
                yield n1 -> weft(n1, WovenImpls::idle);
            }
            case "vthreads" -> W5Idle::vthreads;
            default -> throw new IllegalArgumentException("unknown impl " + impl);
        };
        pass.run(Math.max(1, n / 10)); // warm-up
        long cpu0 = Measured.processCpuNanos();
        long[] m = pass.run(n);
        long cpuNanos = Measured.processCpuNanos() - cpu0;
        double rssPerTask = (double) (m[1] - m[0]) / n;
        double heapPerTask = (double) (m[3] - m[2]) / n;
        return new Result(rssPerTask, "bytes/task",
                "tasks=" + n + ",heapBytesPerTask=" + Math.round(heapPerTask) + ",rssBeforeMB=" + (m[0] >> 20)
                        + ",rssAfterMB=" + (m[1] >> 20) + "," + Measured.cpuPerOp(cpuNanos, n));
    }

    @FunctionalInterface
    private interface Pass {
        /** @return {rss before, rss after, heap before, heap after} */
        long[] run(int n) throws Exception;
    }

    /** @param body wraps each task's receive future: itself, or a coroutine or woven future awaiting it */
    private static long[] weft(int n, UnaryOperator<Future<Integer>> body) throws Exception {
        try (WeftRuntime rt = Peers.weft()) {
            long heap0 = Memory.heapUsedAfterGc();
            long rss0 = Memory.rssBytes();
            @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation
            OneshotSender<Integer>[] senders = new OneshotSender[n];
            @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation
            Task<Integer>[] tasks = new Task[n];
            AtomicInteger polled = new AtomicInteger();
            for (int i = 0; i < n; i++) {
                Oneshot<Integer> o = Oneshot.create();
                senders[i] = o.sender();
                tasks[i] = rt.spawn(new Idle(body.apply(o.receiver()), polled));
            }
            awaitCount(polled, n);
            long heap1 = Memory.heapUsedAfterGc();
            long rss1 = Memory.rssBytes();
            for (int i = 0; i < n; i++) senders[i].send(i);
            for (int i = 0; i < n; i++) {
                int v = rt.blockOn(tasks[i]);
                if (v != i) throw new IllegalStateException("task " + i + " got " + v);
            }
            return new long[] {rss0, rss1, heap0, heap1};
        }
    }

    private static long[] vthreads(int n) throws Exception {
        Peers.checkVirtualThreadParallelism();
        long heap0 = Memory.heapUsedAfterGc();
        long rss0 = Memory.rssBytes();
        @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation
        SynchronousQueue<Integer>[] queues = new SynchronousQueue[n];
        Thread[] threads = new Thread[n];
        AtomicInteger started = new AtomicInteger();
        AtomicInteger wrong = new AtomicInteger();
        for (int i = 0; i < n; i++) {
            SynchronousQueue<Integer> q = new SynchronousQueue<>();
            queues[i] = q;
            int me = i;
            threads[i] = Thread.ofVirtual().start(() -> {
                started.incrementAndGet();
                try {
                    if (q.take() != me) wrong.incrementAndGet();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        awaitCount(started, n);
        // "polled once": each thread has entered take(); wait until none is runnable any more.
        for (int i = 0; i < n; i++) {
            while (threads[i].getState() != Thread.State.WAITING) Thread.onSpinWait();
        }
        long heap1 = Memory.heapUsedAfterGc();
        long rss1 = Memory.rssBytes();
        for (int i = 0; i < n; i++) queues[i].put(i);
        for (Thread t : threads) t.join();
        if (wrong.get() != 0) throw new IllegalStateException(wrong.get() + " threads got a wrong value");
        return new long[] {rss0, rss1, heap0, heap1};
    }

    private static void awaitCount(AtomicInteger count, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (count.get() < n) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("only " + count.get() + " of " + n + " ran");
            Thread.sleep(1);
        }
    }

    /** Counts its first poll, then awaits the oneshot (directly, or in a coroutine or woven future). */
    static final class Idle implements Future<Integer> {
        private final Future<Integer> rx;
        private AtomicInteger polled;

        Idle(Future<Integer> rx, AtomicInteger polled) {
            this.rx = rx;
            this.polled = polled;
        }

        @Override
        public Poll<Integer> poll(Context cx) throws Exception {
            Poll<Integer> p = rx.poll(cx);
            if (polled != null) {
                polled.incrementAndGet();
                polled = null;
            }
            return p;
        }
    }
}
