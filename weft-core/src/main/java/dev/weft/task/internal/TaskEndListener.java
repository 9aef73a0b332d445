package dev.weft.task.internal;

/**
 * A task's future that wants to know when its task has completed, after the task recorded its
 * outcome (so whoever it tells sees the task done): a task scope's child tells its scope then.
 * The task calls {@link #taskEnded()} once, on the thread that completed it, right after the
 * state change that made it complete.
 *
 * {@snippet :
 * final class Child<T> implements Future<T>, TaskEndListener {
 *     public void taskEnded() { scope.childEnded(this); }
 * }
 * }
 */
public interface TaskEndListener {
    /** The task whose future this is has completed (value, failure or cancellation). */
    void taskEnded();
}
