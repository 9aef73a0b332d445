package dev.weft.task;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Carrier;
import dev.weft.task.internal.RawTask;
import dev.weft.task.internal.Spawner;

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
 * try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
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
     * Spawns {@code future} on the current runtime ({@code dev.weft.exec.WeftRuntime.current()}): that
     * of the worker running the caller, found with one look at the current thread (a spawn loop
     * pays for no more; {@code weft-bench/RESULTS.md}, "{@code Task.spawn} with one look at the
     * current thread"). A stackful coroutine body that the JDK handed a monitor goes on for a
     * while on a spare carrier, which is no worker: its spawn goes to the runtime of the task
     * polling the body, through the injection queue.
     *
     * @param future the future to run
     * @param <T> the output type
     * @return the handle
     * @throws IllegalStateException outside a runtime, or if the runtime is closed
     */
    static <T> Task<T> spawn(Future<T> future) {
        if (Carrier.current() instanceof Spawner s) return s.spawnHere(future);
        java.util.Objects.requireNonNull(future, "future");
        // a coroutine body stepping on a spare carrier (handed a monitor): beside the task polling it
        Thread self = Thread.currentThread();
        if (self.isVirtual() && self.getUncaughtExceptionHandler() instanceof Carrier.Body b
                && b.pollingContext() instanceof RawTask<?> polling) {
            RawTask<T> t = polling.spawnBeside(future);
            if (t != null) return t;
        }
        throw new IllegalStateException("Task.spawn outside a Weft runtime: " + Thread.currentThread().getName()
                + " is not a runtime worker (spawn from inside a task, or use runtime.spawn(...) / Weft.run(...))");
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
     * Cancels the task and returns at once, never waiting: if it is idle or queued, its future's
     * {@code cancel()} hook runs on the calling thread now (called on a virtual thread, such as a
     * stackful coroutine body: on a worker, at once); if it is being polled (on another worker,
     * or by this very call's own poll), the task is marked and the worker polling it runs the hook
     * right after that poll returns. Either way the future is never polled again: the body's
     * pending await throws {@link java.util.concurrent.CancellationException}, and so does every
     * later await of it but a shielded one ({@code Time.cleanup}). The task completes once its
     * future is done cancelling ({@link Future#pollCancel}): its body's {@code finally} blocks and
     * those of the children it awaited ran; what they throw goes to the runtime's failure hook. Two
     * tasks may cancel each other from two workers at the same time. Does nothing if the task
     * already completed or is being cancelled. Awaiting the handle afterwards throws
     * {@code CancellationException} (or gives the output, if the task completed first). To wait
     * until the task has ended, await {@link #cancelAndJoin()}. The README's "Cancellation" section
     * has the whole contract.
     */
    @Override
    void cancel();

    /**
     * Cancels the task ({@link #cancel()}) and returns a future that is ready once the task has
     * completed: its future is done cancelling (every {@code finally} block of its body and of the
     * children it awaited ran, a stackful body blocked in a JDK call included), or it finished
     * before the cancel reached it. Awaiting it suspends (in a task) or blocks (on a plain thread)
     * like any future; it never throws the task's outcome (await the handle itself for that).
     *
     * {@snippet :
     * Task<Void> t = Task.spawn(server);
     * await(t.cancelAndJoin());     // the server's finally blocks have run: its socket is closed
     * }
     *
     * @return a future of the task's completion; uses the handle's awaiter slot, so do not await it
     *     and the handle at the same time from two places
     */
    Future<Void> cancelAndJoin();

    /**
     * Lets the task run on without anyone awaiting it: its outcome is dropped, and if it fails the
     * exception goes to the runtime's hook ({@code WeftRuntime.Builder.onUncaughtException}), unless
     * an await of this handle already threw it.
     */
    void detach();

    /** @return whether the task completed, failed or was cancelled */
    boolean isDone();
}
