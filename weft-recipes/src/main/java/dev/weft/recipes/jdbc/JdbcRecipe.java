package dev.weft.recipes.jdbc;

import dev.weft.future.Fallible;
import dev.weft.sync.Semaphore;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * JDBC from async code: each call runs on Weft's blocking pool ({@code Blocking.unblock}), with a
 * connection from a {@link DataSource} (a pool such as HikariCP), and is awaited from a
 * {@code Weft.async} body without blocking a worker. Calls beyond the pool's size wait for a
 * connection as tasks (a {@link Semaphore}), not as blocked threads.
 *
 * {@snippet :
 * try (HikariDataSource pool = new HikariDataSource(config)) {
 *     JdbcRecipe db = JdbcRecipe.over(pool, pool.getMaximumPoolSize());
 *     List<String> names = Weft.run(Weft.async(() ->
 *             await(db.query("select name from city where id = ?", rs -> rs.getString(1), 7))));
 * }
 * }
 *
 * <p><b>Failures</b> reach the awaiting code as the driver threw them: a
 * {@link java.sql.SQLException} whose message is the server's ({@code ERROR: relation "x" does
 * not exist}) and whose {@code getSQLState()} is its code.
 *
 * <p><b>Cancellation</b> stops the query on the server. A cancelled await (the task cancelled, a
 * {@code Time.timeout} that ran out, a race lost) cancels the running statement with
 * {@link java.sql.Statement#cancel()}, sent from the blocking pool, and ends only once the server
 * has answered it and the connection is back in its pool, usable; a call still waiting for a
 * connection or a thread never sends its statement. Cancel-safe for queries; an update cancelled
 * while it runs may have been applied or not, as with any cancelled statement (run it in a
 * transaction of its own if that matters).
 *
 * <p>Memory consistency effects: actions before a call happen-before the statement runs, and
 * reading the rows happens-before the completion of its future.
 */
public final class JdbcRecipe {
    private final DataSource source;
    private final Semaphore gate;

    private JdbcRecipe(DataSource source, int connections) {
        this.source = source;
        this.gate = new Semaphore(connections);
    }

    /**
     * @param source where connections come from; each call takes one and closes it when done
     * @param connections how many calls may hold a connection at once: the pool's size. The
     *     others wait as tasks, without a thread (with a blocked pool thread per waiting call, 50
     *     tasks on 10 connections ran 948 queries/s where 50 virtual threads ran 6,935, in one
     *     short run of weft-recipes' benchmark)
     * @return the recipe over it
     */
    public static JdbcRecipe over(DataSource source, int connections) {
        if (connections < 1) throw new IllegalArgumentException("connections < 1: " + connections);
        return new JdbcRecipe(Objects.requireNonNull(source, "source"), connections);
    }

    /**
     * Runs a query and reads every row of its result.
     *
     * <p>What wakes it: the pool thread, once the rows are read. Throws the driver's
     * {@link java.sql.SQLException}. Cancel-safe (see the class comment).
     *
     * @param sql the query, with {@code ?} for each parameter
     * @param mapper reads one row, on the pool thread
     * @param params the parameters, set with {@code setObject} in order
     * @param <T> the value of one row
     * @return the future of the rows' values, in the result's order
     */
    public <T> Fallible<List<T>, java.sql.SQLException> query(String sql, RowMapper<? extends T> mapper, Object... params) {
        Objects.requireNonNull(mapper, "mapper");
        return new JdbcCall<>(gate, source, Objects.requireNonNull(sql, "sql"), params.clone(), ps -> {
            List<T> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) rows.add(mapper.map(rs));
            }
            return rows;
        });
    }

    /**
     * Runs an insert, update, delete or DDL statement.
     *
     * <p>What wakes it: the pool thread, once the server answered. Throws the driver's
     * {@link java.sql.SQLException}. Cancelling it while it runs stops it on the server; whether
     * its changes were applied is then unknown (see the class comment).
     *
     * @param sql the statement, with {@code ?} for each parameter
     * @param params the parameters, set with {@code setObject} in order
     * @return the future of the count of rows changed
     */
    public Fallible<Long, java.sql.SQLException> update(String sql, Object... params) {
        return new JdbcCall<>(gate, source, Objects.requireNonNull(sql, "sql"), params.clone(), ps -> ps.executeLargeUpdate());
    }

    @Override
    public String toString() {
        return "JdbcRecipe[" + source + "]";
    }
}
