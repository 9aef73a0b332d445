package dev.weft.recipes.bench;

import dev.weft.exec.WeftRuntime;
import dev.weft.recipes.r2dbc.R2dbcRecipe;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;

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
        return WeftQueryLoops.run(rt, deadlineNanos, id -> db.query(QueryBench.R2DBC_SQL, row -> row.get(0, String.class), id));
    }

    @Override
    public void close() {
        rt.blockOn(db.close());
        rt.close();
    }
}
