package dev.weft.scope;

import dev.weft.scope.internal.ScopeChild;
import dev.weft.task.Task;
import java.util.concurrent.Future.State;

/**
 * A child of a {@link TaskScope} as its {@link Joiner} sees it: the task, its place in spawn order
 * and, once it ended, its outcome. A failure read through {@link #exception()} counts as
 * surfaced: the scope reports to the runtime's failure hook, when it closes, only the failures
 * nobody read (here, or by awaiting the child's task).
 *
 * {@snippet :
 * import java.util.concurrent.Future.State;
 *
 * Joiner<String, Integer> lengths = new Joiner<>() {
 *     int total;
 *     public boolean onComplete(Subtask<? extends String> s) {
 *         if (s.state() == State.SUCCESS) total += s.get().length();
 *         return false;                      // never stop the scope early
 *     }
 *     public Integer result() { return total; }
 * };
 * }
 *
 * <p>Memory consistency effects: everything the child did happens-before its joiner's
 * {@code onComplete} sees it ended.
 *
 * @param <T> the child's output type
 */
public sealed interface Subtask<T> permits ScopeChild {
    /** @return the child's task */
    Task<T> task();

    /** @return its place in spawn order, from 0 */
    int index();

    /**
     * @return {@code RUNNING} until the child ended, then {@code SUCCESS}, {@code FAILED} (its
     *     future threw) or {@code CANCELLED}
     */
    State state();

    /**
     * @return the child's output
     * @throws IllegalStateException unless the state is {@code SUCCESS}
     */
    T get();

    /**
     * The child's failure, which from now on counts as surfaced.
     *
     * @return what its future threw
     * @throws IllegalStateException unless the state is {@code FAILED}
     */
    Throwable exception();
}
