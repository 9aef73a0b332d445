package dev.weft.recipes;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.recipes.bench.PgServer;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What both database recipes promise, as tests each recipe's test class runs against its own
 * driver ({@link JdbcRecipeTest}: JDBC through a Hikari pool; {@link R2dbcRecipeTest}: R2DBC with
 * its own connections), on the PostgreSQL server of {@link Database}: rows by parameters, many
 * tasks at once, a cancel and a timeout that stop the query on the server and give its connection
 * back, the server's error thrown into the awaiting body, and no connection leaked by many of
 * either. SQL here uses {@code ?} for its parameters; a recipe whose driver numbers them turns
 * them into its own.
 */
@Timeout(60)
abstract class DatabaseRecipeContract {
    static final int CONNECTIONS = 10;
    private static final Queue<Throwable> FAILURES = new ConcurrentLinkedQueue<>();

    /** @return a runtime whose uncaught failures the contract checks after each test */
    static WeftRuntime newRuntime() {
        return WeftRuntime.builder().workers(2).onUncaughtException(FAILURES::add).build();
    }

    /**
     * What a recipe's tests run on.
     *
     * @param rt the runtime, from {@link #newRuntime()}
     * @param pg the server
     * @param name the prefix of the recipe's query markers, so that two recipes' queries never meet
     */
    record Target(WeftRuntime rt, PgServer pg, String name) {}

    /** @return the recipe's runtime, server and name, set up by its {@code @BeforeAll} */
    abstract Target target();

    private WeftRuntime rt() {
        return target().rt();
    }

    private PgServer pg() {
        return target().pg();
    }

    private String name() {
        return target().name();
    }

    /** @return the first column of the rows {@code sql} selects, as text */
    abstract Future<List<String>> texts(String sql, Object... params);

    /** @return the first column of the rows {@code sql} selects, as integers */
    abstract Future<List<Integer>> ints(String sql, Object... params);

    /** @return the first column of the rows {@code sql} selects, as the driver gives it */
    abstract Future<List<Object>> objects(String sql);

    /** @return the SQL state of {@code e} if it is this driver's error of a failed statement, else null */
    abstract String sqlState(Throwable e);

    /** Asserts that every connection is back and idle. */
    abstract void assertConnectionsIdle();

    @AfterEach
    void nothingWentToTheFailureHook() {
        assertThat(FAILURES).as("failures reported to the runtime's hook").isEmpty();
    }

    @Test
    void queryReadsTheRowsItsParametersSelect() {
        List<String> names = rt().blockOn(Weft.async(() -> await(texts("select name from city where id between ? and ? order by id", 3, 5))));
        assertThat(names).containsExactly("city-3", "city-4", "city-5");
    }

    @Test
    void fiftyConcurrentTasksEachGetTheirOwnRows() {
        List<Task<Integer>> tasks = new ArrayList<>();
        for (int t = 0; t < 50; t++) {
            int task = t;
            tasks.add(rt().spawn(Weft.async(() -> {
                int checked = 0;
                for (int q = 0; q < 20; q++) {
                    int id = 1 + (task * 20 + q) % Database.CITIES;
                    List<String> rows = await(texts("select name from city where id = ?", id));
                    if (!rows.equals(List.of("city-" + id))) throw new AssertionError(id + " answered " + rows);
                    checked++;
                }
                return checked;
            })));
        }
        int total = 0;
        for (Task<Integer> t : tasks) total += rt().blockOn(t);
        assertThat(total).isEqualTo(50 * 20);
    }

    @Test
    void cancellingTheTaskStopsTheQueryOnTheServer() {
        String marker = name() + "-cancel-" + UUID.randomUUID();
        Task<List<Object>> sleeper = rt().spawn(Weft.async(() -> await(objects("select pg_sleep(10) /* " + marker + " */"))));
        Database.awaitCondition("the server runs " + marker, Duration.ofSeconds(5), () -> Database.running(pg(), marker) == 1);

        long t0 = System.nanoTime();
        rt().blockOn(sleeper.cancelAndJoin());
        Duration took = Duration.ofNanos(System.nanoTime() - t0);

        assertThat(took).isLessThan(Duration.ofSeconds(2));
        assertThat(Database.running(pg(), marker)).as("the query still running on the server").isZero();
        assertThatThrownBy(() -> rt().blockOn(sleeper)).isInstanceOf(CancellationException.class);
        assertIdleAndUsable();
    }

    @Test
    void timeoutThrowsTimeoutExceptionAndStopsTheQueryOnTheServer() {
        String marker = name() + "-timeout-" + UUID.randomUUID();
        long t0 = System.nanoTime();
        Object outcome = rt().blockOn(Weft.async(() -> {
            try {
                return await(Time.timeout(objects("select pg_sleep(10) /* " + marker + " */"), Duration.ofMillis(100)));
            } catch (TimeoutException e) {
                return e;
            }
        }));
        Duration took = Duration.ofNanos(System.nanoTime() - t0);

        assertThat(outcome).isInstanceOf(TimeoutException.class);
        assertThat(took).isBetween(Duration.ofMillis(100), Duration.ofSeconds(2));
        assertThat(Database.running(pg(), marker)).as("the query still running on the server").isZero();
        assertIdleAndUsable();
    }

    @Test
    void aFailingStatementThrowsTheServersErrorIntoTheAwaitingBody() {
        Throwable e = rt().blockOn(Weft.async(() -> {
            try {
                await(objects("select * from no_such_table"));
                return null;
            } catch (Exception failed) {
                return failed;
            }
        }));
        assertThat(e).isNotNull();
        assertThat(sqlState(e)).as("the driver's error, with the server's SQL state: " + e).isEqualTo("42P01");
        assertThat(e.getMessage()).contains("relation \"no_such_table\" does not exist");
        assertIdleAndUsable();
    }

    @Test
    void manyCancelsAndTimeoutsLeakNoConnection() {
        String marker = name() + "-many-" + UUID.randomUUID();
        long t0 = System.nanoTime();
        List<Task<Object>> tasks = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            int n = i;
            tasks.add(rt().spawn(Weft.async(() -> {
                try {
                    // a third time out while they wait for a connection (30 tasks, 10 connections)
                    return await(Time.timeout(objects("select pg_sleep(10) /* " + marker + " */"), Duration.ofMillis(50 + 10 * (n % 10))));
                } catch (TimeoutException e) {
                    return e;
                }
            })));
        }
        for (Task<Object> t : tasks) assertThat(rt().blockOn(t)).isInstanceOf(TimeoutException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).as("no query slept its 10 s").isLessThan(Duration.ofSeconds(5));
        assertThat(Database.running(pg(), marker)).isZero();
        assertIdleAndUsable();
    }

    /** Every connection is back and idle, and each still answers a query. */
    private void assertIdleAndUsable() {
        assertConnectionsIdle();
        List<Integer> ids = rt().blockOn(Weft.async(() -> {
            List<Task<List<Integer>>> all = new ArrayList<>();
            for (int i = 0; i < CONNECTIONS; i++) all.add(Task.spawn(ints("select id from city where id = ?", 1)));
            List<Integer> out = new ArrayList<>();
            for (Task<List<Integer>> t : all) out.addAll(await(t));
            return out;
        }));
        assertThat(ids).hasSize(CONNECTIONS).containsOnly(1);
    }
}
