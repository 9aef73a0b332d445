package dev.weft.exec;

import dev.weft.exec.internal.Scheduler;
import dev.weft.future.Future;
import dev.weft.task.Task;
import java.util.Objects;

/**
 * The work-stealing executor of a {@link WeftRuntime}: N worker threads, each with a bounded local run
 * queue (4096 tasks, other workers steal half of it when idle), a LIFO slot for the task woken last
 * by the running task, and a global injection queue for tasks spawned or woken from other threads.
 * It is Tokio's multi-thread scheduler in Java; the implementation notes are in
 * {@code dev.weft.exec.internal.Scheduler} and {@code Worker}.
 *
 * <p>Tasks may run on a different worker after each wake (migration): a task's future is polled by
 * one thread at a time, each poll happens-after the previous one, but futures spawned here must
 * not rely on staying on one thread (use {@link LocalExecutor} for that).
 *
 * <p>Also a {@link java.util.concurrent.Executor}: {@link #execute(Runnable)} runs a runnable as a
 * detached task; an exception it throws goes to the runtime's uncaught-exception hook.
 *
 * {@snippet :
 * try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
 *     WorkStealingExecutor ex = rt.executor();
 *     Task<String> t = ex.spawn(Future.ready("hi"));
 *     ex.execute(() -> System.out.println("as a runnable"));
 *     System.out.println(rt.blockOn(t));
 * }
 * }
 *
 * <p>Memory consistency effects: actions before a spawn (or {@code execute}) happen-before the
 * first poll of the task; a wake happens-before the poll it causes.
 */
public final class WorkStealingExecutor implements java.util.concurrent.Executor {
    private final Scheduler scheduler;

    WorkStealingExecutor(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    Scheduler scheduler() {
        return scheduler;
    }

    /**
     * Spawns {@code future} as a task; works from any thread (from a worker of this executor the
     * task goes to that worker's LIFO slot, from elsewhere to the injection queue).
     *
     * @param future the future to run
     * @param <T> the output type
     * @return the task's handle
     * @throws IllegalStateException if the runtime is closed
     */
    public <T> Task<T> spawn(Future<T> future) {
        return scheduler.spawn(future, true);
    }

    /**
     * Runs {@code command} once as a detached task.
     *
     * @param command what to run; it should not block
     * @throws IllegalStateException if the runtime is closed
     */
    @Override
    public void execute(Runnable command) {
        scheduler.spawn(new RunOnce(Objects.requireNonNull(command, "command")), false);
    }

    /** @return the number of worker threads */
    public int workers() {
        return scheduler.workerCount();
    }

    @Override
    public String toString() {
        return "WorkStealingExecutor[workers=" + workers() + ", " + scheduler.describe() + "]";
    }
}
