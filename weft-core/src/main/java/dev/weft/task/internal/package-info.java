/**
 * The raw task, the only implementation of {@link dev.weft.task.Task}: not exported.
 *
 * <p>Maintainer overview: {@link dev.weft.task.internal.RawTask} holds the whole lifecycle in one
 * state word (its class comment has the bit and transition tables); executors implement
 * {@link dev.weft.task.internal.Schedule} to receive tasks to queue, finished tasks and failures
 * nobody awaits; {@link dev.weft.task.internal.TaskList} keeps the live tasks of an executor so
 * closing it can cancel them. A raw task is also the public handle and the context its future is
 * polled with (one object per spawn).
 */
package dev.weft.task.internal;
