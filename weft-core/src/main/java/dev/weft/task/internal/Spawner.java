package dev.weft.task.internal;

import dev.weft.future.Future;

/**
 * A thread that can take a new task onto its own run queue: an executor's worker. It is how
 * {@code Task.spawn} finds the runtime to spawn on (the worker running the current code, or the
 * one carrying the current coroutine body) without the task layer knowing the executor layer
 * above it.
 *
 * {@snippet :
 * if (Carrier.current() instanceof Spawner s) s.spawnHere(future);
 * }
 */
public interface Spawner {
    /**
     * Spawns {@code future} as a task of this thread's executor, queued on this thread.
     *
     * @param future the future to run
     * @param <T> its output type
     * @return the task (its handle wants the outcome)
     * @throws IllegalStateException if the executor is closed
     */
    <T> RawTask<T> spawnHere(Future<T> future);
}
