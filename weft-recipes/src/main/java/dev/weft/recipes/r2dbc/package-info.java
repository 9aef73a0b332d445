/**
 * R2DBC from Weft: {@link dev.weft.recipes.r2dbc.R2dbcRecipe} awaits r2dbc-postgresql through the
 * Reactive Streams bridge and stops a cancelled query on the server.
 *
 * <p>Implementation overview for maintainers. {@code Reactive} turns a Reactive Streams publisher
 * into an {@code AsyncStream} ({@code org.reactivestreams.FlowAdapters}, then
 * {@code dev.weft.flow.FlowAdapters}). {@code IdleConnections} is the pool: a bounded channel of
 * idle connections. A query is one woven body: receive a connection, await its rows, give the
 * connection back; a body cancelled at the rows' await gives it back through
 * {@code IdleConnections.stopAndRelease} ({@code pg_cancel_backend} on the control connection, then
 * {@code select 1}) in a bounded
 * cleanup await.
 */
package dev.weft.recipes.r2dbc;
