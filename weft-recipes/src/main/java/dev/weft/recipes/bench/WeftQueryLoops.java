package dev.weft.recipes.bench;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/** The loops both Weft contenders run: {@link QueryBench#TASKS} woven tasks, each querying by id until the deadline. */
final class WeftQueryLoops {
    private WeftQueryLoops() {}

    /**
     * @param rt the runtime the tasks run on
     * @param deadlineNanos when the loops stop starting queries ({@code System.nanoTime()})
     * @param query the rows of one city, by id
     * @return the queries answered, each checked
     */
    static long run(WeftRuntime rt, long deadlineNanos, IntFunction<Future<List<String>>> query) {
        List<Task<Long>> tasks = new ArrayList<>();
        for (int t = 0; t < QueryBench.TASKS; t++) {
            int task = t;
            tasks.add(rt.spawn(Weft.async(() -> {
                long n = 0;
                while (System.nanoTime() < deadlineNanos) {
                    int id = QueryBench.id(task, n);
                    QueryBench.check(id, await(query.apply(id)));
                    n++;
                }
                return n;
            })));
        }
        long total = 0;
        for (Task<Long> t : tasks) total += rt.blockOn(t);
        return total;
    }
}
