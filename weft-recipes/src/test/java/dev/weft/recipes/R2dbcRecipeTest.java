package dev.weft.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.recipes.bench.PgServer;
import dev.weft.recipes.r2dbc.R2dbcRecipe;
import dev.weft.time.Time;
import io.r2dbc.spi.R2dbcException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The database contract on R2DBC, with the recipe's own {@value #CONNECTIONS} connections. */
class R2dbcRecipeTest extends DatabaseRecipeContract {
    private static PgServer pg;
    private static WeftRuntime rt;
    private static R2dbcRecipe db;

    @BeforeAll
    static void start() throws SQLException {
        pg = Database.ready();
        rt = newRuntime();
        db = rt.blockOn(R2dbcRecipe.open(pg.r2dbc(), CONNECTIONS));
    }

    @AfterAll
    static void stop() throws TimeoutException {
        if (db != null) rt.blockOn(Time.timeout(db.close(), Duration.ofSeconds(10)));
        if (rt != null) rt.close();
    }

    @Override
    Target target() {
        return new Target(rt, pg, "r2dbc");
    }

    @Override
    Future<List<String>> texts(String sql, Object... params) {
        return db.query(numbered(sql), row -> row.get(0, String.class), params);
    }

    @Override
    Future<List<Integer>> ints(String sql, Object... params) {
        return db.query(numbered(sql), row -> row.get(0, Integer.class), params);
    }

    @Override
    Future<List<Object>> objects(String sql) {
        return db.query(sql, row -> row.get(0));
    }

    @Override
    String sqlState(Throwable e) {
        return e instanceof R2dbcException r ? r.getSqlState() : null;
    }

    @Override
    void assertConnectionsIdle() {
        assertThat(db.idleConnectionCount()).as("idle connections").isEqualTo(CONNECTIONS);
    }

    /** PostgreSQL's R2DBC driver numbers its parameters: {@code ?} becomes {@code $1}, {@code $2}, ... */
    private static String numbered(String sql) {
        StringBuilder b = new StringBuilder();
        int n = 0;
        for (char c : sql.toCharArray()) {
            if (c == '?') b.append('$').append(++n);
            else b.append(c);
        }
        return b.toString();
    }
}
