/**
 * Tasks: {@link dev.weft.task.Task}, the handle of a future spawned on an executor.
 *
 * <p>Maintainer overview: the handle is the raw task itself. {@link dev.weft.task.Task} is a
 * sealed interface whose one implementation, {@code dev.weft.task.internal.RawTask}, owns the
 * future, the state word and the outcome, and is also the task's waker and the context its future
 * is polled with, so a spawn allocates that one object besides the future. Executors (package
 * {@code dev.weft.exec}) create it.
 */
package dev.weft.task;
