package dev.weft.recipes.r2dbc;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.time.Time;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.postgresql.api.PostgresqlStatement;
import io.r2dbc.spi.Row;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.function.Function;

/**
 * R2DBC from async code: r2dbc-postgresql's publishers read through Weft's Reactive Streams bridge
 * ({@code dev.weft.flow.FlowAdapters}), awaited from {@code Weft.async} bodies; no thread waits
 * for the server. The recipe holds a fixed number of connections, one query on each at a time.
 *
 * {@snippet :
 * PostgresqlConnectionFactory factory = new PostgresqlConnectionFactory(PostgresqlConnectionConfiguration.builder()
 *         .host("127.0.0.1").port(5432).username("app").database("app").build());
 * List<String> names = Weft.run(Weft.async(() -> {
 *     R2dbcRecipe db = await(R2dbcRecipe.open(factory, 10));
 *     try {
 *         return await(db.query("select name from city where id = $1", row -> row.get(0, String.class), 7));
 *     } finally {
 *         await(db.close());
 *     }
 * }));
 * }
 *
 * <p><b>Failures</b> reach the awaiting code as the driver signalled them: an
 * {@link io.r2dbc.spi.R2dbcException} (unchecked) with the server's message and
 * {@code getSqlState()}.
 *
 * <p><b>Cancellation</b> stops the query on the server. A cancelled await (the task cancelled, a
 * {@code Time.timeout} that ran out) cancels the subscription to the rows, which on its own only
 * stops the client from reading them; the query's body then stops the query on the server
 * ({@code pg_cancel_backend}, sent on a control connection the recipe keeps for this) and checks
 * the connection answers before giving it back, in a cleanup bounded by
 * {@value #CLEANUP_SECONDS} s ({@code Time.cleanup}), so the cancelled await ends once the server
 * has ended the query and the connection is idle again. A query still waiting for a connection
 * sends nothing.
 *
 * <p>Memory consistency effects: actions before a query happen-before its statement is sent, and
 * the mapping of its rows happens-before the completion of its future.
 */
public final class R2dbcRecipe {
    /** How long a cancelled query may take to stop on the server and give its connection back. */
    public static final int CLEANUP_SECONDS = 5;

    private final IdleConnections connections;

    private R2dbcRecipe(IdleConnections connections) {
        this.connections = connections;
    }

    /**
     * Opens {@code connections} connections, and one more for cancelling queries.
     *
     * @param factory r2dbc-postgresql's connection factory
     * @param connections how many, at least 1: the most queries running at once
     * @return the future of the recipe, once every connection is open; it fails with the
     *     driver's exception if one cannot be opened
     */
    public static Future<R2dbcRecipe> open(PostgresqlConnectionFactory factory, int connections) {
        Objects.requireNonNull(factory, "factory");
        if (connections < 1) throw new IllegalArgumentException("connections < 1: " + connections);
        IdleConnections idle = new IdleConnections(factory, connections);
        return idle.fill().map(ignored -> new R2dbcRecipe(idle));
    }

    /**
     * Runs a query on an idle connection and reads every row.
     *
     * <p>What wakes it: a connection coming free, then the driver's threads as the rows arrive.
     * Throws the driver's {@link io.r2dbc.spi.R2dbcException} (or what {@code mapper} throws).
     * Cancel-safe (see the class comment).
     *
     * @param sql the query, with {@code $1}, {@code $2}... for the parameters
     * @param mapper reads one row, on the driver's thread
     * @param params the parameters, bound in order
     * @param <T> the value of one row
     * @return the future of the rows' values, in the result's order
     */
    public <T> Future<List<T>> query(String sql, Function<? super Row, ? extends T> mapper, Object... params) {
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(mapper, "mapper");
        Object[] args = params.clone();
        return Weft.async(() -> {
            Pooled c = await(connections.acquire());
            boolean cancelled = false;
            try {
                PostgresqlStatement st = c.connection().createStatement(sql);
                for (int i = 0; i < args.length; i++) st.bind(i, args[i]);
                return await(Reactive.<T>all(st.execute().flatMap(r -> r.map((row, meta) -> mapper.apply(row)))));
            } catch (CancellationException e) {
                cancelled = true;
                throw e;
            } finally {
                if (cancelled) await(Time.cleanup(connections.stopAndRelease(c), Duration.ofSeconds(CLEANUP_SECONDS)));
                else connections.release(c);
            }
        });
    }

    /** @return the number of connections */
    public int connectionCount() {
        return connections.count();
    }

    /** @return the connections no query holds now */
    public int idleConnectionCount() {
        return connections.idleCount();
    }

    /**
     * @return a future that waits until no query holds a connection, then closes them all; no query
     *     may start afterwards
     */
    public Future<Void> close() {
        return connections.closeAll();
    }

    @Override
    public String toString() {
        return "R2dbcRecipe[" + connections.idleCount() + "/" + connections.count() + " idle]";
    }
}
