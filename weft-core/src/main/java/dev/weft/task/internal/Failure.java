package dev.weft.task.internal;

/**
 * The outcome of a task whose poll threw: kept as the task's output so the handle can rethrow it.
 *
 * @param error what {@code poll} (or the {@code cancel()} hook) threw
 */
record Failure(Throwable error) {}
