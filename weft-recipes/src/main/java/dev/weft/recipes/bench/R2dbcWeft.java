package dev.weft.recipes.bench;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.recipes.r2dbc.R2dbcRecipe;
import dev.weft.task.Task;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import java.util.ArrayList;
import java.util.List;

/** The R2DBC recipe: woven tasks on a 2-worker runtime, the rows through the Flow bridge. */
final class R2dbcWeft implements Contender {
    private final WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("bench-r2dbc-").build();
    private final R2dbcRecipe db;

    R2dbcWeft(PostgresqlConnectionFactory factory, int connections) {
        this.db = rt.blockOn(R2dbcRecipe.open(factory, connections));
    }

    @Override
    public String name() {
        return "r2dbc-weft";
    }

    @Override
    public long run(long deadlineNanos) {
        List<Task<Long>> tasks = new ArrayList<>();
        for (int t = 0; t < QueryBench.TASKS; t++) {
            int task = t;
            tasks.add(rt.spawn(Weft.async(() -> {
                long n = 0;
                while (System.nanoTime() < deadlineNanos) {
                    int id = QueryBench.id(task, n);
                    List<String> rows = await(db.query(QueryBench.R2DBC_SQL, row -> row.get(0, String.class), id));
                    QueryBench.check(id, rows);
                    n++;
                }
                return n;
            })));
        }
        long total = 0;
        for (Task<Long> t : tasks) total += rt.blockOn(t);
        return total;
    }

    @Override
    public void close() {
        rt.blockOn(db.close());
        rt.close();
    }
}
