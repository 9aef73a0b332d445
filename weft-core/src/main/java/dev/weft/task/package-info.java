/**
 * Tasks: {@link dev.weft.task.Task}, the handle of a future spawned on an executor.
 *
 * <p>Maintainer overview: the handle is a thin wrapper around the raw task of
 * {@code dev.weft.task.internal}, which owns the future, the state word and the outcome. Executors
 * (package {@code dev.weft.exec}) create both.
 */
package dev.weft.task;
