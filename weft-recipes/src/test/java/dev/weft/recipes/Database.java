package dev.weft.recipes;

import dev.weft.recipes.bench.PgServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The tests' server (fails, with how to start one, if none answers), its {@code city} table, and
 * what the server says it is running ({@code pg_stat_activity}), read on a connection of its own.
 */
final class Database {
    static final int CITIES = 100;

    private Database() {}

    /** @return the server, with the {@code city} table filled */
    static PgServer ready() throws SQLException {
        PgServer pg = PgServer.fromEnvironment().requireReachable();
        try (Connection c = pg.connect(); Statement s = c.createStatement()) {
            s.execute("create table if not exists city (id int primary key, name text not null)");
            s.execute("insert into city select i, 'city-' || i from generate_series(1, " + CITIES + ") i on conflict do nothing");
        }
        return pg;
    }

    /** @return how many statements containing {@code marker} the server is running now */
    static int running(PgServer pg, String marker) {
        try (Connection c = pg.connect();
             PreparedStatement ps = c.prepareStatement("select count(*) from pg_stat_activity"
                     + " where state = 'active' and pid <> pg_backend_pid() and position(? in query) > 0")) {
            ps.setString(1, marker);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits, polling every 5 ms, until {@code condition} holds; fails after {@code bound}. */
    static void awaitCondition(String what, Duration bound, BooleanSupplier condition) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("not within " + bound + ": " + what);
            LockSupport.parkNanos(5_000_000);
        }
    }
}
