package dev.weft.scope;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.sync.Event;
import dev.weft.sync.EventListener;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * A signal that something should stop, for code that is not a child of the scope it belongs to
 * (an accept loop, a background job): tokio-util's {@code CancellationToken}. Cancelling a token
 * cancels its children ({@link #child()}), and their children, but never its parent; code awaits
 * {@link #cancelled()} or runs a future {@linkplain #runUntilCancelled until} the token is
 * cancelled.
 *
 * {@snippet :
 * CancellationToken shutdown = CancellationToken.create();
 * Future<Void> acceptLoop = shutdown.runUntilCancelled(Weft.async(() -> {
 *     while (true) handle(await(listener.accept()));
 * }));
 * // elsewhere, once:
 * shutdown.cancel(); // the loop's pending accept is cancelled, and the loop ends
 * }
 *
 * <p>A child that is no longer needed before its parent is cancelled can be {@linkplain #close()
 * closed}, so that a long-lived parent does not keep every child it ever made.
 *
 * <p>Memory consistency effects: actions before {@code cancel()} happen-before
 * {@code isCancelled()} returns {@code true} and before {@code cancelled()} completes.
 *
 * <h2>State</h2>
 * <pre>
 * field      values / meaning                                    who changes it
 * cancelled  false -&gt; true, once (volatile)                     cancel(), on any thread
 * children   the live children, in the order they were made      child() adds, a child's cancel()
 *            (a walk in that order keeps a simulation's run       or close() removes it, cancel()
 *            the same for the same seed)                         takes them all; under its lock
 * </pre>
 * A child made while its parent is being cancelled is cancelled by one of the two: cancel() sets
 * {@code cancelled} before it takes the children, child() adds the child before it reads
 * {@code cancelled}.
 */
public final class CancellationToken implements AutoCloseable {
    private final CancellationToken parent;
    private final Set<CancellationToken> children = new LinkedHashSet<>(); // guarded by itself
    private final Event changed = new Event();
    private volatile boolean cancelled;

    private CancellationToken(CancellationToken parent) {
        this.parent = parent;
    }

    /** @return a new token, not cancelled */
    public static CancellationToken create() {
        return new CancellationToken(null);
    }

    /** @return a token cancelled when this one is (at once, if this one already is), and on its own */
    public CancellationToken child() {
        CancellationToken c = new CancellationToken(this);
        synchronized (children) {
            children.add(c);
        }
        if (cancelled) c.cancel(); // cancel() marks before it walks the children: one of the two sees the other
        return c;
    }

    /** Cancels this token and every descendant; idempotent. */
    public void cancel() {
        if (cancelled) return;
        cancelled = true;
        changed.notifyAllListeners();
        List<CancellationToken> taken;
        synchronized (children) {
            taken = List.copyOf(children);
            children.clear();
        }
        for (CancellationToken c : taken) c.cancel();
        if (parent != null) parent.forget(this);
    }

    /** @return whether this token (or an ancestor, through it) was cancelled */
    public boolean isCancelled() {
        return cancelled;
    }

    /**
     * A future ready once the token is cancelled. Woken by {@link #cancel()}; never throws;
     * cancel-safe (cancelling the wait changes nothing).
     *
     * @return the future
     */
    public Future<Void> cancelled() {
        return new Future<>() {
            private EventListener listener;

            @Override
            public Poll<Void> poll(Context cx) {
                while (true) {
                    if (cancelled) {
                        cancel();
                        return Poll.ready(null);
                    }
                    if (listener == null) {
                        listener = changed.listen(); // then look again: a cancel in between is seen
                        continue;
                    }
                    if (listener.poll(cx).isPending()) return Poll.pending();
                    listener = null;
                }
            }

            @Override
            public void cancel() {
                EventListener l = listener;
                listener = null;
                if (l != null) l.cancel();
            }

            @Override
            public String toString() {
                return "cancelled() of " + CancellationToken.this;
            }
        };
    }

    /**
     * Runs {@code future} until it completes or the token is cancelled, whichever comes first: in
     * the second case the future is cancelled, and once it is done cancelling this throws
     * {@link CancellationException}.
     *
     * @param future what to run
     * @param <T> its output type
     * @return the future of its output
     */
    public <T> Future<T> runUntilCancelled(Future<T> future) {
        Future<T> stop = cancelled().map(x -> {
            throw new CancellationException("the token was cancelled");
        });
        return Future.race(future, stop);
    }

    /** Forgets this token in its parent (it stays as it is): for a child no longer needed. */
    @Override
    public void close() {
        if (parent != null) parent.forget(this);
    }

    private void forget(CancellationToken child) {
        synchronized (children) {
            children.remove(child);
        }
    }

    @Override
    public String toString() {
        int n;
        synchronized (children) {
            n = children.size();
        }
        return "CancellationToken[" + (cancelled ? "cancelled" : "live") + ", " + n + " children]";
    }
}
