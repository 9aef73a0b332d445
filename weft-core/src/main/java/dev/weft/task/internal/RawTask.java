package dev.weft.task.internal;

import dev.weft.internal.Ambient;
import dev.weft.internal.FlightRecorderGate;
import dev.weft.future.internal.EndFromFuture;
import dev.weft.future.internal.Wakes;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.future.internal.FailureSink;
import dev.weft.future.internal.SelfWakingContext;
import dev.weft.task.Task;
import dev.weft.task.TaskState;
import dev.weft.internal.Coop;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * A spawned future with its state, output and awaiter: the unit that executors queue and run.
 * The task is at once its own {@link Waker}, the {@link Context} its future is polled with, and the
 * {@link Task} handle given to the spawner, so spawning allocates this one object, and waking,
 * re-queueing and polling an existing task allocate nothing; nor does awaiting a finished one (the
 * handle answers with the future's own {@code Poll.Ready}).
 *
 * <h2>State word</h2>
 * <pre>
 * bit        name       meaning
 * 1 << 0     SCHEDULED  the task is in a run queue (exactly one entry), or about to be put there
 * 1 << 1     RUNNING    a thread owns the future: it is polling it, or (with CLOSED) cancelling it
 * 1 << 2     NOTIFIED   woken while RUNNING: re-queue once after the poll returns
 * 1 << 3     COMPLETED  final: the outcome (value, failure or cancellation) is stored
 * 1 << 4     CLOSED     cancellation requested; set with RUNNING (or, by a virtual thread, with
 *                       SCHEDULED), never cleared
 * 1 << 5     HANDLE     the Task handle still wants the outcome (cleared by detach)
 * 1 << 6     AWAITER    an awaiter waker was stored in the awaiter field
 * 1 << 7     TAKEN      an await of the handle threw the stored failure (detach reports no more)
 * 1 << 8     TRACKED    the executor keeps the task in its list of waiting tasks (Schedule.track)
 * 1 << 9     STATS      the task keeps statistics (Schedule.statsOf); set before publication, never
 *                       cleared
 * 1 << 10    DRAINING   the future's cancel() hook runs or ran, and its pollCancel is not ready yet:
 *                       wakes count again, and each run polls pollCancel; set with CLOSED and
 *                       RUNNING held, never cleared
 * 26..31     shard      the TaskList shard of the task, fixed at construction
 * </pre>
 * Invariants: SCHEDULED and RUNNING are both set only while a canceller drops or drains a queued
 * task (the queue entry is discarded if it is run meanwhile, and runs the drain if it is run
 * after); NOTIFIED only with RUNNING; COMPLETED never with RUNNING; DRAINING only with CLOSED;
 * every transition keeps the shard and STATS bits.
 *
 * <p>Why TRACKED is set lazily: an executor must find every unfinished task when it closes. A task
 * that is queued or running is found in the queues or by its worker; only a task waiting for a
 * waker is reachable from nowhere but its wakers. So a task joins the executor's list the first
 * time a poll leaves it waiting, and a task that finishes in its first poll never touches the list
 * (two lock round trips saved per short task).
 *
 * <p>Why statistics live in the executor, not in a field: a task is 32 bytes without that field
 * and 40 with it (12 bytes of header and five 4-byte fields round up to 32; a sixth crosses to
 * 40), and every spawn pays for those bytes in fresh heap pages, statistics on or off. A task with
 * statistics has the STATS bit, and its hooks look the {@link TaskStats} up in the executor
 * ({@link Schedule#statsOf}); a task without pays one bit test per hook.
 *
 * <h2>Transitions (each one CAS loop on the word)</h2>
 * <pre>
 * method          seen                       new state / action
 * wake            COMPLETED, or CLOSED       nothing
 *                 without DRAINING
 * wake            SCHEDULED, or NOTIFIED     same value (a release write: publishes the waker's writes)
 * wake            RUNNING                    +NOTIFIED (the runner re-queues after the poll)
 * wake            idle                       +SCHEDULED, then Schedule.schedule(task, false)
 * wake (by the    RUNNING, on the polling    no CAS: recorded in the executor thread (Polling), and
 *  poller itself)  executor thread           the end of the poll reads it as NOTIFIED (a yield, a
 *                                            spent budget)
 * run (start)     RUNNING or COMPLETED       -SCHEDULED, drop the stale queue entry (a canceller won)
 * run (start)     SCHEDULED                  -SCHEDULED +RUNNING, then poll (DRAINING: poll pollCancel;
 *                                            CLOSED alone: run the cancel() hook, then drain)
 * poll Ready      RUNNING                    -RUNNING -NOTIFIED +COMPLETED; wake awaiter;
 *                                            Schedule.release(task, TRACKED was set)
 * poll throws     RUNNING                    same, outcome = the failure
 * poll Pending    RUNNING+CLOSED, not        +DRAINING, cancel() hook, then drain
 *                  DRAINING
 * drain           pollCancel ready           complete as cancelled
 * drain           pollCancel pending         as a pending poll below (a closed executor's failed
 *                                            track leaves it waiting: the closer drives it)
 * poll Pending    RUNNING+NOTIFIED           -RUNNING -NOTIFIED +SCHEDULED, schedule(task, true);
 *                                            if SCHEDULED was set (a queued entry a canceller left),
 *                                            that entry runs it and nothing more is queued
 * poll Pending    RUNNING, TRACKED           -RUNNING (the task lives on in its wakers)
 * poll Pending    RUNNING, not TRACKED       Schedule.track(task), then +TRACKED (an atomic OR), then
 *                                            as above; if the executor is closed, cancel as if
 *                                            CLOSED
 * cancel          COMPLETED                  nothing
 * cancel          RUNNING                    +CLOSED and return at once; the runner runs the cancel()
 *                                            hook right after its poll returns
 * cancel          CLOSED, not RUNNING        nothing (a drain, or a deferred cancel, is under way)
 * cancel, on a    idle or SCHEDULED          +CLOSED +SCHEDULED (queued unless it was): the worker
 *  virtual thread                             that runs the entry runs the cancel() hook, then drains
 * cancel          idle or SCHEDULED          +CLOSED +RUNNING; the caller runs the cancel() hook and
 *                                            drains (a queued entry is then dropped, or runs the
 *                                            rest of the drain)
 * detach          any                        -HANDLE; a failure stored and not TAKEN goes to the
 *                                            hook
 * outcome         COMPLETED, a failure       +TAKEN; throws the failure, unless neither HANDLE nor
 *                                            TAKEN was set (a detach or the completion reported it
 *                                            to the hook: each failure is surfaced exactly once)
 * await (handle)  not COMPLETED              store awaiter, +AWAITER, re-read: pending if still not
 *                                            COMPLETED; a failure read out: +TAKEN (poll, or the same
 *                                            without budget for a blocked outside thread)
 * </pre>
 *
 * <h2>Who touches which field</h2>
 * <ul>
 *   <li>{@code state}: any thread; read as a volatile field, changed only by CAS through
 *       {@code STATE} (a field updater, not a VarHandle, whose plumbing costs more while the JIT
 *       is still compiling: {@code weft-bench/RESULTS.md}, "hot-path atomics without VarHandles"),
 *       and set once with a release store before the task is published.</li>
 *   <li>{@code slot}: the future until COMPLETED (touched only by the thread that set RUNNING),
 *       then the outcome (the union of async-task, so a finished task does not keep its future):
 *       the future's own {@code Poll.Ready}, a {@link Failure} or {@code CANCELLED}. The Ready is
 *       kept as it came, so an await hands it on and allocates nothing; the price is 16 bytes more
 *       alive per finished task not yet awaited (a W1 pass allocates 14% less:
 *       {@code weft-bench/RESULTS.md}, "a task keeps its future's Ready"). Written once before the
 *       CAS that sets COMPLETED, read only after COMPLETED was seen (that CAS and the volatile read
 *       order them).</li>
 *   <li>{@code awaiter}: written by the handle's owner before its AWAITER read-modify-write; read by
 *       the completer after its COMPLETED CAS saw AWAITER.</li>
 *   <li>{@code listSlot}: the {@link TaskList} shard holding the task, under its lock.</li>
 *   <li>statistics (STATS set): the executor's map holds them from before publication until the
 *       task is released; the {@link TaskStats} class says who writes what in it.</li>
 *   <li>A wake by the polling thread itself during the poll (a yield, a spent budget) is kept in
 *       a plain field of that executor thread ({@link Polling#recordSelfWake}), not here: no
 *       atomic instruction, and no field in every task for it.</li>
 * </ul>
 *
 * @param <T> the output type
 */
public final class RawTask<T> extends SelfWakingContext implements Task<T>, FailureSink {
    static final int SCHEDULED = 1;
    static final int RUNNING = 1 << 1;
    static final int NOTIFIED = 1 << 2;
    static final int COMPLETED = 1 << 3;
    static final int CLOSED = 1 << 4;
    static final int HANDLE = 1 << 5;
    static final int AWAITER = 1 << 6;
    static final int TAKEN = 1 << 7;
    static final int TRACKED = 1 << 8;
    static final int STATS = 1 << 9;
    static final int DRAINING = 1 << 10;
    static final int SHARD_SHIFT = 26;

    private static final Object CANCELLED = new Object();
    @SuppressWarnings("rawtypes") // one updater for every RawTask<T>
    private static final AtomicIntegerFieldUpdater<RawTask> STATE =
            AtomicIntegerFieldUpdater.newUpdater(RawTask.class, "state");

    private volatile int state; // read as a field, changed through STATE
    private Object slot;
    private final Schedule schedule;
    private volatile Waker awaiter;
    int listSlot = -1;

    /**
     * A task in state SCHEDULED: the caller must call {@link Schedule#schedule} with it once (or
     * run it at once), since that first queue entry is what SCHEDULED stands for.
     *
     * @param future the future to run
     * @param schedule the owning executor
     * @param withHandle whether a {@code Task} handle will want the outcome (false: detached)
     */
    public RawTask(Future<T> future, Schedule schedule, boolean withHandle) {
        // no Objects.requireNonNull: its erased answer needs a checkcast, which C2 compiles against
        // the future classes seen so far and which traps (class_check) at each new one
        if (future == null) throw new NullPointerException("future");
        this.slot = inheritBindings(future);
        this.schedule = schedule;
        int shard = ThreadLocalRandom.current().nextInt() & (TaskList.SHARDS - 1);
        // a release store, no fence: the queue or list that receives the task publishes it
        STATE.lazySet(this, SCHEDULED | (withHandle ? HANDLE : 0) | shard << SHARD_SHIFT);
        if (FlightRecorderGate.open() && TaskSpawnedEvent.PROBE.isEnabled()) TaskEvents.spawned(this, future);
    }

    /**
     * A task inherits the task-local bindings of the code that spawns it: its future then runs
     * with them ({@link WithBindings}). Code without bindings pays one read of its thread's
     * context slot, and its task no wrapper.
     */
    private static <T> Future<T> inheritBindings(Future<T> future) {
        // the thread's context first: without bindings (nearly every spawn) the future's class is
        // never tested, so this site is not compiled against the future classes seen so far
        if (!(Ambient.current() instanceof Bindings b) || future instanceof WithBindings<T>) return future;
        Bindings inherited = Bindings.withoutScopes(b); // a plain spawn is no child of the scope it is made in
        return inherited == null ? future : new WithBindings<>(inherited, future);
    }

    /**
     * Spawns {@code future} on this task's executor from any thread (see
     * {@link Schedule#spawnFromOtherThread}).
     *
     * @param future the future to run
     * @param <U> its output type
     * @return the new task, or {@code null} if the executor takes no spawns from other threads
     */
    public <U> RawTask<U> spawnBeside(Future<U> future) {
        return schedule.spawnFromOtherThread(future);
    }

    /** Marks a task not yet published as keeping statistics ({@link TaskStats#attach}). */
    void markStats() {
        STATE.lazySet(this, state | STATS);
    }

    /** @return the shard of {@link TaskList} this task belongs to */
    int shard() {
        return state >>> SHARD_SHIFT;
    }

    // ---- waker ------------------------------------------------------------------------------

    @Override
    public void wake() {
        if (Polling.recordSelfWake(this)) { // this very thread polls the task: its end re-queues it
            statsWoken(true);
            return;
        }
        int s = state;
        if ((s & STATS) != 0) statsWoken(Polling.isPolling(this)); // its poller, on a thread that records no self-wake
        while (true) {
            if ((s & COMPLETED) != 0 || (s & (CLOSED | DRAINING)) == CLOSED) return;
            int next = (s & RUNNING) != 0 ? s | NOTIFIED : s | SCHEDULED;
            if (STATE.compareAndSet(this, s, next)) {
                if ((s & (RUNNING | SCHEDULED)) == 0) schedule.schedule(this, false);
                return;
            }
            s = state;
        }
    }

    /** Counts a wake in the task's statistics, if it keeps them; {@code self}: by its own poll. */
    private void statsWoken(boolean self) {
        if ((state & STATS) == 0) return;
        TaskStats st = schedule.statsOf(this);
        if (st != null) st.woken(self);
    }

    // ---- running ----------------------------------------------------------------------------

    /**
     * Polls the future once; called by the executor for the queue entry it took. Never throws:
     * a failure of the poll becomes the task's outcome.
     */
    public void run() {
        int s = state;
        while (true) {
            if ((s & (RUNNING | COMPLETED)) != 0) {
                if (STATE.compareAndSet(this, s, s & ~SCHEDULED)) return;
                s = state;
                continue;
            }
            if (STATE.compareAndSet(this, s, (s & ~SCHEDULED) | RUNNING)) break;
            s = state;
        }
        Object prev = Polling.enter(this);
        TaskStats st = (s & STATS) != 0 ? schedule.statsOf(this) : null;
        long pollStart = st != null ? st.pollStarted() : 0;
        LongPollEvent longPoll = null;
        if (FlightRecorderGate.open() && LongPollEvent.PROBE.isEnabled()) {
            longPoll = new LongPollEvent();
            longPoll.begin();
        }
        try {
            if ((s & DRAINING) != 0) {
                drainReportingHere();
                return;
            }
            if ((s & CLOSED) != 0) { // cancelled from a virtual thread: the hook runs here
                dropFuture();
                return;
            }
            Future<T> fut = future();
            Poll<T> p;
            try {
                p = fut.poll(this);
                EndFromFuture.check(p, fut);
            } catch (Throwable t) {
                boolean watch = !(fut instanceof WithBindings<?> w && w.failureSurfacesElsewhere());
                Failure f = new Failure(t, describe());
                complete(f);
                if (watch) watchFailure(f);
                ended(fut);
                return;
            }
            boolean selfWoken = Polling.takeSelfWake(this);
            if (p instanceof Poll.Ready<T>) {
                complete(p);
                ended(fut);
                return;
            }
            afterPending(selfWoken);
        } finally {
            // a record left by a wake after the outcome was settled (a cancel() hook that woke the
            // task, a failing poll): nothing to re-queue, and the thread's record must be free
            Polling.takeSelfWake(this);
            Polling.exit(prev);
            if (longPoll != null) TaskEvents.endPoll(longPoll, this);
            if (st != null) st.pollEnded(pollStart);
        }
    }

    @SuppressWarnings("unchecked")
    private Future<T> future() {
        return (Future<T>) slot;
    }

    private void afterPending(boolean selfWoken) {
        int s = state;
        boolean closedTracking = false;
        while (true) {
            if ((s & (CLOSED | DRAINING)) == CLOSED) {
                dropFuture();
                return;
            }
            boolean again = (s & NOTIFIED) != 0 || selfWoken;
            if (!again && (s & TRACKED) == 0 && !closedTracking) {
                // about to wait for a waker: the executor must be able to find the task
                if (schedule.track(this)) {
                    // at once, so that a completion after a racing cancel still releases it
                    s = getAndOr(TRACKED) | TRACKED;
                    continue;
                }
                if ((s & DRAINING) == 0) {
                    dropFuture(); // the executor closed: nobody would ever poll the task again
                    return;
                }
                closedTracking = true; // draining in a closed executor: the closer runs it when woken
                schedule.unwindingAfterClose(this);
            }
            boolean queued = (s & SCHEDULED) != 0; // an entry left by a canceller: it runs the task
            int next = again ? (s & ~(RUNNING | NOTIFIED)) | SCHEDULED : s & ~RUNNING;
            if (STATE.compareAndSet(this, s, next)) {
                if (again && !queued) schedule.schedule(this, true);
                return;
            }
            s = state;
        }
    }

    /**
     * Runs the cancel() hook (caller owns RUNNING and CLOSED is set), then drains. DRAINING is set
     * first, so that a wake from the hook or the drain on is not ignored.
     */
    private void dropFuture() {
        getAndOr(DRAINING);
        FailureSink prev = claimSink();
        try {
            try {
                future().cancel();
            } catch (Throwable t) {
                schedule.uncaught(describe() + ": its cancel() hook threw", t);
            }
            drain();
        } finally {
            if (prev != this) Wakes.installSink(prev);
        }
    }

    private void drainReportingHere() {
        FailureSink prev = claimSink();
        try {
            drain();
        } finally {
            if (prev != this) Wakes.installSink(prev);
        }
    }

    /**
     * While the future unwinds, what it reports ({@code Wakes.report}: a body's unwinding failure,
     * a failing cancel hook) must reach this task's executor, also on a thread that is no worker (a
     * plain thread cancelling, the thread closing the executor): this task becomes that thread's
     * failure sink meanwhile.
     *
     * @return the sink to restore, or this task if the thread is a sink itself (nothing to restore)
     */
    private FailureSink claimSink() {
        return Thread.currentThread() instanceof FailureSink ? this : Wakes.installSink(this);
    }

    /** Takes a failure reported while this task's future unwinds: the executor's failure hook. */
    @Override
    public void reportFailure(Throwable failure) {
        schedule.uncaught(describe() + ": thrown while it was being cancelled", failure);
    }

    @Override
    public void reportFailure(String what, Throwable failure) {
        schedule.uncaught(what, failure);
    }

    /**
     * Polls the cancelled future's {@code pollCancel} (caller owns RUNNING): completes as cancelled
     * once it is ready, else waits for a wake as a pending poll does. A {@code pollCancel} that
     * throws, against its contract, is reported and counts as ready.
     */
    private void drain() {
        boolean ready;
        try {
            ready = future().pollCancel(this).isReady();
        } catch (Throwable t) {
            schedule.uncaught(t);
            ready = true;
        }
        boolean selfWoken = Polling.takeSelfWake(this);
        if (ready) {
            Future<T> fut = future();
            complete(CANCELLED); // sets the slot to the outcome: the future stays readable to the end hooks
            ended(fut);
        } else {
            afterPending(selfWoken);
        }
    }

    private void complete(Object out) {
        if (FlightRecorderGate.open() && TaskEndedEvent.PROBE.isEnabled()) TaskEvents.ended(this, out instanceof Failure f ? f.error() : null, out == CANCELLED);
        slot = out;
        int s = state;
        while (true) {
            if (STATE.compareAndSet(this, s, (s & ~(RUNNING | NOTIFIED)) | COMPLETED)) break;
            s = state;
        }
        schedule.release(this, (s & TRACKED) != 0);
        if ((s & AWAITER) != 0) {
            Waker a = awaiter;
            if (a != null) Wakes.wake(a);
        }
        if ((s & HANDLE) == 0 && out instanceof Failure f) {
            f.surfaced();
            schedule.uncaught(f.task() + " failed, and it was detached", f.error());
        }
    }

    /** Tells a future that listens ({@link TaskEndListener}) that its task has completed. */
    private void ended(Future<?> fut) {
        if (!(fut instanceof TaskEndListener l)) return;
        try {
            l.taskEnded();
        } catch (Throwable t) {
            schedule.uncaught(describe() + ": its end listener threw", t);
        }
    }

    /**
     * A failure the handle still wants: reported through the failure hook if the handle is dropped
     * before an await took it ({@link Unobserved}, {@link Schedule#watchUnobserved}). Only failing
     * tasks pay for it.
     */
    private void watchFailure(Failure f) {
        if ((state & (HANDLE | TAKEN)) == HANDLE) schedule.watchUnobserved(this, new Unobserved(f, schedule));
    }

    /**
     * @return the task for a report, while it still has its future: its id, its future (which names
     *     a woven body's lambda, and shows its task-local bindings and scope) and, with statistics
     *     on, its spawn site
     */
    private String describe() {
        TaskStats st = (state & STATS) != 0 ? schedule.statsOf(this) : null;
        return "task " + id() + " (" + slot + (st != null ? ", spawned at " + st.spawnSite() : "") + ")";
    }

    // ---- the handle's side ------------------------------------------------------------------

    /** @return whether the task has its outcome (completed, failed or cancelled) */
    public boolean isCompleted() {
        return (state & COMPLETED) != 0;
    }

    @Override
    public boolean isDone() {
        return isCompleted();
    }

    /** @return whether the task has its outcome: waking it can never cause a poll again */
    @Override
    public boolean isSpent() {
        return isCompleted();
    }

    /** @return the task the current thread is polling (or cancelling) now, or {@code null} */
    public static RawTask<?> polledHere() {
        return Polling.current() instanceof RawTask<?> t ? t : null;
    }

    /** @return whether an await of the handle threw the task's failure (it surfaced there) */
    public boolean failureTaken() {
        return (state & TAKEN) != 0;
    }

    /**
     * Cancels the task without waiting: if it is idle or queued, its future's cancel() hook runs on
     * this thread now; if a poll of it is running (on another worker, or this very poll), the task is
     * marked and the thread running that poll runs the hook right after the poll returns. Either way
     * the future is never polled again. Does nothing if the task already completed.
     * {@link #cancelAndJoin()} waits for the hook, without blocking a thread.
     */
    @Override
    public void cancel() {
        int s = state;
        while (true) {
            if ((s & COMPLETED) != 0) return;
            if ((s & RUNNING) != 0) {
                if ((s & CLOSED) != 0 || STATE.compareAndSet(this, s, s | CLOSED)) return;
                s = state;
                continue;
            }
            if ((s & CLOSED) != 0) return; // draining: the cancel is under way
            if (Thread.currentThread().isVirtual()) {
                // A coroutine body cancelling: the hook runs on a worker, which the queue entry
                // reaches at once. Run here, a stackful future's hook would hand its steps to a
                // spare carrier and back (tens of microseconds per task a scope cancels).
                int next = (s & SCHEDULED) != 0 ? s | CLOSED : s | CLOSED | SCHEDULED;
                if (STATE.compareAndSet(this, s, next)) {
                    if ((s & SCHEDULED) == 0) schedule.schedule(this, false);
                    return;
                }
                s = state;
                continue;
            }
            if (STATE.compareAndSet(this, s, s | CLOSED | RUNNING)) {
                Object prev = Polling.enter(this);
                try {
                    dropFuture();
                } finally {
                    Polling.takeSelfWake(this); // a cancel() hook that woke the task: nothing to re-queue
                    Polling.exit(prev);
                }
                return;
            }
            s = state;
        }
    }

    /**
     * Cancels the task for a closing executor: the same as {@link #cancel()}.
     *
     * @return whether the task completed; {@code false} while its future is still cancelling (the
     *     closing executor then runs it when it is woken, until it completes)
     */
    public boolean shutdown() {
        cancel();
        return isCompleted();
    }

    /**
     * {@link #shutdown()} for a task a closing executor took out of one of its queues: that queue
     * entry is the task's only one, so a task that is draining (its future still cancelling) runs
     * its drain now instead of losing the entry.
     *
     * @return whether the task completed
     */
    public boolean shutdownQueued() {
        if ((state & CLOSED) != 0) run(); // draining, or cancelled from a virtual thread: this entry runs it
        else cancel();
        return isCompleted();
    }

    @Override
    public Future<Void> cancelAndJoin() {
        cancel();
        return this::pollCompletion;
    }

    /**
     * The handle awaited by a body that is being cancelled: its {@link #cancel()} cancelled the
     * task, which is done cancelling once it completed (its future's {@code finally} blocks ran).
     */
    @Override
    public Poll<Void> pollCancel(Context cx) {
        return pollCompletion(cx);
    }

    /** Ready once COMPLETED, whatever the outcome; registers the awaiter like {@link #poll}. */
    private Poll<Void> pollCompletion(Context cx) {
        if ((state & COMPLETED) == 0) {
            Waker w = cx.waker();
            if (awaiter != w) awaiter = w;
            if ((getAndOr(AWAITER) & COMPLETED) == 0) return Poll.pending();
        }
        return Poll.ready(null);
    }

    /**
     * Drops the handle's interest: the task runs on and its outcome is dropped; a failure goes to
     * the executor's hook (now, if the task already failed and no await of the handle threw it).
     */
    @Override
    public void detach() {
        int s = getAndClear(HANDLE);
        if ((s & (HANDLE | COMPLETED | TAKEN)) == (HANDLE | COMPLETED) && slot instanceof Failure f && !f.isSurfaced()) {
            f.surfaced();
            schedule.uncaught(f.task() + " failed, and it was detached", f.error());
        }
    }


    /**
     * Polls for the outcome on behalf of the handle: registers {@code cx.waker()} while the task runs.
     * Takes one unit of cooperative budget when the outcome is there.
     *
     * @param cx the awaiting task's context
     * @return ready with the output, or pending
     * @throws Exception what the task threw (the original exception; a non-Exception throwable that
     *     is not an Error is wrapped in {@link CompletionException}), or {@link CancellationException}
     *     if the task was cancelled
     */
    @Override
    public Poll<T> poll(Context cx) throws Exception {
        int s = state;
        if ((s & COMPLETED) == 0) {
            Waker w = cx.waker();
            if (awaiter != w) awaiter = w;
            s = getAndOr(AWAITER);
            if ((s & COMPLETED) == 0) return Poll.pending();
        }
        if (!Coop.proceed(cx)) return Poll.pending();
        return outcome();
    }

    /**
     * The handle for a thread outside the executor that blocks on the task ({@code WeftRuntime.blockOn}):
     * the same outcome as {@link #poll}, without the cooperative budget (which only tasks have), and
     * through code of its own, so that the workers' compiled {@link #poll} never meets a caller of
     * this kind (the JIT would throw that code away at the first one, at a branch it never saw taken).
     * Its {@code cancel()} cancels the task.
     *
     * @return a future that completes with the task's outcome
     */
    public Future<T> awaitedFromOutside() {
        return new Future<>() {
            @Override
            public Poll<T> poll(Context cx) throws Exception {
                return pollFromOutside(cx);
            }

            @Override
            public void cancel() {
                RawTask.this.cancel();
            }
        };
    }

    private Poll<T> pollFromOutside(Context cx) throws Exception {
        if ((state & COMPLETED) == 0) {
            awaiter = cx.waker();
            if ((getAndOr(AWAITER) & COMPLETED) == 0) return Poll.pending();
        }
        return outcome();
    }

    /** @return the future's Ready (after COMPLETED was seen); @throws Exception its failure or cancellation */
    @SuppressWarnings("unchecked")
    private Poll<T> outcome() throws Exception {
        Object o = slot;
        if (o instanceof Failure f) {
            if ((getAndOr(TAKEN) & (HANDLE | TAKEN)) == 0) {
                // a detach came first and the failure went to the runtime's hook: surfaced once only
                throw new IllegalStateException("the task's handle was detached: its failure went to the runtime's failure hook");
            }
            f.surfaced();
            Throwable e = f.error();
            if (e instanceof Exception ex) throw ex;
            if (e instanceof Error err) throw err;
            throw new CompletionException(e);
        }
        if (o == CANCELLED) throw new CancellationException("task was cancelled");
        return (Poll<T>) o;
    }

    /** Sets {@code bits} in the state word; @return the state before */
    private int getAndOr(int bits) {
        int s = state;
        while (!STATE.compareAndSet(this, s, s | bits)) s = state;
        return s;
    }

    /** Clears {@code bits} in the state word; @return the state before */
    private int getAndClear(int bits) {
        int s = state;
        while (!STATE.compareAndSet(this, s, s & ~bits)) s = state;
        return s;
    }

    /**
     * For task dumps: where the task is now, read from its state word.
     *
     * @return the state
     */
    public TaskState dumpState() {
        int s = state;
        if ((s & COMPLETED) != 0) return TaskState.COMPLETED;
        if ((s & CLOSED) != 0) return TaskState.CANCELLING;
        if ((s & RUNNING) != 0) return TaskState.RUNNING;
        if ((s & SCHEDULED) != 0) return TaskState.SCHEDULED;
        return TaskState.IDLE;
    }

    /**
     * For task dumps: the future, read racily (it is the poller's), or {@code null} once completed.
     *
     * @return the future being run
     */
    public Future<?> futureForDump() {
        Object o = slot;
        return (state & COMPLETED) == 0 && o instanceof Future<?> f ? f : null;
    }

    /** @return the task's statistics now, or {@code null} if statistics are off */
    public dev.weft.task.TaskStatistics statsForDump() {
        TaskStats st = (state & STATS) != 0 ? schedule.statsOf(this) : null;
        return st == null ? null : st.snapshot();
    }

    /** @return a short id: the identity hash, as {@code Object.toString} shows it */
    public String id() {
        return Integer.toHexString(System.identityHashCode(this));
    }

    @Override
    public String toString() {
        int s = state;
        // the slot is read racily: a diagnostic, not a value anybody acts on
        return "RawTask[state=0x" + Integer.toHexString(s) + ((s & COMPLETED) == 0 ? ", future=" + slot : "") + "]";
    }
}
