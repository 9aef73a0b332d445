package dev.weft.recipes;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.recipes.bench.PgServer;
import dev.weft.recipes.jdbc.JdbcRecipe;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The database contract on JDBC through a Hikari pool of {@value #CONNECTIONS}, and what only JDBC's recipe has. */
class JdbcRecipeTest extends DatabaseRecipeContract {
    private static PgServer pg;
    private static HikariDataSource pool;
    private static JdbcRecipe db;
    private static WeftRuntime rt;

    @BeforeAll
    static void start() throws SQLException {
        pg = Database.ready();
        pool = pg.hikari(CONNECTIONS);
        db = JdbcRecipe.over(pool, CONNECTIONS);
        rt = newRuntime();
    }

    @AfterAll
    static void stop() {
        if (rt != null) rt.close();
        if (pool != null) pool.close();
    }

    @Override
    Target target() {
        return new Target(rt, pg, "jdbc");
    }

    @Override
    Future<List<String>> texts(String sql, Object... params) {
        return db.query(sql, rs -> rs.getString(1), params);
    }

    @Override
    Future<List<Integer>> ints(String sql, Object... params) {
        return db.query(sql, rs -> rs.getInt(1), params);
    }

    @Override
    Future<List<Object>> objects(String sql) {
        return db.query(sql, rs -> rs.getObject(1));
    }

    @Override
    String sqlState(Throwable e) {
        return e instanceof org.postgresql.util.PSQLException p ? p.getSQLState() : null;
    }

    @Override
    void assertConnectionsIdle() {
        HikariPoolMXBean stats = pool.getHikariPoolMXBean();
        assertThat(stats.getActiveConnections()).as("connections still in use").isZero();
        assertThat(stats.getTotalConnections()).isEqualTo(CONNECTIONS);
        assertThat(stats.getIdleConnections()).isEqualTo(CONNECTIONS);
    }

    @Test
    void updateCountsTheRowsItChanged() {
        String table = "t_" + UUID.randomUUID().toString().replace("-", "");
        long inserted = rt.blockOn(Weft.async(() -> {
            await(db.update("create table " + table + " (id int primary key)"));
            try {
                return await(db.update("insert into " + table + " select generate_series(1, ?)", 7));
            } finally {
                await(db.update("drop table " + table));
            }
        }));
        assertThat(inserted).isEqualTo(7);
    }
}
