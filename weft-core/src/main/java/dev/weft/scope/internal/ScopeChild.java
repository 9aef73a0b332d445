package dev.weft.scope.internal;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.internal.Wakes;
import dev.weft.scope.Subtask;
import dev.weft.task.Task;
import dev.weft.task.internal.Bindings;
import dev.weft.task.internal.RawTask;
import dev.weft.task.internal.TaskEndListener;
import dev.weft.task.internal.WithBindings;
import java.util.concurrent.Future.State;

/**
 * A child of a task scope: the future its task runs (the user's future with the scope's
 * bindings, the scope itself among them) and the {@link Subtask} its joiner sees. When the user's
 * future completes, throws, or is done cancelling, the child records the outcome; once its task
 * has completed ({@link #taskEnded()}, on the same thread) it tells its {@link ChildLedger},
 * exactly once. All of the child's code has run by then, and its task is done: a join or close
 * that sees the child gone finds its task complete.
 *
 * <h2>State</h2>
 * <pre>
 * field     written                                        read
 * state     RUNNING -&gt; SUCCESS / FAILED / CANCELLED, once, by the polling thread, before its
 *           task completes and the ledger hears of it      anyone; after state, value/failure
 *           (volatile)
 * value     before state                                   after state is SUCCESS
 * failure   before state                                   after state is FAILED
 * read      false -&gt; true, when exception() is read      the ledger (volatile)
 * surfaced  false -&gt; true, when a join completed after   the ledger, at close (volatile)
 *           the failure was read
 * task      once, by the spawner, right after the spawn    the ledger (cancel) and task()
 * prev/next the ledger's live list                         guarded by the ledger's lock
 * </pre>
 *
 * @param <T> the output type
 */
public final class ScopeChild<T> extends WithBindings<T> implements Subtask<T>, TaskEndListener {
    private final ChildLedger ledger;
    private final int index;
    private volatile State state = State.RUNNING;
    private T value;
    private Throwable failure;
    private volatile boolean read;
    private volatile boolean surfaced;
    private volatile Task<T> task;
    ScopeChild<?> prev;
    ScopeChild<?> next;

    /**
     * @param ledger the scope's ledger
     * @param bindings the bindings the child runs with (the scope's among them)
     * @param inner the user's future
     * @param index its place in spawn order
     */
    public ScopeChild(ChildLedger ledger, Bindings bindings, Future<T> inner, int index) {
        super(bindings, inner);
        this.ledger = ledger;
        this.index = index;
    }

    /** A child's failure surfaces through its scope (a join, else the report at close). */
    @Override
    public boolean failureSurfacesElsewhere() {
        return true;
    }

    /** @param task the child's task, right after it was spawned */
    public void task(Task<T> task) {
        this.task = task;
    }

    @Override
    public Poll<T> poll(Context cx) throws Exception {
        Poll<T> p;
        try {
            p = super.poll(cx);
        } catch (Throwable t) {
            failure = t;
            end(State.FAILED);
            throw t;
        }
        if (p instanceof Poll.Ready<T>(T v)) {
            value = v;
            end(State.SUCCESS);
        }
        return p;
    }

    @Override
    public Poll<Void> pollCancel(Context cx) {
        Poll<Void> p = super.pollCancel(cx);
        if (p.isReady() && state == State.RUNNING) end(State.CANCELLED);
        return p;
    }

    /** The spawn of the child's task failed (its runtime closed): it ends cancelled, never having run. */
    public void neverRan() {
        state = State.CANCELLED;
        ledger.ended(this);
    }

    private void end(State s) {
        state = s;
    }

    /** Its task completed: the ledger hears that the child ended. */
    @Override
    public void taskEnded() {
        if (state == State.RUNNING) state = State.CANCELLED; // completed without an outcome of its own
        ledger.ended(this);
    }

    @Override
    public Task<T> task() {
        Task<T> t = task;
        if (t == null) throw new IllegalStateException("the child's task is not spawned yet");
        return t;
    }

    /** @return the task, or {@code null} while the spawn is under way */
    Task<T> taskOrNull() {
        return task;
    }

    @Override
    public int index() {
        return index;
    }

    @Override
    public State state() {
        return state;
    }

    @Override
    public T get() {
        if (state != State.SUCCESS) throw new IllegalStateException("subtask " + index + " is " + state + ", not SUCCESS");
        return value;
    }

    @Override
    public Throwable exception() {
        if (state != State.FAILED) throw new IllegalStateException("subtask " + index + " is " + state + ", not FAILED");
        read = true;
        return failure;
    }

    /**
     * A join completed: a failure its joiner read went out with the join's outcome.
     *
     * @return whether this child's failure is now surfaced
     */
    boolean surfaceIfRead() {
        if (read) surfaced = true;
        return surfaced;
    }

    /**
     * @return whether it failed and the failure surfaced nowhere: not through a completed join,
     *     nor by an await of its task
     */
    boolean failureUnsurfaced() {
        if (state != State.FAILED || surfaced) return false;
        return !(task instanceof RawTask<T> t) || !t.failureTaken();
    }

    /**
     * Reports its failure to the failure hook of the runtime that ran it (through its task, so the
     * report reaches that runtime from any thread), with {@code why} it is reported.
     *
     * @param why what the report says after the child
     */
    public void reportFailure(String why) {
        surfaced = true;
        String what = "child " + index + " of task scope " + ledger.scopeName() + " (" + inner() + ") " + why;
        if (task instanceof RawTask<T> t) t.reportFailure(what, failure);
        else Wakes.report(what, failure);
    }

    /** @return the name of its scope */
    public String scopeName() {
        return ledger.scopeName();
    }

    @Override
    public String toString() {
        return "subtask " + index + " (" + state + ") of " + ledger.scopeName() + ": " + inner();
    }
}
