package dev.weft.bench.workload;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A task body for the harness of a workload: on its first poll it spawns the workload's tasks (from
 * inside the runtime), then awaits them in order and checks each output, as the Tokio and smol
 * anchors do inside the task they run each workload in. The main thread then waits once per pass
 * ({@code rt.blockOn(rt.spawn(new AwaitInOrder(...)))}), not once per task.
 *
 * {@snippet :
 * rt.blockOn(rt.spawn(new AwaitInOrder(() -> List.of(
 *         AwaitInOrder.check(Task.spawn(Future.ready(2)), v -> { if (v != 2) throw new IllegalStateException(); })))));
 * }
 */
final class AwaitInOrder implements Future<Void> {
    private final Supplier<List<Awaited<?>>> spawnAll;
    private List<Awaited<?>> tasks;
    private int next;

    /** @param spawnAll spawns the tasks, on the first poll, and names the check of each output */
    AwaitInOrder(Supplier<List<Awaited<?>>> spawnAll) {
        this.spawnAll = spawnAll;
    }

    /**
     * @param task a spawned task (or any future)
     * @param check throws if the output is wrong
     * @param <T> the output type
     * @return the pair, for {@link AwaitInOrder}'s list
     */
    static <T> Awaited<T> check(Future<T> task, Consumer<? super T> check) {
        return new Awaited<>(task, check);
    }

    @Override
    public Poll<Void> poll(Context cx) throws Exception {
        if (tasks == null) tasks = spawnAll.get();
        while (next < tasks.size()) {
            if (!tasks.get(next).pollOnce(cx)) return Poll.pending();
            next++;
        }
        return Poll.ready(null);
    }

    /** A task and the check of its output. */
    record Awaited<T>(Future<T> task, Consumer<? super T> check) {
        boolean pollOnce(Context cx) throws Exception {
            Poll<T> p = task.poll(cx);
            if (p.isPending()) return false;
            check.accept(p.value());
            return true;
        }
    }
}
