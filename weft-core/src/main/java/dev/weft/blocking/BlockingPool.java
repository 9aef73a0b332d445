package dev.weft.blocking;

import dev.weft.blocking.internal.InlinePool;
import dev.weft.blocking.internal.RuntimePool;
import dev.weft.future.Fallible;
import dev.weft.future.internal.FailureSink;
import dev.weft.future.internal.Wakes;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A pool of platform threads for work that must block (file I/O, blocking libraries), so that it
 * never blocks an executor's worker (smol's {@code blocking}, Tokio's blocking pool).
 *
 * <p>Threads are started when a job arrives and no idle thread is there to take it, up to
 * {@code maxThreads}; a thread that found no work for {@code keepAlive} exits. The queue is
 * unbounded and FIFO. Threads are daemon threads named {@code <prefix>-<n>}. What is thrown on
 * them where nobody can take it (a child body awaited by blocking code that throws while it
 * unwinds) goes to the thread's uncaught-exception handler, except in a runtime's own pool
 * ({@code WeftRuntime.blockingPool()}), whose threads report it to the runtime's failure hook.
 *
 * {@snippet :
 * BlockingPool pool = BlockingPool.create(64, Duration.ofSeconds(10), "db");
 * ResultSet rs = Weft.await(pool.unblock(() -> statement.executeQuery()));
 * }
 *
 * <h2>State</h2>
 * <pre>
 * field        meaning                                        who touches it
 * head, tail   queued jobs, FIFO                              guarded by lock
 * queued       length of that queue                           guarded by lock
 * threads      live pool threads                              guarded by lock
 * busy         threads running a job (from dequeue until the  guarded by lock
 *              callable returned, before its waker is woken)
 * maxThreads   the limit (lowered if the OS refuses a thread) guarded by lock
 * largest      the most threads alive at once                 guarded by lock
 * live         the pool's threads, for close()                guarded by lock
 * closed       close() was called                             guarded by lock
 * </pre>
 * <pre>
 * event                      effect
 * unblock                    enqueue; if queued &gt; threads - busy and threads &lt; max: start
 *                            a thread; signal one idle thread
 * thread finds a job         dequeue it, busy++, run it without the lock; busy-- when the
 *                            callable returned (before the awaiter is woken)
 * thread finds none          wait up to keepAlive for a signal; exit if the wait ran out and
 *                            the queue is empty
 * job cancelled while queued leaves the queue (never runs)
 * job cancelled while running its thread is interrupted; the interrupt is cleared when the job
 *                            returns, before the thread takes the next one
 * close                      closed; every queued job fails with RejectedExecutionException;
 *                            idle threads are signalled and exit, busy ones are interrupted and
 *                            exit after their job; close waits for them (bounded)
 * unblock after close        the job fails at once with RejectedExecutionException
 * </pre>
 * Memory consistency effects: actions before {@code unblock} happen-before the callable runs, and
 * the callable's actions happen-before the completion of the returned future.
 */
public final class BlockingPool {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    private final long keepAliveNanos;
    private final String prefix;
    private final AtomicInteger ids = new AtomicInteger();
    private BlockingJob<?> head;
    private BlockingJob<?> tail;
    private int queued;
    private int threads;
    private int busy;
    private int maxThreads;
    private int largest;
    private final java.util.Set<Thread> live = new java.util.HashSet<>();
    private boolean closed;
    /** Null, or where every job goes instead of to a thread (a simulation's pool). */
    private final InlinePool inline;
    /** Null, or the failure sink of the runtime whose pool this is: each thread's, for its whole life. */
    private final FailureSink sink;

    static {
        InlinePool.Factory.install(BlockingPool::new);
        RuntimePool.install(BlockingPool::new);
    }

