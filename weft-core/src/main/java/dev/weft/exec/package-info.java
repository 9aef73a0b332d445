/**
 * Running futures: {@link dev.weft.exec.LocalExecutor} (many tasks on one thread), the work-stealing
 * {@link dev.weft.exec.WorkStealingExecutor} and the {@link dev.weft.exec.WeftRuntime} that owns it.
 *
 * <p>Maintainer overview: the executors queue {@code dev.weft.task.internal.RawTask}s, whose state
 * word guarantees one poll at a time; the work-stealing machinery is in
 * {@code dev.weft.exec.internal}, and so is {@code BlockOn}, behind {@code Weft.blockOn} (one future
 * on the calling thread).
 */
package dev.weft.exec;
