package dev.weft.recipes.bench;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.recipes.jdbc.JdbcRecipe;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/** The JDBC recipe: woven tasks on a 2-worker runtime, each query a job of its blocking pool. */
final class JdbcWeft implements Contender {
    private final WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("bench-jdbc-").build();
    private final JdbcRecipe db;

    JdbcWeft(DataSource pool, int connections) {
        this.db = JdbcRecipe.over(pool, connections);
    }

    @Override
    public String name() {
        return "jdbc-weft";
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
                    List<String> rows = await(db.query(QueryBench.JDBC_SQL, rs -> rs.getString(1), id));
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
        rt.close();
    }
}
