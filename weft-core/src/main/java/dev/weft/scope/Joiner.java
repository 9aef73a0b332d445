package dev.weft.scope;

import dev.weft.scope.internal.AllInOrder;
import dev.weft.scope.internal.FailFast;
import dev.weft.scope.internal.FirstSuccess;
import dev.weft.scope.internal.InCompletionOrder;
import dev.weft.scope.internal.Reporting;
import dev.weft.scope.internal.Supervisor;
import java.util.List;

/**
 * What a {@link TaskScope} does when its children end, and what its {@link TaskScope#join()}
 * gives: the scope's policy, in the spirit of the JDK's {@code StructuredTaskScope.Joiner}. The
 * scope calls {@link #onSpawn} and {@link #onComplete} one at a time (under its lock: keep them
 * short, and do not await or spawn in them); either may answer {@code true} to stop the scope,
 * which cancels every child still alive. Once no child is alive, {@code join()} answers
 * {@link #result()}.
 *
 * <table>
 *   <caption>The joiners Weft ships</caption>
 *   <tr><th>joiner</th><th>a child fails</th><th>join gives</th></tr>
 *   <tr><td>{@link #failFast()} (the default)</td><td>the others are cancelled</td><td>nothing, or
 *       throws the first failure, later ones suppressed in it</td></tr>
 *   <tr><td>{@link #supervisor()}</td><td>the others run on</td><td>the failures, in the order they
 *       happened</td></tr>
 *   <tr><td>{@link #allInOrder()}</td><td>the others are cancelled</td><td>every output in spawn order,
 *       or throws as failFast</td></tr>
 *   <tr><td>{@link #inCompletionOrder()}</td><td>the others are cancelled</td><td>every output in
 *       the order the children ended, or throws as failFast</td></tr>
 *   <tr><td>{@link #firstSuccess()}</td><td>the others run on, until one succeeds: then they are
 *       cancelled</td><td>the first output, or, if all failed, throws the first failure with the
 *       others suppressed</td></tr>
 *   <tr><td>{@link #reporting()}</td><td>the others run on; the failure goes to the runtime's
 *       failure hook at once</td><td>nothing (a scope that lives as long as a connection keeps no
 *       failures)</td></tr>
 * </table>
 * A failure a joiner does not read ({@link Subtask#exception()}), such as a loser's under
 * {@code firstSuccess}, is reported to the runtime's failure hook when the scope closes: no
 * failure is lost, and none is reported twice.
 *
 * {@snippet :
 * try (var scope = TaskScope.open(Joiner.<String>allInOrder())) {
 *     for (String url : urls) scope.spawn(fetch(url));
 *     List<String> bodies = await(scope.join()); // in the order of urls
 * }
 * }
 *
 * @param <T> the children's output type
 * @param <R> what join gives
 */
public interface Joiner<T, R> {
    /**
     * A child was spawned.
     *
     * @param child the child
     * @return whether to stop the scope (cancel its children)
     */
    default boolean onSpawn(Subtask<? extends T> child) {
        return false;
    }

    /**
     * A child ended: its {@link Subtask#state()} says how.
     *
     * @param child the child
     * @return whether to stop the scope (cancel the children still alive)
     */
    boolean onComplete(Subtask<? extends T> child);

    /**
     * What {@code join()} gives once no child is alive (and the scope was neither cancelled nor
     * past its deadline, which {@code join()} reports itself).
     *
     * @return the result
     * @throws Exception a failure the policy surfaces
     */
    R result() throws Exception;

    /**
     * The default: the first failure stops the scope (the other children are cancelled) and
     * {@code join()} throws it, with failures that came after it suppressed in it.
     *
     * @param <T> the children's output type
     * @return a new joiner
     */
    static <T> Joiner<T, Void> failFast() {
        return new FailFast<>();
    }

    /**
     * Failures do not stop the scope: every child runs to its end, and {@code join()} gives their
     * failures in the order they happened (empty if none failed).
     *
     * @param <T> the children's output type
     * @return a new joiner
     */
    static <T> Joiner<T, List<Throwable>> supervisor() {
        return new Supervisor<>();
    }

    /**
     * As {@link #failFast()}, and {@code join()} gives every child's output, in spawn order.
     *
     * @param <T> the children's output type
     * @return a new joiner
     */
    static <T> Joiner<T, List<T>> allInOrder() {
        return new AllInOrder<>();
    }

    /**
     * As {@link #failFast()}, and {@code join()} gives every child's output, in the order the
     * children ended.
     *
     * @param <T> the children's output type
     * @return a new joiner
     */
    static <T> Joiner<T, List<T>> inCompletionOrder() {
        return new InCompletionOrder<>();
    }

    /**
     * The first child to succeed wins: the others are cancelled and {@code join()} gives its
     * output. If every child failed, {@code join()} throws the first failure, the others
     * suppressed in it; with no child at all, {@link java.util.NoSuchElementException}.
     *
     * @param <T> the children's output type
     * @return a new joiner
     */
    static <T> Joiner<T, T> firstSuccess() {
        return new FirstSuccess<>();
    }

    /**
     * Failures do not stop the scope, and each goes to the runtime's failure hook as it happens,
     * once: nothing is kept, so a scope that lives as long as a connection or a service does not
     * grow with its failures. {@code join()} gives nothing. {@link TaskTracker}'s joiner.
     *
     * {@snippet :
     * try (TaskScope<Object, Void> connection = TaskScope.open(Joiner.reporting())) {
     *     // what the handlers spawn into TaskScope.current() ends with the connection
     * }
     * }
     *
     * @param <T> the children's output type
     * @return a new joiner
     */
    static <T> Joiner<T, Void> reporting() {
        return new Reporting<>();
    }
}
