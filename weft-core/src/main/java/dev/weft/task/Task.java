package dev.weft.task;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.internal.RawTask;

/**
 * The handle of a spawned task: a future of the task's output that can also cancel or detach it.
 *
 * <p>Awaiting the handle (polling it, {@code Weft.await(task)}, or {@code blockOn}) gives the output
 * once the task completed. It is woken when the task completes (the awaiting task's waker is stored
 * in the task). If the task threw, awaiting rethrows the original exception; if it was cancelled,
 * it throws {@link java.util.concurrent.CancellationException}. Awaiting is cancel-safe: cancelling
 * the await (the handle's {@link #cancel()} hook) cancels the task itself, as Rust's async-task does
 * when a {@code Task} is dropped; call {@link #detach()} first to let it run on.
 *
 * <p>The handle is the task itself (the interface is sealed; the runtime's task is its only
 * implementation), so spawning allocates one object besides the future.
 *
 * {@snippet :
 * try (Runtime rt = Runtime.builder().workers(2).build()) {
 *     Task<Integer> t = rt.spawn(Future.ready(41));
 *     int v = rt.blockOn(t) + 1;        // 42
 *     rt.spawn(Future.ready("bg")).detach(); // runs on, its outcome dropped
 * }
 * }
 *
 * <p>Memory consistency effects: everything the task did happens-before a successful await of its
 * handle returns.
 *
 * @param <T> the output type
 */
public sealed interface Task<T> extends Future<T> permits RawTask {

    /**
     * Spawns {@code future} on the current runtime ({@code dev.weft.exec.Runtime.current()}): that
     * of the worker running the caller, found with one look at the current thread (a spawn loop
     * pays for no more; {@code weft-bench/RESULTS.md}, stop 15).
     *
     * @param future the future to run
     * @param <T> the output type
     * @return the handle
     * @throws IllegalStateException outside a runtime, or if the runtime is closed
     */
    static <T> Task<T> spawn(Future<T> future) {
        Task<T> t = dev.weft.exec.internal.Scheduler.spawnOnCurrentWorker(future);
        return t != null ? t : dev.weft.exec.Runtime.current().spawn(future); // the latter throws
    }

    /**
     * Polls for the task's outcome.
     *
     * @param cx the awaiting task's context: its waker is woken when the task completes
     * @return ready with the output, or pending
     * @throws Exception the task's own exception, or {@link java.util.concurrent.CancellationException}
     */
    @Override
    Poll<T> poll(Context cx) throws Exception;

    /**
     * Cancels the task: at once if it is idle or queued (its future's {@code cancel()} hook runs on
     * the calling thread); right after its current poll if it is running, waiting for that poll to
     * end unless called from inside it. When this returns the future will never be polled again.
     * Does nothing if the task already completed. Awaiting the handle afterwards throws
     * {@link java.util.concurrent.CancellationException} (or gives the output, if the task completed
     * first).
     */
    @Override
    void cancel();

    /**
     * Lets the task run on without anyone awaiting it: its outcome is dropped, and if it fails the
     * exception goes to the runtime's hook ({@code Runtime.Builder.onUncaughtException}), unless
     * an await of this handle already threw it.
     */
    void detach();

    /** @return whether the task completed, failed or was cancelled */
    boolean isDone();
}
