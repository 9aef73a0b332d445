package dev.weft.recipes.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.core.BaseConnection;

/**
 * Where a {@link JdbcCall}'s pool thread shows the statement it is running, so that a cancel job,
 * on another thread, can stop it on the server.
 *
 * <h2>State</h2>
 * <pre>
 * field      meaning                                          who touches it
 * statement  the statement being executed, or null            guarded by this
 * cancelled  the call was cancelled: no statement may start   guarded by this
 * released   the statement has returned                       guarded by this
 * </pre>
 * <pre>
 * event        effect
 * register     the pool thread, before executing: stores the statement, unless cancelled (then false)
 * release      the pool thread, once the statement returned: statement = null, released = true,
 *              wakes {@link #awaitReleased}
 * cancel       the call's cancel(): cancelled = true; answers whether a statement is registered
 * sendCancel   the cancel job: sends a cancel request for the statement, if still registered
 * </pre>
 * A cancel request can be lost: pgjdbc's {@link Statement#cancel()} does nothing once it has sent
 * one for the execution, and one that reaches the server before the query does is ignored there.
 * So the cancel job repeats it until the statement returns: the first time through
 * {@code Statement.cancel()}, then through pgjdbc's {@link BaseConnection#cancelQuery()} (the same
 * request, for the connection). {@link #sendCancel} holds this lock while it sends, and
 * {@link #release} takes it, so the connection cannot go back to its pool (and run someone else's
 * query) while a cancel request for it is on its way.
 */
final class StatementSlot {
    private Statement statement;
    private boolean cancelled;
    private boolean released;

    /** @return {@code false} if the call was cancelled: the statement must not be executed */
    synchronized boolean register(Statement s) {
        if (cancelled) return false;
        statement = s;
        return true;
    }

    synchronized void release() {
        statement = null;
        released = true;
        notifyAll();
    }

    /** @return whether a statement is executing now, which {@link #sendCancel} must stop */
    synchronized boolean cancel() {
        cancelled = true;
        return statement != null;
    }

    synchronized boolean isCancelled() {
        return cancelled;
    }

    /**
     * Sends a cancel request for the registered statement.
     *
     * @param attempt 0 for the first one
     * @return {@code false} if there is no statement any more (it returned)
     */
    synchronized boolean sendCancel(int attempt) {
        Statement s = statement;
        if (s == null) return false;
        try {
            Connection c = s.getConnection();
            if (attempt > 0 && c.isWrapperFor(BaseConnection.class)) c.unwrap(BaseConnection.class).cancelQuery();
            else s.cancel();
        } catch (SQLException ignored) {
            // the connection broke: the statement returns with that failure
        }
        return true;
    }

    /**
     * Waits until the registered statement was released, at most {@code millis}.
     *
     * @return whether it was
     * @throws InterruptedException if interrupted while waiting
     */
    synchronized boolean awaitReleased(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        for (long left = millis; !released && left > 0; left = (deadline - System.nanoTime()) / 1_000_000) wait(left);
        return released;
    }
}