    private BlockingPool(int maxThreads, Duration keepAlive, String prefix, FailureSink sink) {
        if (maxThreads < 1) throw new IllegalArgumentException("maxThreads: " + maxThreads);
        this.maxThreads = maxThreads;
        this.keepAliveNanos = keepAlive.toNanos();
        this.prefix = Objects.requireNonNull(prefix, "prefix");
        if (keepAliveNanos <= 0) throw new IllegalArgumentException("keepAlive: " + keepAlive);
        this.inline = null;
        this.sink = sink;
    }

    private BlockingPool(InlinePool inline) {
        this.maxThreads = 1;
        this.keepAliveNanos = 1;
        this.prefix = "weft-sim-blocking";
        this.inline = inline;
        this.sink = null;
    }

    /**
     * A new pool (no threads until the first job).
     *
     * @param maxThreads the most threads at once, at least 1
     * @param keepAlive how long a thread waits for work before it exits
     * @param prefix the thread name prefix
     * @return the pool
     */
    public static BlockingPool create(int maxThreads, Duration keepAlive, String prefix) {
        return new BlockingPool(maxThreads, keepAlive, prefix, null);
    }

    /**
     * Runs {@code callable} on a pool thread. The job is queued at once (not on first poll).
     *
     * <p>The future is woken when the callable returned or threw. It fails with what the callable
     * threw, as it is (the future is a {@code Fallible<T, Exception>}, so {@code Weft.await} of it
     * declares {@code throws Exception}, as {@code Callable.call} does). Cancelling it before a
     * thread took the job removes the job (it never runs); once running, the pool thread is
     * interrupted (as {@code FutureTask.cancel(true)} does), the result is dropped, and the
     * cancelled future's {@code pollCancel} is ready once the callable returned, so a task
     * cancelled while it awaits blocking work ends only after that work did. What the callable
     * throws once interrupted, other than the interruption itself ({@code InterruptedException},
     * {@code InterruptedIOException}, {@code ClosedByInterruptException},
     * {@code CancellationException}), goes to the canceller's failure hook.
     *
     * @param callable the blocking work
     * @param <T> the result type
     * @return the future of its result
     */
    public <T> Fallible<T, Exception> unblock(Callable<T> callable) {
        if (inline != null) return inline.unblock(Objects.requireNonNull(callable, "callable"));
        BlockingJob<T> job = new BlockingJob<>(this, Objects.requireNonNull(callable, "callable"));
        boolean start;
        lock.lock();
        try {
            if (closed) {
                job.refuse(new RejectedExecutionException(prefix + " blocking pool is closed"));
                return job;
            }
            job.prev = tail;
            if (tail == null) head = job;
            else tail.next = job;
            tail = job;
            queued++;
            start = queued > threads - busy && threads < maxThreads;
            if (start) {
                threads++;
                largest = Math.max(largest, threads);
            }
            work.signal();
        } finally {
            lock.unlock();
        }
        if (start) startThread();
        return job;
    }

    /** @return live pool threads now */
    public int threadCount() {
        lock.lock();
        try {
            return threads;
        } finally {
            lock.unlock();
        }
    }

    /** @return the most pool threads that were alive at once */
    public int largestThreadCount() {
        lock.lock();
        try {
            return largest;
        } finally {
            lock.unlock();
        }
    }

    /** @return jobs waiting for a thread now */
    public int queuedJobs() {
        lock.lock();
        try {
            return queued;
        } finally {
            lock.unlock();
        }
    }

    /** @return the thread name prefix */
    public String threadNamePrefix() {
        return prefix;
    }

