package dev.weft.scope.internal;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.future.internal.Wakes;
import dev.weft.task.internal.Bindings;
import java.util.ArrayList;
import java.util.List;

/**
 * The children of one task scope and what the scope waits for: which are alive, whether the
 * scope stopped (its remaining children are being cancelled) or closed (no more spawns), and the
 * waker of the owner awaiting the scope's join or close. The accounting that a scope's promise
 * rests on, "no child outlives its scope", lives here, and only here; it is model-checked on its
 * own ({@code ChildLedgerLincheckTest}).
 *
 * <h2>State (every field guarded by this object's monitor)</h2>
 * <pre>
 * field     meaning
 * head      the children alive, a doubly linked list (ScopeChild.prev/next)
 * live      how many are in it
 * spawned   how many were ever added (the next child's index)
 * stopped   the remaining children are being cancelled: set once by stop() or an event that
 *           asked for it; a child added afterwards is cancelled by its spawner
 * closed    no child may be added: set once by close()
 * waiter    the owner's waker while it awaits "no child alive", else null
 * failed    the children that ended FAILED and whose failure no join has surfaced yet, for the
 *           report at close of those that surfaced nowhere
 * </pre>
 * <pre>
 * transition       guard               effect
 * add              !closed             link, live++, spawned++; events.onSpawn may stop
 * ended            linked              unlink, live--; FAILED kept; events.onComplete may stop;
 *                                      the waiter is woken when live reaches 0 or the scope
 *                                      just stopped (outside the lock, as are the cancels)
 * stop             !stopped            stopped; every linked child's task is cancelled (outside
 *                                      the lock; a child not yet handed its task is cancelled by
 *                                      its spawner, which looks at stopped after handing it)
 * seal             -                   closed (a graceful close: the children end on their own)
 * close            -                   closed, then stop
 * pollEmpty        -                   ready when live == 0, else waiter = the poller's waker
 * </pre>
 * A child is linked from its {@link #add} to its {@link #ended}, and {@code ended} happens after
 * all of the child's code ran, so {@code live == 0} means no child of the scope runs any more.
 *
 * <p>Memory consistency effects: a child's actions happen-before the owner's poll that sees it
 * gone (both sides take the monitor).
 */
public final class ChildLedger {
    /** What the scope's joiner hears; each call returns whether to stop the scope. Called under the lock. */
    public interface Events {
        /**
         * @param child a child just added
         * @return whether to stop the scope
         */
        boolean onSpawn(ScopeChild<?> child);

        /**
         * @param child a child that just ended
         * @return whether to stop the scope
         */
        boolean onComplete(ScopeChild<?> child);
    }

    private final String scopeName;
    private final Events events;
    private ScopeChild<?> head;
    private int live;
    private int spawned;
    private boolean stopped;
    private boolean closed;
    private Waker waiter;
    private final List<ScopeChild<?>> failed = new ArrayList<>();

    /**
     * @param scopeName the scope's name, for messages and dumps
     * @param events the joiner's callbacks
     */
    public ChildLedger(String scopeName, Events events) {
        this.scopeName = scopeName;
        this.events = events;
    }

    /** @return the scope's name */
    public String scopeName() {
        return scopeName;
    }

    /**
     * Adds a child; the caller spawns its task, hands it over ({@link ScopeChild#task}) and then,
     * if {@link #isStopped()}, cancels it.
     *
     * @param bindings the bindings the child runs with
     * @param future the user's future
     * @param <T> its output type
     * @return the child
     * @throws IllegalStateException if the scope is closed
     */
    public <T> ScopeChild<T> add(Bindings bindings, Future<T> future) {
        boolean stop;
        ScopeChild<T> c;
        synchronized (this) {
            if (closed) throw new IllegalStateException("task scope " + scopeName + " is closed: no more spawns");
            c = new ScopeChild<>(this, bindings, future, spawned++);
            c.next = head;
            if (head != null) head.prev = c;
            head = c;
            live++;
            stop = !stopped && events.onSpawn(c);
        }
        if (stop) stop();
        return c;
    }

