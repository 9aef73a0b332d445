/**
 * JDBC from Weft: {@link dev.weft.recipes.jdbc.JdbcRecipe} runs statements on the blocking pool
 * and cancels them on the server when the await is cancelled.
 *
 * <p>Implementation overview for maintainers. A call is a {@code JdbcCall}: a permit of the
 * recipe's semaphore (one per connection), then a future around one {@code Blocking.unblock} job. The job shows the statement it executes in a
 * {@code StatementSlot}; the call's {@code cancel()} takes it from there and sends
 * {@code Statement.cancel()} from a second job (it opens a socket), then cancels the first job
 * (leaves the queue, or interrupts its thread), and {@code pollCancel} waits for both jobs.
 */
package dev.weft.recipes.jdbc;
