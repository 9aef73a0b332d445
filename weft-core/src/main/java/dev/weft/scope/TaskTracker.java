package dev.weft.scope;

import dev.weft.future.Future;
import dev.weft.task.Task;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * The tasks of a long-lived service, for a graceful shutdown: tokio-util's {@code TaskTracker}.
 * A task scope whose failures never stop it and go to the runtime's failure hook as they happen
 * (nothing is kept, however long it runs), and whose end is {@link #shutdown(Duration)}: no more
 * spawns, a grace period for the tasks alive to end on their own, then the rest cancelled, and
 * the future ready once every one has ended.
 *
 * {@snippet :
 * TaskTracker connections = TaskTracker.open();
 * CancellationToken stop = CancellationToken.create();
 * await(stop.runUntilCancelled(Weft.async(() -> {
 *     while (true) connections.spawn(serve(await(listener.accept())));
 * })).catching(CancellationException.class, e -> null));
 * await(connections.shutdown(Duration.ofSeconds(1))); // in-flight requests get a second
 * }
 *
 * <p>Memory consistency effects: those of {@link TaskScope}.
 */
public final class TaskTracker {
    private final TaskScope<Object, Void> scope;

    private TaskTracker(TaskScope<Object, Void> scope) {
        this.scope = scope;
    }

    /** @return a tracker whose tasks run on the runtime of the code that spawns them */
    public static TaskTracker open() {
        return open(c -> c);
    }

    /**
     * @param configure the scope's configuration (name, timeout, runtime)
     * @return a tracker
     */
    public static TaskTracker open(UnaryOperator<TaskScope.Config> configure) {
        return new TaskTracker(TaskScope.open(Joiner.reporting(), configure));
    }

    /**
     * Spawns a tracked task.
     *
     * @param future its future
     * @param <T> its output type
     * @return its task
     * @throws IllegalStateException after {@link #shutdown}
     */
    public <T> Task<T> spawn(Future<T> future) {
        return scope.spawn(future);
    }

    /** @return how many tracked tasks are alive */
    public int active() {
        return scope.liveChildren();
    }

    /**
     * Shuts the tracker down: no more spawns; the tasks alive may end on their own for up to
     * {@code grace}, then they are cancelled. Shielded: a cancelled body awaiting it still waits.
     *
     * @param grace how long they may take
     * @return a future ready once every tracked task has ended
     */
    public Future<Void> shutdown(Duration grace) {
        return scope.closing(grace);
    }

    /** @return the scope behind the tracker (for dumps, or to nest scopes under it) */
    public TaskScope<Object, Void> scope() {
        return scope;
    }

    @Override
    public String toString() {
        return "TaskTracker[" + scope + "]";
    }
}