    /** The child ended (completed, threw, or is done cancelling): its one call, from ScopeChild. */
    void ended(ScopeChild<?> c) {
        boolean stop;
        Waker wake;
        synchronized (this) {
            ScopeChild<?> p = c.prev;
            ScopeChild<?> n = c.next;
            if (p != null) p.next = n;
            else head = n;
            if (n != null) n.prev = p;
            c.prev = null;
            c.next = null;
            live--;
            stop = !stopped && events.onComplete(c);
            if (c.failureUnsurfaced()) failed.add(c); // kept for a join, or the report at close
            wake = live == 0 || stop ? takeWaiter() : null;
        }
        if (stop) stop();
        if (wake != null) Wakes.wake(wake);
    }

    /**
     * Stops the scope: every child alive is cancelled, each once (its task's cancel). Idempotent.
     *
     * @return whether this call stopped it
     */
    public boolean stop() {
        List<ScopeChild<?>> alive;
        Waker wake;
        synchronized (this) {
            if (stopped) return false;
            stopped = true;
            alive = new ArrayList<>(live);
            for (ScopeChild<?> c = head; c != null; c = c.next) alive.add(c);
            wake = takeWaiter();
        }
        for (ScopeChild<?> c : alive) {
            var t = c.taskOrNull();
            if (t != null) t.cancel();
        }
        if (wake != null) Wakes.wake(wake);
        return true;
    }

    /** Closes the scope to spawns, without stopping it: its children may end on their own. */
    public synchronized void seal() {
        closed = true;
    }

    /** Closes the scope (no more spawns) and stops it. */
    public void close() {
        seal();
        stop();
    }

    /** @return whether the scope stopped */
    public synchronized boolean isStopped() {
        return stopped;
    }

    /** @return whether the scope is closed */
    public synchronized boolean isClosed() {
        return closed;
    }

    /**
     * @param cx the owner's context, woken when the last child ends (or the scope stops)
     * @return ready once no child is alive
     */
    public synchronized Poll<Void> pollEmpty(Context cx) {
        if (live == 0) {
            waiter = null;
            return Poll.ready(null);
        }
        waiter = cx.waker();
        return Poll.pending();
    }

    /**
     * @param cx the owner's context, woken when the scope stops
     * @return ready once the scope stopped (a child's failure under a fail-fast joiner, a
     *     cancel, the deadline)
     */
    public synchronized Poll<Void> pollStopped(Context cx) {
        if (stopped) return Poll.ready(null);
        waiter = cx.waker();
        return Poll.pending();
    }

    /** @return how many children are alive */
    public synchronized int live() {
        return live;
    }

    /** @return how many children were ever added */
    public synchronized int spawned() {
        return spawned;
    }

    /** @return the children alive now, for dumps */
    public synchronized List<ScopeChild<?>> alive() {
        List<ScopeChild<?>> out = new ArrayList<>(live);
        for (ScopeChild<?> c = head; c != null; c = c.next) out.add(c);
        return out;
    }

    /**
     * A join completed with the joiner's outcome: the failures the joiner read went out with it;
     * those it did not read stay for the report at close.
     */
    public synchronized void joined() {
        failed.removeIf(ScopeChild::surfaceIfRead);
    }

    /** @return the children whose failure surfaced nowhere, each once: the scope reports them */
    public synchronized List<ScopeChild<?>> takeUnsurfacedFailures() {
        List<ScopeChild<?>> out = new ArrayList<>();
        for (ScopeChild<?> c : failed) {
            if (c.failureUnsurfaced()) out.add(c);
        }
        failed.clear();
        return out;
    }

    private Waker takeWaiter() {
        Waker w = waiter;
        waiter = null;
        return w;
    }
}
