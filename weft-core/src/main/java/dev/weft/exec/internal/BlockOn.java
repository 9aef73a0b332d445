package dev.weft.exec.internal;

import dev.weft.future.internal.EndFromFuture;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.internal.Shielded;
import dev.weft.future.internal.Wakes;
import dev.weft.internal.Drivers;
import dev.weft.internal.Outcomes;
import dev.weft.internal.Parker;
import dev.weft.internal.Simulation;
import java.util.concurrent.CancellationException;

/**
 * What {@code Weft.blockOn} does (its Javadoc states the contract): polls a future on the calling
 * thread, parking between polls and driving the idle driver while it waits.
 *
 * <p>Each thread keeps one parker and reuses it, so blocking on a future that is ready at once
 * allocates nothing beyond what the future itself does. A nested {@code blockOn} (one called from
 * inside a poll that is itself driven by {@code blockOn} on the same thread) gets a parker of its
 * own, so it cannot swallow the outer wake.
 *
 * {@snippet :
 * int v = BlockOn.blockOn(Future.ready(41)) + 1; // 42
 * }
 */
public final class BlockOn {
    private static final ThreadLocal<CachedParker> PARKERS = ThreadLocal.withInitial(CachedParker::new);

    private BlockOn() {}

    /**
     * Polls {@code future} on this thread until it completes.
     *
     * <p>Failures: what the future threw, as it is (a checked one undeclared: see {@code dev.weft.future.Fallible} for the typed way).
     *
     * @param future the future to run
     * @param <T> the output type
     * @return the output
     * @throws CancellationException if the thread was interrupted while waiting
     */
    public static <T> T blockOn(Future<T> future) {
        return blockOn(future, "Weft.blockOn(...)", "");
    }

    /**
     * Polls {@code future} on this thread until it completes, as {@link #blockOn(Future)}; on a
     * worker, refuses in the name of the API the user called ({@link #refuseOnWorker(String, String, String)}).
     *
     * @param future the future to run
     * @param call the API the user called, for the refusal: {@code Weft.await(...)}, say
     * @param where what makes the call wrong there, for the refusal (" outside an async body"), or ""
     * @param <T> the output type
     * @return the output
     * @throws CancellationException if the thread was interrupted while waiting
     */
    public static <T> T blockOn(Future<T> future, String call, String where) {
        refuseOnWorker(call, where, INSTEAD);
        CachedParker cached = PARKERS.get();
        if (cached.inUse) return run(future, new Parker(), null);
        cached.inUse = true;
        try {
            return run(future, cached.parker, cached.context);
        } finally {
            cached.inUse = false;
        }
    }

    /** What to do instead of blocking a worker, said by most refusals. */
    public static final String INSTEAD = "inside a task, await the future in a Weft.async body, or return it to be"
            + " polled (chain it with map or then)";

    /**
     * Throws if the calling thread is a worker of a runtime (any runtime): blocking it would stop
     * every task queued on it, and can deadlock the runtime. A coroutine body (a virtual thread)
     * may block: that parks the virtual thread and frees its worker. The message names the API the
     * user called and what to do instead:
     * {@code Weft.await(...) called on worker weft-worker-1 outside an async body would block it ...}.
     *
     * @param call the API the user called ({@code Weft.blockOn(...)}, {@code WeftRuntime.blockOn(...)}, ...)
     * @param where what makes the call wrong there ({@code " outside an async body"}), or ""
     * @param instead what to do instead
     * @throws IllegalStateException on a runtime's worker thread
     */
    public static void refuseOnWorker(String call, String where, String instead) {
        Simulation sim = Drivers.currentOrNull(Simulation.KEY); // looked up first: no message is built on the way through
        if (sim != null) throw sim.refuse(call + where + ", which would block the simulation's only thread (" + instead + ")");
        Thread t = Thread.currentThread();
        if (Scheduler.isWorker(t)) {
            throw new IllegalStateException(call + " called on worker " + t.getName() + where + " would block it, and"
                    + " every task queued on it: " + instead + "; run blocking calls with"
                    + " await(Blocking.unblock(() -> ...))");
        }
    }

    private static <T> T run(Future<T> future, Parker parker, Context context) {
        Context cx = context != null ? context : Context.of(parker);
        if (future instanceof Shielded) return waitThroughInterrupts(future, parker, cx);
        refuseIfInterrupted(future);
        while (true) {
            if (pollOnce(future, cx) instanceof Poll.Ready<T>(T value)) return value;
            try {
                // A future that wakes itself at every poll (one that yields, a busy child) leaves
                // a token each time, and a park with a token returns before it looks at the
                // interrupt status: so look here, or such a future is never cancelled.
                if (Thread.interrupted()) throw new InterruptedException();
                parker.park();
            } catch (InterruptedException e) {
                try {
                    future.cancel();
                } catch (Throwable t) {
                    Wakes.report(t);
                }
                waitThroughInterrupts(future::pollCancel, parker, cx);
                Thread.currentThread().interrupt();
                throw interrupted("interrupted while blocked on " + future, e);
            }
        }
    }

    /**
     * Polls {@code future} to its end whatever interrupts come (a shielded future, or a cancelled
     * one's {@code pollCancel}); the interrupt status is kept aside and set again at the end.
     */
    private static <T> T waitThroughInterrupts(Future<T> future, Parker parker, Context cx) {
        boolean interrupted = Thread.interrupted();
        try {
            while (true) {
                if (pollOnce(future, cx) instanceof Poll.Ready<T>(T value)) return value;
                try {
                    parker.park();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** One poll; a failure is rethrown as it is, and a future that answers a stream's end fails. */
    private static <T> Poll<T> pollOnce(Future<T> future, Context cx) {
        try {
            Poll<T> p = future.poll(cx);
            EndFromFuture.check(p, future);
            return p;
        } catch (Throwable t) {
            throw Outcomes.rethrow(t);
        }
    }

    /**
     * Throws if the calling thread is interrupted, keeping the status: an await of an interrupted
     * thread does not start (blocking code's cancellation is sticky, as a cancelled task's).
     *
     * @param what what the caller was about to wait for, for the message
     * @throws CancellationException (its cause an {@link InterruptedException}) if interrupted
     */
    public static void refuseIfInterrupted(Object what) {
        if (Thread.currentThread().isInterrupted()) {
            throw interrupted("interrupted before blocking on " + what, new InterruptedException());
        }
    }

    private static CancellationException interrupted(String message, InterruptedException cause) {
        CancellationException c = new CancellationException(message);
        c.initCause(cause);
        return c;
    }

    /** One per thread: the parker {@code blockOn} reuses, and whether it is taken. Owner thread only. */
    private static final class CachedParker {
        final Parker parker = new Parker();
        final Context context = Context.of(parker);
        boolean inUse;
    }
}
