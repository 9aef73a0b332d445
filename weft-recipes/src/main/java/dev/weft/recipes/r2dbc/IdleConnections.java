package dev.weft.recipes.r2dbc;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.sync.Channel;
import dev.weft.time.Time;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.spi.R2dbcException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * The connections of an {@link R2dbcRecipe}, a fixed number of them, each used by one query at a
 * time: the idle ones wait in a bounded channel, a query receives one ({@link #acquire()}, which a
 * task awaits while all are busy) and sends it back ({@link #release}).
 *
 * <p>A query cancelled while it runs leaves its connection busy on the server: R2DBC's
 * cancellation of the subscription only stops the client from reading the rows. So such a
 * connection comes back through {@link #stopAndRelease}: {@code pg_cancel_backend} of its backend,
 * sent on a control connection of its own (the driver's own cancel request, sent from a fresh
 * socket each time, lost the race with its own start under load in r2dbc-postgresql 1.1.3), then a
 * {@code select 1} on the connection, which its driver queues behind the cancelled query, so the
 * connection is idle (the server has ended the query) once that answers. A connection that fails
 * the check, or does not answer it within {@link #CHECK_BOUND}, has its backend ended
 * ({@code pg_terminate_backend}, then waited for until {@code pg_stat_activity} no longer lists it)
 * and is closed and replaced by a new one: r2dbc-postgresql 1.1.3 can leave a connection whose subscription was cancelled at an unlucky
 * moment (after the query was queued, before its result came) with a conversation nobody reads,
 * behind which every later query waits for ever (seen here under 30 concurrent timeouts).
 *
 * <p>Thread-safety: the channel is, and so is the control connection (the driver queues what is
 * sent on it); the other fields are written once, before publication.
 */
final class IdleConnections {
    /** PostgreSQL's SQLState for "canceling statement due to user request". */
    static final String QUERY_CANCELED = "57014";
    /** How long the check of a connection whose query was cancelled may take before it is replaced. */
    static final Duration CHECK_BOUND = Duration.ofSeconds(1);

    private final PostgresqlConnectionFactory factory;
    private final int count;
    private final Channel<Pooled> idle;
    private PostgresqlConnection control; // written by fill(), before the recipe is published

    IdleConnections(PostgresqlConnectionFactory factory, int count) {
        this.factory = factory;
        this.count = count;
        this.idle = Channel.bounded(count);
    }

    /** @return a future that opens the control connection and the {@code count} connections */
    Future<Void> fill() {
        return Weft.async(() -> {
            control = await(Reactive.single(factory.create()));
            for (int i = 0; i < count; i++) release(await(open()));
            return null;
        });
    }

    /** @return a future of a new connection and its backend's process id */
    private Future<Pooled> open() {
        return Weft.async(() -> {
            PostgresqlConnection c = await(Reactive.single(factory.create()));
            int pid = await(Reactive.single(c.createStatement("select pg_backend_pid()").execute()
                    .flatMap(r -> r.map((row, meta) -> row.get(0, Integer.class)))));
            return new Pooled(c, pid);
        });
    }

    /** @return the future of an idle connection, the caller's until it releases it (cancel-safe: none is lost) */
    Future<Pooled> acquire() {
        return idle.receiver().recv();
    }

    /** Gives back a connection that is idle on the server. */
    void release(Pooled c) {
        if (!idle.sender().trySend(c)) throw new IllegalStateException("more connections released than opened: " + c);
    }

    /**
     * @return a future that stops whatever {@code p} runs on the server, checks it answers, and
     *     gives it back (or a new connection in its place); to be awaited under {@code Time.cleanup}
     */
    Future<Void> stopAndRelease(Pooled p) {
        return Weft.async(() -> {
            PostgresqlConnection c = p.connection();
            try {
                await(Reactive.all(control.createStatement("select pg_cancel_backend($1)").bind(0, p.backendPid()).execute()
                        .flatMap(r -> r.map((row, meta) -> row.get(0)))));
                for (int attempt = 1; ; attempt++) {
                    try {
                        await(Time.timeout(Reactive.all(c.createStatement("select 1").execute()
                                .flatMap(r -> r.map((row, meta) -> 1))), CHECK_BOUND));
                        break;
                    } catch (R2dbcException e) {
                        // the cancel may reach the backend after the cancelled query ended and stop
                        // this check instead: that answers 57014, and the next check is not stopped
                        if (attempt == 3 || !QUERY_CANCELED.equals(e.getSqlState())) throw e;
                    }
                }
            } catch (R2dbcException | TimeoutException broken) {
                // its backend may still run the query (a cancel that came before the query is ignored): end it
                await(Reactive.all(control.createStatement("select pg_terminate_backend($1)").bind(0, p.backendPid()).execute()
                        .flatMap(r -> r.map((row, meta) -> row.get(0)))));
                c.close().subscribe();
                while (await(Reactive.single(control.createStatement("select count(*) from pg_stat_activity where pid = $1")
                        .bind(0, p.backendPid()).execute().flatMap(r -> r.map((row, meta) -> row.get(0, Long.class))))) > 0) {
                    await(Time.sleep(Duration.ofMillis(10))); // the backend ends once it handles the signal
                }
                release(await(open()));
                return null;
            }
            release(p);
            return null;
        });
    }

    /** @return the number of connections */
    int count() {
        return count;
    }

    /** @return the connections idle now, in the channel */
    int idleCount() {
        return idle.sender().size();
    }

    /** @return a future that takes every connection back (waiting for busy ones) and closes them */
    Future<Void> closeAll() {
        return Weft.async(() -> {
            List<Pooled> all = new ArrayList<>();
            for (int i = 0; i < count; i++) all.add(await(acquire()));
            for (Pooled p : all) await(Reactive.all(p.connection().close()));
            await(Reactive.all(control.close()));
            return null;
        });
    }
}
