package dev.weft.coro;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A minimal multi-worker executor for coroutine tests (the project's work-stealing executor lives
 * in another layer). Each worker has its own FIFO queue; a woken task goes to the queue chosen by
 * the placement policy: {@code SHARED} (one queue all workers take from) or {@code ROUND_ROBIN}
 * (the n-th schedule goes to worker n mod workers: deterministic migration).
 *
 * <p>Task state (AtomicInteger): IDLE -wake-&gt; SCHEDULED -worker-&gt; RUNNING -pending-&gt; IDLE;
 * a wake while RUNNING -&gt; NOTIFIED, and the worker requeues after the poll; DONE is final. So
 * a task is never polled by two workers at once and no wake is lost.
 */
final class TestExecutor implements AutoCloseable {
    enum Placement { SHARED, ROUND_ROBIN }

    private static final int IDLE = 0, SCHEDULED = 1, RUNNING = 2, NOTIFIED = 3, DONE = 4;

    private final List<LinkedBlockingQueue<Runnable>> queues = new ArrayList<>();
    private final List<Thread> workers = new ArrayList<>();
    private final Placement placement;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger polls = new AtomicInteger();
    private final AtomicInteger busy = new AtomicInteger();
    private volatile boolean closed;

    TestExecutor(String name, int workerCount, Placement placement) {
        this.placement = placement;
        int queueCount = placement == Placement.SHARED ? 1 : workerCount;
        for (int i = 0; i < queueCount; i++) queues.add(new LinkedBlockingQueue<>());
        for (int i = 0; i < workerCount; i++) {
            LinkedBlockingQueue<Runnable> q = queues.get(placement == Placement.SHARED ? 0 : i);
            Thread t = new Thread(() -> work(q), name + "-" + i);
            t.setDaemon(true);
            workers.add(t);
            t.start();
        }
    }

    private void work(LinkedBlockingQueue<Runnable> q) {
        try {
            while (!closed) {
                Runnable r = q.take();
                try {
                    r.run();
                } finally {
                    busy.decrementAndGet();
                }
            }
        } catch (InterruptedException e) {
            // closing
        }
    }

    int polls() {
        return polls.get();
    }

    /** @return whether no task is queued or running */
    boolean idle() {
        return busy.get() == 0;
    }

    /** Spins (bounded) until {@code condition} holds and no task is queued or running. */
    void awaitIdleAnd(java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (!(condition.getAsBoolean() && idle())) {
            if (System.nanoTime() > deadline) throw new AssertionError("executor did not become idle");
            Thread.onSpinWait();
        }
    }

    <T> CompletableFuture<T> spawn(Future<T> future) {
        Task<T> t = new Task<>(future);
        t.wake();
        return t.result;
    }

    private void enqueue(Runnable r) {
        busy.incrementAndGet();
        int i = placement == Placement.SHARED ? 0 : Math.floorMod(next.getAndIncrement(), queues.size());
        queues.get(i).add(r);
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        for (Thread t : workers) t.interrupt();
        for (Thread t : workers) t.join(5000);
    }

    private final class Task<T> implements Runnable, Waker {
        final Future<T> future;
        final CompletableFuture<T> result = new CompletableFuture<>();
        final AtomicInteger state = new AtomicInteger(IDLE);
        final Context cx = Context.of(this);

        Task(Future<T> future) {
            this.future = future;
        }

        @Override
        public void wake() {
            while (true) {
                int s = state.get();
                if (s == IDLE) {
                    if (state.compareAndSet(IDLE, SCHEDULED)) {
                        enqueue(this);
                        return;
                    }
                } else if (s == RUNNING) {
                    if (state.compareAndSet(RUNNING, NOTIFIED)) return;
                } else {
                    return;
                }
            }
        }

        @Override
        public void run() {
            state.set(RUNNING);
            polls.incrementAndGet();
            Poll<T> p;
            try {
                p = future.poll(cx);
            } catch (Throwable e) {
                state.set(DONE);
                result.completeExceptionally(e);
                return;
            }
            if (p instanceof Poll.Ready<T>(T v)) {
                state.set(DONE);
                result.complete(v);
                return;
            }
            if (!state.compareAndSet(RUNNING, IDLE)) {
                state.set(SCHEDULED);
                enqueue(this);
            }
        }
    }
}
