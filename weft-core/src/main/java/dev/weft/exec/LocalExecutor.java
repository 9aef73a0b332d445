package dev.weft.exec;

import dev.weft.exec.internal.BlockOn;
import dev.weft.exec.internal.CloseDrain;
import dev.weft.exec.internal.InjectQueue;
import dev.weft.exec.internal.WorkerParker;
import dev.weft.future.Future;
import dev.weft.future.internal.FailureSink;
import dev.weft.future.internal.Wakes;
import dev.weft.internal.Coop;
import dev.weft.task.Task;
import dev.weft.task.internal.RawTask;
import dev.weft.task.internal.Schedule;
import dev.weft.task.internal.TaskList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * An executor that runs all its tasks on one thread: the thread that calls {@link #run(Future)}.
 * Tasks need not be thread-safe, since they are only ever polled there. Wakes may come from any
 * thread: a task woken elsewhere goes through a thread-safe injection queue and the running thread
 * is unparked (or its reactor driver woken).
 *
 * {@snippet :
 * try (LocalExecutor ex = new LocalExecutor()) {
 *     int[] counter = {0};                      // not thread-safe, and needs not be
 *     for (int i = 0; i < 10; i++) ex.spawn(Future.ready(counter[0]++));
 *     int v = ex.run(Future.ready(7));          // drives tasks until this future completes
 * }
 * }
 *
 * <h2>State</h2>
 * <pre>
 * field    meaning                                             access
 * local    tasks scheduled from the running thread             running thread only
 * inject   tasks scheduled from other threads (or before run)  any thread (locked)
 * runner   the thread inside run(), or null                    volatile; written by run()
 * parker   sleeps the runner; any thread unparks                see WorkerParker
 * </pre>
 * Every {@value #INJECT_INTERVAL}th task is taken from the injection queue first, so tasks woken
 * from other threads are not starved by a busy local queue. Idle: the runner drives the reactor
 * and timers if nobody else does, else it parks.
 *
 * <p>{@code Task.spawn} and {@code WeftRuntime.current()} refer to the work-stealing {@link WeftRuntime}; a
 * task of a local executor spawns more local tasks with this executor's {@link #spawn(Future)}.
 *
 * <p>Memory consistency effects: a wake happens-before the poll it causes.
 */
public final class LocalExecutor implements AutoCloseable {
    private static final int INJECT_INTERVAL = 31;
    private static final long CLOSE_DRAIN_SECONDS = 10;
    private static final long CLOSE_DRAIN_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(CLOSE_DRAIN_SECONDS);

    private final Queues queues;

    /** An executor whose detached tasks' exceptions go to the current thread's handler. */
    public LocalExecutor() {
        this(t -> {
            Thread cur = Thread.currentThread();
            cur.getUncaughtExceptionHandler().uncaughtException(cur, t);
        });
    }

    /**
     * An executor with a hook for exceptions of detached tasks.
     *
     * @param onUncaughtException receives failures nobody awaits
     */
    public LocalExecutor(Consumer<Throwable> onUncaughtException) {
        this.queues = new Queues(Objects.requireNonNull(onUncaughtException, "onUncaughtException"));
    }

    /**
     * Spawns {@code future}; it runs during {@link #run(Future)}. Any thread may spawn, but the future
     * is polled on the running thread only.
     *
     * @param future the future
     * @param <T> the output type
     * @return its handle
     * @throws IllegalStateException if this executor is closed
     */
    public <T> Task<T> spawn(Future<T> future) {
        Queues q = queues;
        if (q.closed) throw new IllegalStateException("executor is closed");
        RawTask<T> t = new RawTask<>(future, q, true);
        q.spawned.incrementAndGet();
        q.schedule(t, false);
        if (q.closed) t.shutdown(); // raced with close, which may have drained the queues already
        return t;
    }

    /**
     * Runs the tasks of this executor on the calling thread until {@code future} completes; other
     * tasks stay where they are afterwards and run on in the next call.
     *
     * <p>Failures: what the future threw, as it is (a checked one undeclared).
     *
     * @param future the future to drive to completion
     * @param <T> the output type
     * @return its output
     * @throws IllegalStateException if another thread is running this executor, or it is closed, or if
     *     called on a worker of a runtime (it would block that worker)
     */
    public <T> T run(Future<T> future) {
        BlockOn.refuseOnWorker("LocalExecutor.run(...)", "", "spawn the future on the current runtime with"
                + " Task.spawn, or await it in a Weft.async body");
        Queues q = queues;
        Thread me = Thread.currentThread();
        synchronized (q) {
            if (q.runner != null) throw new IllegalStateException("already running on " + q.runner.getName());
            q.runner = me;
        }
        q.parker.bind(me);
        FailureSink prevSink = Wakes.installSink(q::uncaught);
        try {
            Task<T> main = spawn(future);
            int tick = 0;
            while (!main.isDone()) {
                RawTask<?> t = null;
                if (++tick % INJECT_INTERVAL == 0) t = q.inject.pop();
                if (t == null) t = q.local.poll();
                if (t == null) t = q.inject.pop();
                if (t == null) {
                    try {
                        q.parker.park();
                    } catch (Throwable e) {
                        q.uncaught(e); // a waker fired by the reactor/timer driver threw
                    }
                    continue;
                }
                Coop.reset();
                try {
                    t.run();
                } catch (Throwable e) {
                    q.uncaught(e); // escaped a task's completion (Wakes contains the rest): this loop goes on
                } finally {
                    Coop.unlimited();
                }
            }
            return BlockOn.blockOn(main);
        } finally {
            RawTask<?> t;
            while ((t = q.local.poll()) != null) q.inject.push(t);
            Wakes.installSink(prevSink);
            q.runner = null;
        }
    }

    /** @return the number of tasks spawned and not yet finished (a snapshot) */
    public int liveTasks() {
        return (int) (queues.spawned.get() - queues.finished.get());
    }

    /**
     * Cancels every task still alive (their {@code cancel()} hooks run on this thread); later spawns
     * fail. Tasks whose futures are still cancelling then run on this thread until they complete,
     * for at most {@value #CLOSE_DRAIN_SECONDS} seconds. Call it when no thread is inside
     * {@link #run(Future)}.
     */
    @Override
    public void close() {
        Queues q = queues;
        q.closed = true;
        java.util.Set<RawTask<?>> unwinding = CloseDrain.newSet();
        for (RawTask<?> t : q.tasks.close()) if (!t.shutdown()) unwinding.add(t);
        List<RawTask<?>> queued = new ArrayList<>();
        for (RawTask<?> t; (t = q.local.poll()) != null; ) queued.add(t);
        for (RawTask<?> t; (t = q.inject.pop()) != null; ) queued.add(t);
        for (RawTask<?> t : queued) if (!t.shutdownQueued()) unwinding.add(t);
        unwinding.addAll(q.lateUnwinding);
        CloseDrain.run(unwinding, q.inject, System.nanoTime() + CLOSE_DRAIN_NANOS);
    }

    /**
     * The queues and the {@link Schedule} of the executor. {@code tasks} holds only the tasks that
     * wait for a waker (the others are in a queue or being run), {@code closed} is set once by
     * {@link #close()}, the counters count spawned and finished tasks.
     */
    private static final class Queues implements Schedule {
        final ArrayDeque<RawTask<?>> local = new ArrayDeque<>();
        final InjectQueue<RawTask<?>> inject = new InjectQueue<>();
        final WorkerParker parker = new WorkerParker(null);
        final TaskList tasks = new TaskList();
        final java.util.Set<RawTask<?>> lateUnwinding = java.util.concurrent.ConcurrentHashMap.newKeySet();
        final AtomicLong spawned = new AtomicLong();
        final AtomicLong finished = new AtomicLong();
        final Consumer<Throwable> hook;
        volatile Thread runner;
        volatile boolean closed;

        Queues(Consumer<Throwable> hook) {
            this.hook = hook;
        }

        @Override
        public void schedule(RawTask<?> task, boolean yielded) {
            if (runner == Thread.currentThread()) {
                local.add(task);
            } else {
                inject.push(task);
                parker.unpark();
            }
        }

        @Override
        public boolean track(RawTask<?> task) {
            return tasks.add(task);
        }

        @Override
        public void unwindingAfterClose(RawTask<?> task) {
            lateUnwinding.add(task);
        }

        @Override
        public void release(RawTask<?> task, boolean tracked) {
            if (tracked) tasks.remove(task);
            finished.incrementAndGet();
        }

        @Override
        public void uncaught(Throwable error) {
            Schedule.report(hook, error);
        }
    }
}
