package dev.weft.recipes;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.recipes.bench.PgServer;
import dev.weft.recipes.jdbc.JdbcRecipe;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class JdbcRecipeTest {
    private static final int POOL = 10;
    private static PgServer pg;
    private static HikariDataSource pool;
    private static JdbcRecipe db;
    private static WeftRuntime rt;
    private static final Queue<Throwable> failures = new ConcurrentLinkedQueue<>();

    @BeforeAll
    static void start() throws SQLException {
        pg = Database.ready();
        pool = pg.hikari(POOL);
        db = JdbcRecipe.over(pool, POOL);
        rt = WeftRuntime.builder().workers(2).onUncaughtException(failures::add).build();
    }

    @AfterEach
    void nothingWentToTheFailureHook() {
        assertThat(failures).as("failures reported to the runtime's hook").isEmpty();
    }

    @AfterAll
    static void stop() {
        if (rt != null) rt.close();
        if (pool != null) pool.close();
    }

    @Test
    void queryReadsTheRowsItsParametersSelect() throws SQLException {
        List<String> names = rt.blockOn(Weft.async(() -> await(db.query(
                "select name from city where id between ? and ? order by id", rs -> rs.getString(1), 3, 5))));
        assertThat(names).containsExactly("city-3", "city-4", "city-5");
    }

    @Test
    void fiftyConcurrentTasksEachGetTheirOwnRows() {
        List<Task<Integer>> tasks = new ArrayList<>();
        for (int t = 0; t < 50; t++) {
            int task = t;
            tasks.add(rt.spawn(Weft.async(() -> {
                int checked = 0;
                for (int q = 0; q < 20; q++) {
                    int id = 1 + (task * 20 + q) % Database.CITIES;
                    List<String> rows = await(db.query("select name from city where id = ?", rs -> rs.getString(1), id));
                    if (!rows.equals(List.of("city-" + id))) throw new AssertionError(id + " answered " + rows);
                    checked++;
                }
                return checked;
            })));
        }
        int total = 0;
        for (Task<Integer> t : tasks) total += rt.blockOn(t);
        assertThat(total).isEqualTo(50 * 20);
    }

    @Test
    void cancellingTheTaskStopsTheQueryOnTheServer() throws Exception {
        String marker = "jdbc-cancel-" + UUID.randomUUID();
        Task<List<Object>> sleeper = rt.spawn(Weft.async(() ->
                await(db.query("select pg_sleep(10) /* " + marker + " */", rs -> rs.getObject(1)))));
        Database.awaitCondition("the server runs " + marker, Duration.ofSeconds(5), () -> Database.running(pg, marker) == 1);

        long t0 = System.nanoTime();
        rt.blockOn(sleeper.cancelAndJoin());
        Duration took = Duration.ofNanos(System.nanoTime() - t0);

        assertThat(took).isLessThan(Duration.ofSeconds(2));
        assertThat(Database.running(pg, marker)).as("the query still running on the server").isZero();
        assertThatThrownBy(() -> rt.blockOn(sleeper)).isInstanceOf(CancellationException.class);
        assertPoolIdleAndUsable();
    }

    @Test
    void timeoutThrowsTimeoutExceptionAndStopsTheQueryOnTheServer() throws Exception {
        String marker = "jdbc-timeout-" + UUID.randomUUID();
        long t0 = System.nanoTime();
        Object outcome = rt.blockOn(Weft.async(() -> {
            try {
                return await(Time.timeout(db.query("select pg_sleep(10) /* " + marker + " */", rs -> rs.getObject(1)),
                        Duration.ofMillis(100)));
            } catch (TimeoutException e) {
                return e;
            }
        }));
        Duration took = Duration.ofNanos(System.nanoTime() - t0);

        assertThat(outcome).isInstanceOf(TimeoutException.class);
        assertThat(took).isBetween(Duration.ofMillis(100), Duration.ofSeconds(2));
        assertThat(Database.running(pg, marker)).as("the query still running on the server").isZero();
        assertPoolIdleAndUsable();
    }

    @Test
    void aFailingStatementThrowsTheServersErrorIntoTheAwaitingBody() {
        SQLException e = rt.blockOn(Weft.async(() -> {
            try {
                await(db.query("select * from no_such_table", rs -> rs.getObject(1)));
                return null;
            } catch (SQLException failed) {
                return failed;
            }
        }));
        assertThat((Throwable) e).isInstanceOf(org.postgresql.util.PSQLException.class);
        assertThat(e.getMessage()).contains("relation \"no_such_table\" does not exist");
        assertThat(e.getSQLState()).isEqualTo("42P01");
    }

    @Test
    void updateCountsTheRowsItChanged() throws SQLException {
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

    @Test
    void manyCancelsAndTimeoutsLeakNoConnection() throws Exception {
        String marker = "jdbc-many-" + UUID.randomUUID();
        long t0 = System.nanoTime();
        List<Task<Object>> tasks = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            int n = i;
            tasks.add(rt.spawn(Weft.async(() -> {
                try {
                    // a third time out while they wait for a connection (30 tasks, 10 connections)
                    return await(Time.timeout(db.query("select pg_sleep(10) /* " + marker + " */", rs -> rs.getObject(1)),
                            Duration.ofMillis(50 + 10 * (n % 10))));
                } catch (TimeoutException e) {
                    return e;
                }
            })));
        }
        for (Task<Object> t : tasks) assertThat(rt.blockOn(t)).isInstanceOf(TimeoutException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).as("no query slept its 10 s").isLessThan(Duration.ofSeconds(5));
        assertThat(Database.running(pg, marker)).isZero();
        assertPoolIdleAndUsable();
    }

    private static void assertPoolIdleAndUsable() throws SQLException {
        HikariPoolMXBean stats = pool.getHikariPoolMXBean();
        assertThat(stats.getActiveConnections()).as("connections still in use").isZero();
        assertThat(stats.getTotalConnections()).isEqualTo(POOL);
        assertThat(stats.getIdleConnections()).isEqualTo(POOL);
        List<Integer> ids = rt.blockOn(Weft.async(() -> {
            List<Task<List<Integer>>> all = new ArrayList<>();
            for (int i = 0; i < POOL; i++) all.add(Task.spawn(db.query("select id from city where id = ?", rs -> rs.getInt(1), 1)));
            List<Integer> out = new ArrayList<>();
            for (Task<List<Integer>> t : all) out.addAll(await(t));
            return out;
        }));
        assertThat(ids).hasSize(POOL).containsOnly(1);
    }
}
