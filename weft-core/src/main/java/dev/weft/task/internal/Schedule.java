package dev.weft.task.internal;

import dev.weft.future.Future;

/**
 * What a {@link RawTask} needs from the executor that owns it.
 *
 * <p>All calls come from whichever thread caused them (a waker on any thread, the worker that
 * completed the task, the thread that detached it), so implementations must be thread-safe unless
 * the executor guarantees that all of them happen on one thread.
 */
public interface Schedule {

    /**
     * Puts {@code task} into a run queue. Called exactly once per transition to scheduled, so the
     * task is in at most one queue at a time.
     *
     * @param task the task to queue
     * @param yielded {@code true} if the task was woken during its own poll (a yield, or a wake from
     *     another thread that arrived while it ran): it goes to the back of a queue, never to a
     *     LIFO slot, so that it gives the worker away
     */
    void schedule(RawTask<?> task, boolean yielded);

    /**
     * Spawns {@code future} as a new task of this executor from a thread that is none of its own
     * (a coroutine body on a spare carrier): through its injection queue.
     *
     * @param future the future to run
     * @param <T> its output type
     * @return the task, or {@code null} if this executor takes no spawns from other threads
     * @throws IllegalStateException if the executor is closed
     */
    default <T> RawTask<T> spawnFromOtherThread(Future<T> future) {
        return null;
    }

    /**
     * The task is about to wait for a waker (its poll returned Pending and nothing woke it): the
     * executor remembers it so that closing can cancel it. Called at most once per task, by the
     * thread that polled it while that thread still owns the poll.
     *
     * @param task the task
     * @return {@code false} if the executor is closed (the task then cancels itself)
     */
    boolean track(RawTask<?> task);

    /**
     * A task whose future is still cancelling found the executor closed ({@link #track} refused
     * it): the executor's close must run it when it is woken, until it completes. Called at most
     * once per task, by the thread that owns its poll.
     *
     * @param task the task
     */
    default void unwindingAfterClose(RawTask<?> task) {}

    /**
     * The task completed or was cancelled: the executor counts it as finished and, if it was
     * tracked, forgets it.
     *
     * @param task the finished task
     * @param tracked whether {@link #track} accepted it
     */
    void release(RawTask<?> task, boolean tracked);

    /**
     * The statistics of a task that keeps them (its STATS bit is set), from its spawn until its
     * release. An executor without per-task statistics never sets that bit, so it need not
     * override this.
     *
     * @param task a task with statistics
     * @return its statistics, or {@code null} once the task was released
     */
    default TaskStats statsOf(RawTask<?> task) {
        return null;
    }

    /**
     * A task failed while its handle was held and not yet awaited: {@code report} must run once
     * nobody can await the handle any more (it does nothing if the failure surfaced meanwhile, so
     * running it is always safe). By default that is when the task object becomes unreachable, as a
     * cleaner sees it. A simulation runs it when the run ends instead: a collector's timing differs
     * from one JVM to the next, and a run must not.
     *
     * @param task the failed task
     * @param report reports the failure to this executor's hook, given why nobody can take it
     */
    default void watchUnobserved(RawTask<?> task, java.util.function.Consumer<String> report) {
        Unobserved.whenCollected(task, report);
    }

    /**
     * A task that nobody will await failed: report {@code error} (the runtime's hook).
     *
     * @param error what the task threw
     */
    void uncaught(Throwable error);

    /**
     * A task failed and its failure reached nobody: report {@code error} (the runtime's hook),
     * with {@code what} saying which task and how (the default hook logs it; a hook set by the
     * user gets the throwable alone).
     *
     * @param what the task and why it is reported, such as "task 1a2b (Server$serve$0) failed, and
     *     it was detached"
     * @param error what the task threw
     */
    default void uncaught(String what, Throwable error) {
        uncaught(error);
    }

    /**
     * Hands {@code error} to {@code hook}; if the hook itself throws, that failure (with
     * {@code error} suppressed in it) goes to the current thread's uncaught-exception handler, so
     * nothing is lost and the calling worker lives on.
     *
     * @param hook the runtime's hook for failures of detached tasks
     * @param error what the task threw
     */
    static void report(java.util.function.Consumer<? super Throwable> hook, Throwable error) {
        try {
            hook.accept(error);
        } catch (Throwable t) {
            t.addSuppressed(error);
            Thread cur = Thread.currentThread();
            cur.getUncaughtExceptionHandler().uncaughtException(cur, t);
        }
    }
}
