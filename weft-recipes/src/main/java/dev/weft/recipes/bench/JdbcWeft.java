package dev.weft.recipes.bench;

import dev.weft.exec.WeftRuntime;
import dev.weft.recipes.jdbc.JdbcRecipe;
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
        return WeftQueryLoops.run(rt, deadlineNanos, id -> db.query(QueryBench.JDBC_SQL, rs -> rs.getString(1), id));
    }

    @Override
    public void close() {
        rt.close();
    }
}
