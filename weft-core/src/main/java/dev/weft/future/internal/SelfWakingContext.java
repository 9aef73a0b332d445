package dev.weft.future.internal;

import dev.weft.future.Context;
import dev.weft.future.Waker;

/**
 * A context that is its own {@link Waker}: what a runtime's task and its stackful coroutine
 * extend, so that one object is the task, its context and its waker (a task is 32 bytes, not 40
 * with a waker field). {@link Context#waker()} answers the object itself.
 *
 * <p>This is the inversion that keeps the {@code future} layer at the bottom: {@code Context} is
 * sealed to its own carrying context and to this class, and this class is open to any layer
 * above (it lives in a package the module does not export, so only Weft's own layers extend it).
 *
 * {@snippet :
 * final class MyTask extends SelfWakingContext {
 *     @Override public void wake() { schedule(this); }
 * }
 * Context cx = new MyTask();          // cx.waker() == cx
 * }
 */
public abstract non-sealed class SelfWakingContext extends Context implements Waker {
    /** A context whose waker is this object. */
    protected SelfWakingContext() {}
}
