package dev.weft.recipes;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.recipes.bench.PgServer;
import dev.weft.recipes.r2dbc.R2dbcRecipe;
import dev.weft.task.Task;
import dev.weft.time.Time;
import io.r2dbc.spi.R2dbcException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class R2dbcRecipeTest {
    private static final int CONNECTIONS = 10;
    private static final Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
    private static PgServer pg;
    private static WeftRuntime rt;
    private static R2dbcRecipe db;

    @BeforeAll
    static void start() throws SQLException {
        pg = Database.ready();
        rt = WeftRuntime.builder().workers(2).onUncaughtException(failures::add).build();
        db = rt.blockOn(R2dbcRecipe.open(pg.r2dbc(), CONNECTIONS));
    }

    @AfterAll
    static void stop() throws TimeoutException {
        if (db != null) rt.blockOn(Time.timeout(db.close(), Duration.ofSeconds(10)));
        if (rt != null) rt.close();
    }

    @AfterEach
    void nothingWentToTheFailureHook() {
        assertThat(failures).as("failures reported to the runtime's hook").isEmpty();
    }

    @Test
    void queryReadsTheRowsItsParametersSelect() {
        List<String> names = rt.blockOn(Weft.async(() -> await(db.query(
                "select name from city where id between $1 and $2 order by id", row -> row.get(0, String.class), 3, 5))));
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
                    List<String> rows = await(db.query("select name from city where id = $1", row -> row.get(0, String.class), id));
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
    void cancellingTheTaskStopsTheQueryOnTheServer() {
        String marker = "r2dbc-cancel-" + UUID.randomUUID();
        Task<List<Object>> sleeper = rt.spawn(Weft.async(() ->
                await(db.query("select pg_sleep(10) /* " + marker + " */", row -> row.get(0)))));
        Database.awaitCondition("the server runs " + marker, Duration.ofSeconds(5), () -> Database.running(pg, marker) == 1);

        long t0 = System.nanoTime();
        rt.blockOn(sleeper.cancelAndJoin());
        Duration took = Duration.ofNanos(System.nanoTime() - t0);

        assertThat(took).isLessThan(Duration.ofSeconds(2));
        assertThat(Database.running(pg, marker)).as("the query still running on the server").isZero();
        assertThatThrownBy(() -> rt.blockOn(sleeper)).isInstanceOf(CancellationException.class);
        assertConnectionsIdleAndUsable();
    }

    @Test
    void timeoutThrowsTimeoutExceptionAndStopsTheQueryOnTheServer() {
        String marker = "r2dbc-timeout-" + UUID.randomUUID();
        long t0 = System.nanoTime();
        Object outcome = rt.blockOn(Weft.async(() -> {
            try {
                return await(Time.timeout(db.query("select pg_sleep(10) /* " + marker + " */", row -> row.get(0)),
                        Duration.ofMillis(100)));
            } catch (TimeoutException e) {
                return e;
            }
        }));
        Duration took = Duration.ofNanos(System.nanoTime() - t0);

        assertThat(outcome).isInstanceOf(TimeoutException.class);
        assertThat(took).isBetween(Duration.ofMillis(100), Duration.ofSeconds(2));
        assertThat(Database.running(pg, marker)).as("the query still running on the server").isZero();
        assertConnectionsIdleAndUsable();
    }

    @Test
    void aFailingStatementThrowsTheServersErrorIntoTheAwaitingBody() {
        R2dbcException e = rt.blockOn(Weft.async(() -> {
            try {
                await(db.query("select * from no_such_table", row -> row.get(0)));
                return null;
            } catch (R2dbcException failed) {
                return failed;
            }
        }));
        assertThat((Throwable) e).isNotNull();
        assertThat(e.getMessage()).contains("relation \"no_such_table\" does not exist");
        assertThat(e.getSqlState()).isEqualTo("42P01");
        assertConnectionsIdleAndUsable();
    }

    @Test
    void manyCancelsAndTimeoutsLeakNoConnection() {
        String marker = "r2dbc-many-" + UUID.randomUUID();
        long t0 = System.nanoTime();
        List<Task<Object>> tasks = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            int n = i;
            tasks.add(rt.spawn(Weft.async(() -> {
                try {
                    // a third time out while they wait for a connection (30 tasks, 10 connections)
                    return await(Time.timeout(db.query("select pg_sleep(10) /* " + marker + " */", row -> row.get(0)),
                            Duration.ofMillis(50 + 10 * (n % 10))));
                } catch (TimeoutException e) {
                    return e;
                }
            })));
        }
        for (Task<Object> t : tasks) assertThat(rt.blockOn(t)).isInstanceOf(TimeoutException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).as("no query slept its 10 s").isLessThan(Duration.ofSeconds(5));
        assertThat(Database.running(pg, marker)).isZero();
        assertConnectionsIdleAndUsable();
    }

    private static void assertConnectionsIdleAndUsable() {
        assertThat(db.idleConnectionCount()).as("idle connections").isEqualTo(CONNECTIONS);
        List<Integer> ids = rt.blockOn(Weft.async(() -> {
            List<Task<List<Integer>>> all = new ArrayList<>();
            for (int i = 0; i < CONNECTIONS; i++) all.add(Task.spawn(db.query("select id from city where id = $1", row -> row.get(0, Integer.class), 1)));
            List<Integer> out = new ArrayList<>();
            for (Task<List<Integer>> t : all) out.addAll(await(t));
            return out;
        }));
        assertThat(ids).hasSize(CONNECTIONS).containsOnly(1);
    }
}
