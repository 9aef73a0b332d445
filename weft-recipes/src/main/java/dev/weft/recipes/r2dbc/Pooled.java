package dev.weft.recipes.r2dbc;

import io.r2dbc.postgresql.api.PostgresqlConnection;

/**
 * One connection of {@link IdleConnections} and the process id of its server backend
 * ({@code pg_backend_pid()}, read when it was opened), by which {@code pg_cancel_backend} stops
 * what it runs.
 *
 * @param connection the connection
 * @param backendPid its server process
 */
record Pooled(PostgresqlConnection connection, int backendPid) {}
