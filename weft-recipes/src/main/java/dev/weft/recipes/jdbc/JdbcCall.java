package dev.weft.recipes.jdbc;

import dev.weft.blocking.Blocking;
import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.sync.Semaphore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;

/**
 * The future of one {@link JdbcRecipe} call: a permit of the recipe's gate (a Weft semaphore with a
 * permit per connection, so a call waiting for a connection waits as a task, without a thread),
 * then a job of the blocking pool that takes a connection, prepares the statement, sets its
 * parameters, runs the {@link StatementWork}, gives the connection back (closing it returns it to
 * its pool) and returns the permit. The first poll asks for the permit.
 *
 * <p>Cancelling it: a call still waiting for its permit gives up its place; the job leaves the queue if no thread took it yet; if it runs, the statement
 * it executes is cancelled on the server ({@link Statement#cancel()}, which opens a connection of
 * its own to send PostgreSQL's cancel request, so it is sent from a second job of the blocking
 * pool, never from the worker that cancels; repeated until the statement returns, see
 * {@link StatementSlot}) and the job's thread is interrupted (which ends a wait for a pool
 * connection). A statement that had not started yet never starts. {@link #pollCancel} is ready
 * once both jobs have returned, that is once the server answered the cancelled statement and the
 * connection is back in its pool. What the job throws
 * once cancelled becomes a {@link CancellationException} (its cause the driver's exception), which
 * the blocking pool takes for the job's interruption, not for a failure.
 *
 * <p>Fields other than the slot and {@code permitReturned} are the owner's (the task polling it,
 * one poll at a time).
 */
final class JdbcCall<T> implements Fallible<T, SQLException> {
    private final StatementSlot slot = new StatementSlot();
    private final Semaphore gate;
    private final Callable<T> blocking;
    private final AtomicBoolean permitReturned = new AtomicBoolean(); // the pool thread or pollCancel gives it back, once
    private Future<Void> permit; // the gate's acquire, from the first poll until granted
    private Fallible<T, Exception> job; // the blocking job, once the permit was granted
    private Future<Void> canceller; // sends cancel requests, once cancel() found a statement running

    JdbcCall(Semaphore gate, DataSource source, String sql, Object[] params, StatementWork<T> work) {
        this.gate = gate;
        this.blocking = () -> {
            try {
                return run(source, sql, params, work);
            } finally {
                returnPermit();
            }
        };
    }

    private void returnPermit() {
        if (permitReturned.compareAndSet(false, true)) gate.release(1);
    }

    private T run(DataSource source, String sql, Object[] params, StatementWork<T> work) throws SQLException {
        try (Connection c = source.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) ps.setObject(i + 1, params[i]);
            if (!slot.register(ps)) throw new CancellationException("cancelled before " + sql + " was sent");
            try {
                return work.run(ps);
            } finally {
                slot.release();
            }
        } catch (SQLException | RuntimeException e) {
            if (!slot.isCancelled() || e instanceof CancellationException) throw e;
            CancellationException stopped = new CancellationException("cancelled: " + sql);
            stopped.initCause(e);
            throw stopped;
        }
    }

    /**
     * Ready with the work's outcome once the job returned.
     *
     * @throws SQLException what the driver threw, as it is: a server error carries the server's
     *     message and SQLState
     */
    @Override
    public Poll<T> poll(Context cx) throws SQLException {
        try {
            if (job == null) {
                if (permit == null) permit = gate.acquire(1);
                if (permit.poll(cx).isPending()) return Poll.pending(); // throws nothing
                permit = null;
                job = Blocking.unblock(blocking);
            }
            return job.poll(cx);
        } catch (SQLException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("a JDBC job threw a checked exception other than SQLException", e);
        }
    }

    @Override
    public void cancel() {
        if (job == null) {
            if (permit != null) permit.cancel(); // the semaphore takes back what it handed to it
            return;
        }
        if (slot.cancel()) {
            canceller = Blocking.unblock(() -> {
                for (int attempt = 0; slot.sendCancel(attempt); attempt++) {
                    if (slot.awaitReleased(Math.min(10L << Math.min(attempt, 7), 1000))) break;
                }
                return null;
            });
        }
        job.cancel();
    }

    @Override
    public Poll<Void> pollCancel(Context cx) {
        if (job == null) return permit == null ? Poll.ready(null) : permit.pollCancel(cx);
        if (job.pollCancel(cx).isPending()) return Poll.pending();
        returnPermit(); // a job cancelled before a thread took it never ran to give it back
        if (canceller != null) {
            try {
                if (canceller.poll(cx).isPending()) return Poll.pending();
            } catch (Exception e) {
                throw new IllegalStateException("the statement's cancel job failed", e);
            }
            canceller = null;
        }
        return Poll.ready(null);
    }

    @Override
    public String toString() {
        return "JdbcCall[" + job + "]";
    }
}