    /** @return the pool's threads alive now (a snapshot, for diagnostics and close reports) */
    public java.util.List<Thread> liveThreads() {
        lock.lock();
        try {
            java.util.List<Thread> out = new java.util.ArrayList<>();
            for (Thread t : live) if (t.isAlive()) out.add(t);
            return out;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Stops the pool (a runtime's close does this for its own): queued jobs fail with
     * {@link RejectedExecutionException}, later ones too; idle threads exit; threads running a job
     * are interrupted and exit when it returns. Waits at most {@code waitNanos} for them.
     *
     * @param waitNanos how long to wait for the pool's threads to end
     * @return the threads still alive when the wait ended (a job that ignores interrupts)
     * @throws InterruptedException if interrupted while waiting
     */
    public java.util.List<Thread> close(long waitNanos) throws InterruptedException {
        java.util.List<BlockingJob<?>> refused = new java.util.ArrayList<>();
        java.util.List<Thread> threadsNow;
        lock.lock();
        try {
            closed = true;
            for (BlockingJob<?> j; (j = dequeue()) != null; ) refused.add(j);
            work.signalAll();
            threadsNow = java.util.List.copyOf(live);
        } finally {
            lock.unlock();
        }
        for (BlockingJob<?> j : refused) j.refuse(new RejectedExecutionException(prefix + " blocking pool closed"));
        for (Thread t : threadsNow) if (t != Thread.currentThread()) t.interrupt();
        long deadline = System.nanoTime() + waitNanos;
        java.util.List<Thread> alive = new java.util.ArrayList<>();
        for (Thread t : threadsNow) {
            if (t == Thread.currentThread()) continue;
            long left = deadline - System.nanoTime();
            if (left > 0) t.join(java.time.Duration.ofNanos(left));
            if (t.isAlive()) alive.add(t);
        }
        return alive;
    }

    private void startThread() {
        try {
            Thread t = Thread.ofPlatform().daemon().name(prefix + "-" + ids.incrementAndGet()).unstarted(this::workLoop);
            lock.lock();
            try {
                live.add(t);
            } finally {
                lock.unlock();
            }
            t.start();
        } catch (OutOfMemoryError e) {
            // The OS refused a thread: lower the limit to what exists, like smol's blocking pool.
            lock.lock();
            try {
                threads--;
                live.removeIf(x -> x.getState() == Thread.State.NEW);
                maxThreads = Math.max(1, threads);
                if (threads == 0) throw e;
            } finally {
                lock.unlock();
            }
        }
    }

    void remove(BlockingJob<?> job) {
        lock.lock();
        try {
            if (job.prev == null && head != job) return; // already taken by a thread
            if (job.prev == null) head = job.next;
            else job.prev.next = job.next;
            if (job.next == null) tail = job.prev;
            else job.next.prev = job.prev;
            job.prev = null;
            job.next = null;
            queued--;
        } finally {
            lock.unlock();
        }
    }

    /** A job this pool's thread ran (or skipped) is finished: the thread is free again. */
    void jobFinished() {
        lock.lock();
        try {
            busy--;
        } finally {
            lock.unlock();
        }
    }

    private BlockingJob<?> dequeue() {
        BlockingJob<?> job = head;
        if (job == null) return null;
        head = job.next;
        if (head == null) tail = null;
        else head.prev = null;
        job.next = null;
        queued--;
        return job;
    }

    private void workLoop() {
        if (sink != null) Wakes.installSink(sink); // for the thread's life: it runs this pool's jobs only
        lock.lock();
        try {
            long left = keepAliveNanos;
            while (true) {
                BlockingJob<?> job = dequeue();
                if (job != null) {
                    busy++;
                    lock.unlock();
                    try {
                        job.run();
                    } finally {
                        Thread.interrupted(); // a job's interrupt must not leak into the next one
                        lock.lock();
                    }
                    left = keepAliveNanos;
                    continue;
                }
                if (left <= 0 || closed) break;
                try {
                    left = work.awaitNanos(left);
                } catch (InterruptedException e) {
                    left = 0;
                }
            }
            threads--;
            live.remove(Thread.currentThread());
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        lock.lock();
        try {
            return "BlockingPool[" + prefix + ", threads=" + threads + ", busy=" + busy + ", queued=" + queued
                    + ", max=" + maxThreads + ", keepAlive=" + TimeUnit.NANOSECONDS.toMillis(keepAliveNanos) + "ms]";
        } finally {
            lock.unlock();
        }
    }
}
