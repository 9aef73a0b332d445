package dev.weft.coro.internal;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.future.internal.Awaiting;
import dev.weft.future.internal.FailureSink;
import dev.weft.future.internal.SelfWakingContext;
import dev.weft.future.internal.Shielded;
import dev.weft.future.internal.Wakes;
import dev.weft.internal.Ambient;
import dev.weft.internal.Carrier;
import dev.weft.internal.Coop;
import dev.weft.internal.CoopThread;
import dev.weft.internal.Outcomes;
import dev.weft.internal.Parker;
import dev.weft.internal.VirtualThreadCommits;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;

/**
 * A stackful coroutine that is a {@link Future}: its body runs on a virtual thread whose scheduler
 * is this future, so the body runs inside {@link #poll(Context)} (or {@link #cancel()}), on the
 * polling thread, which becomes the virtual thread's carrier for that step; the one exception is
 * a body the JDK handed a monitor, which runs on to its next suspension on a spare carrier (see
 * "Handed a monitor").
 *
 * <h2>How a step works</h2>
 * The JDK hands the virtual thread's continuation to {@link #execute} whenever the
 * thread becomes runnable; {@link #submit} records it ({@code submitted = 1}) and wakes the task that
 * owns this future. The task's next poll takes the continuation ({@code submitted 1 -> 0}) and runs
 * it: the virtual thread mounts on the polling thread and runs the body until it suspends in
 * {@link #await}, parks in a blocking JDK call, blocks on a monitor, yields, or ends. Then the poll
 * returns pending, or the outcome. A poll with nothing submitted returns pending at once: spurious
 * polls cost nothing.
 *
 * <h2>How await suspends</h2>
 * {@link #await} polls the awaited future with this coroutine's own context, whose waker is
 * {@link #wake()}. While the future is pending the body calls {@code Thread.yield()}
 * with {@code phase = YIELDING}: the JDK freezes the stack and, on the stepping thread, submits
 * the continuation, and {@link #submit} <em>holds</em> it instead ({@code wait: 0 -> HELD}), so the
 * step ends and the worker is free. The wake takes it back ({@code HELD -> 0}), marks it submitted
 * and wakes the owning task. So a wake travels: awaited future -&gt; {@link #wake()} -&gt; the task's
 * waker -&gt; the executor polls the task on any worker (migration) -&gt; the step resumes the body.
 * Holding a yielded continuation is cheaper than {@code LockSupport.park}/{@code unpark} (no park
 * permit, no JDK state change or submit on the waking side); the price: a suspended body shows as
 * {@code RUNNABLE} in thread dumps, and an interrupt alone does not resume it (see {@link #await}).
 * When the yield cannot happen because the virtual thread is pinned (a native frame on its stack),
 * the body blocks its carrier instead ({@code wait = PINNED}; the wake unparks it).
 *
 * <p>Because the body is an ordinary virtual thread, {@code synchronized} (JEP 491),
 * {@code Object.wait}, {@code Thread.sleep}, blocking sockets and locks inside it park the virtual
 * thread and free the worker (the JDK then submits the continuation from whichever thread makes it
 * runnable), and ThreadLocals belong to the coroutine.
 *
 * <h2>State</h2>
 * <pre>
 * field        values                  meaning
 * submitted    0 / 1                   1: the continuation is runnable and no step has taken it yet
 * wait         0 / WOKEN / HELD / PINNED
 *                                      WOKEN: the coroutine waker fired since await last looked;
 *                                      HELD: the body is suspended in await, its continuation held;
 *                                      PINNED: the body is blocking its carrier in await (pinned)
 * phase        OUTSIDE / POLLING / WOKEN_IN_POLL / YIELDING
 *                                      the body's place in await: polling the future; woken by its
 *                                      own thread during that poll; about to suspend (plain field)
 * cancelled    bool                    cancel() was called; every await throws CancellationException
 *                                      but one of a shielded future
 * draining     bool                    after cancel(), pollCancel was called: the owner drives the
 *                                      rest of the unwinding (its task is woken), no spare carrier
 * done         bool                    the body returned or threw; outcome holds what it did
 * </pre>
 * <pre>
 * transition                 field: from -&gt; to        by
 * submit (JDK execute)       submitted: any -&gt; 1       any thread; wakes the task unless the caller
 *                                                       is the stepper (the step checks it at its end);
 *                                                       from the JDK's unblocker: a spare carrier
 *                                                       steps instead (see "Handed a monitor")
 * submit of await's yield    wait: 0 -&gt; HELD           the stepper (CAS; if a wake came first:
 *                                                       WOKEN -&gt; 0 and submitted = 1 instead)
 * step takes continuation    submitted: 1 -&gt; 0         the stepper: the polling thread, or a spare carrier
 *                                                       for a virtual or blocking poller (read, then
 *                                                       store: see step)
 * waker fires on the body's  phase: POLLING -&gt;        the body itself, no atomic instruction (a yield,
 *  thread in await's poll      WOKEN_IN_POLL           a spent budget); await reads it after the poll
 * waker fires                wait: 0 -&gt; WOKEN          any thread (CAS loop; WOKEN stays WOKEN)
 *                            wait: HELD -&gt; 0           any thread; then submitted = 1, task woken
 *                            wait: PINNED -&gt; WOKEN     any thread; then unparks the body
 * await: woken in its poll   wait: WOKEN -&gt; 0          the body (then Thread.yield once, poll again)
 * await: pinned yield        wait: 0 -&gt; PINNED -&gt; 0    the body (parks its carrier while PINNED)
 * cancel                     cancelled: false -&gt; true  the owner
 * pollCancel                 draining: false -&gt; true   the owner
 * body ends                  done: false -&gt; true       the body (after writing outcome)
 * </pre>
 *
 * <h2>Who touches which field</h2>
 * <ul>
 *   <li>{@code thread}: written once by the first step, before the thread starts.</li>
 *   <li>{@code continuation}: written once by the first {@code submit} (inside {@code Thread.start},
 *       on the stepping thread); later read by any thread (happens-after the start).</li>
 *   <li>{@code taskContext}: volatile; written by each poll, read by {@code submit} on any thread,
 *       by {@link #pollingContext()} (a {@code Task.spawn} of the body on a spare carrier) and by a
 *       step that is not a worker's, to tell blocking code (see "Polled by blocking code").</li>
 *   <li>{@code stepper}: the platform thread running a step now, or {@code null}; a step claims
 *       it by a CAS from {@code null} and clears it with a release write. Otherwise a hint:
 *       {@code submit} called by the stepper itself does not wake the task, because the step
 *       checks {@code submitted} when it ends (each thread compares it only with itself, and
 *       coherence means it never reads its own identity after clearing it).</li>
 *   <li>{@code phase}: written by the body's thread: POLLING around each poll in {@link #await}
 *       (then back to OUTSIDE), WOKEN_IN_POLL by {@link #wake()} called on that thread during the
 *       poll, YIELDING just before the await's {@code Thread.yield()}; YIELDING is cleared by
 *       {@link #submit} on the stepping thread right after the freeze (the same OS thread, ordered
 *       by the yield), or by the body itself when the yield did not happen (pinned). Other threads
 *       may read a stale value in {@link #wake()}, but act on it only if they are the body's
 *       thread, so they take the CAS path. An await running inside another await's poll (a future
 *       whose poll awaits) leaves WOKEN_IN_POLL when it returns, so the outer await polls once
 *       more: both share one waker, and the inner one may have consumed the outer one's wake.</li>
 *   <li>{@code outcome}: written by {@link #run()} on the body's thread before the
 *       volatile {@code done}.</li>
 *   <li>{@code body}: final; called by {@link #run()} (or inline by an awaiting
 *       coroutine).</li>
 *   <li>{@code polledAmbient}: volatile; written like {@code sink} with the poller's ambient context
 *       ({@link Ambient}), read by the body; {@code bodyAmbient}: the body's own binding, body
 *       thread only.</li>
 *   <li>{@code sink}: volatile; written by each poll, cancel and pollCancel with the sink of the
 *       calling thread (a worker: the runtime's failure hook); read by {@link #reportFailure} on
 *       the body's thread, where what the body throws while it unwinds is reported.</li>
 *   <li>{@code committedEvent}: set by the body's thread when Weft committed a JFR event on it
 *       ({@link #committedEvent()}), read and cleared by the thread that ran that step, right after
 *       {@code continuation.run()} returns on it (the same OS thread: program order); see
 *       {@link VirtualThreadCommits}.</li>
 * </ul>
 *
 * <h2>Cooperative budget</h2>
 * Leaf futures awaited in the body charge the budget of the worker carrying the step ({@link Coop}
 * looks through the body's virtual thread to its carrier); when it is spent the leaf wakes the
 * coroutine and answers pending, and the await yields the worker once ("woken in its poll" above).
 * Futures that never consult the budget ({@code Future.ready}, hand-written ones) are covered by
 * a count of their own: after {@link Coop#BUDGET} awaits in one step that were ready at once
 * ({@code readyInStep}, reset by each step before it resumes the body, then touched by the body
 * only), the body yields the worker once ({@code Thread.yield}: the task is woken and requeued),
 * so a body that always finds its futures ready cannot starve the other tasks on its worker.
 *
 * <h2>Cancellation</h2>
 * {@link #cancel()} marks the coroutine and resumes a body suspended in {@link #await} at once, on
 * the cancelling thread, so that await throws {@link CancellationException} and the body unwinds;
 * a body blocked in a JDK call is interrupted instead. Each later await throws again, but one of a
 * shielded future ({@code Time.cleanup}, a task scope's closing), which suspends as usual. Before
 * it throws, an await cancels its future and waits until that future is done cancelling
 * ({@link Future#pollCancel}), so a child's {@code finally} blocks run before the body's own. The
 * owner then drives what is left through {@link #pollCancel}, which is ready once the body has
 * ended; until an owner calls it, submissions of a cancelled body run on a spare carrier. What the
 * body throws while it unwinds, other than the cancellation, is reported to the failure sink of
 * the thread that last polled or cancelled it (a worker: the runtime's failure hook).
 *
 * <h2>Awaited by another coroutine</h2>
 * {@code await(f)} in a coroutine body where {@code f} is a coroutine future not started yet runs
 * {@code f}'s body inline, as a plain call on the awaiting coroutine's stack ({@code inlined}:
 * written and read only by the awaiting coroutine, the owner of {@code f} from then on). Same
 * outcome, no second thread; inside it, {@code Thread.currentThread()} is the awaiting coroutine's.
 * If the awaiting coroutine is cancelled meanwhile, its await throws
 * {@link CancellationException} whatever the inline body did with the cancellation (returned a
 * value after catching it, or threw something else, which is reported).
 *
 * <h2>One object</h2>
 * The coroutine is also everything it hands out: its virtual thread's scheduler
 * ({@link #execute}), task ({@link #run()}) and uncaught-exception handler (which is how
 * {@link #current()} finds the coroutine of the current thread with one field read and no
 * ThreadLocal map per coroutine), and the waker of its own context ({@link #wake()}). W5 counts
 * the bytes of each suspended coroutine.
 *
 * <h2>Handed a monitor</h2>
 * A body blocked on a contended monitor unmounts (JEP 491); when the monitor is released the JDK
 * picks one waiter, and a virtual thread picked is made runnable by the JDK's unblocker thread.
 * That submission does not go to a worker queue: the next stretch of the body, up to its next
 * {@link #await} or JDK block, runs at once on a spare carrier ({@link Carriers},
 * {@code stepOnSpareCarrier}). Steps are claimed by a CAS on {@code stepper}, so a poll meanwhile
 * finds the step taken and returns pending, and the spare step wakes the task when it ends. Why:
 * a worker may itself be waiting for that very monitor behind the body (the worker driving the
 * reactor, inside the selector's cancelled-key lock, while the body closes a socket). The JDK
 * wakes only the waiter it picked, so queued behind that worker the body would never run, and
 * both would wait for ever. That deadlock was seen in {@code StyledTcpEchoTest} (6 hangs in 34
 * runs of the coroutine and net suites) and is pinned down by {@code MonitorHandoffTest}. Other
 * submissions from outside the executors (a sleep that ended, an unpark from a plain thread) wake
 * the task as usual: they hand nothing over, and running each on a spare thread would let a
 * burst of them start thousands.
 *
 * <h2>Polled from a virtual thread</h2>
 * A virtual thread cannot carry another one. When this future is polled or cancelled on a virtual
 * thread (from inside another coroutine's body, or {@code blockOn} on a plain virtual thread), the
 * step runs on a spare platform thread ({@link Carriers}) while the polling virtual thread parks
 * until the step is over. Correct, but a thread hand-off (microseconds) per step.
 *
 * <h2>Polled by blocking code</h2>
 * Blocking code ({@code blockOn}, {@code Weft.await} on a plain thread: its waker is a
 * {@link Parker}) is cancelled by an interrupt of its thread, and a thread that carries a virtual
 * thread loses its interrupts: the JDK clears the carrier's interrupt status when it mounts a
 * virtual thread that is not interrupted, and again when it unmounts it. A blocking pool job
 * cancelled while its thread carried a step of the child body it awaits lost the interrupt and
 * waited for ever. So such a poller's steps run on a spare carrier too, as above, and its thread
 * only parks, where an interrupt stays.
 *
 * @param <T> the output type
 */
public final class VirtualCoroutine<T> extends SelfWakingContext
        implements Future<T>, Executor, Runnable, Thread.UncaughtExceptionHandler, Carrier.Body, Awaiting, FailureSink {
    private static final VarHandle SUBMITTED;
    private static final VarHandle WAIT;
    private static final VarHandle STEPPER;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            SUBMITTED = l.findVarHandle(VirtualCoroutine.class, "submitted", int.class);
            WAIT = l.findVarHandle(VirtualCoroutine.class, "wait", int.class);
            STEPPER = l.findVarHandle(VirtualCoroutine.class, "stepper", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The name of the JDK thread that resumes virtual threads handed a monitor (JDK 24+). */
    private static final String UNBLOCKER_NAME = "VirtualThread-unblocker";

    private static final int WOKEN = 1;
    private static final int HELD = 2;
    private static final int PINNED = 3;

    /** {@code phase}: the body is not in an await's poll or yield. */
    private static final byte OUTSIDE = 0;
    /** {@code phase}: the body is polling the future of an await. */
    private static final byte POLLING = 1;
    /** {@code phase}: the body's own thread woke the coroutine during that poll. */
    private static final byte WOKEN_IN_POLL = 2;
    /** {@code phase}: the body is about to suspend in an await ({@code Thread.yield}). */
    private static final byte YIELDING = 3;

    private final Callable<? extends T> body;
    private Thread thread;
    private Runnable continuation;
    private volatile Context taskContext;
    @SuppressWarnings("unused") // accessed through SUBMITTED
    private volatile int submitted;
    @SuppressWarnings("unused") // accessed through WAIT
    private volatile int wait;
    @SuppressWarnings("unused") // accessed through STEPPER
    private Thread stepper;
    private volatile boolean cancelled;
    private volatile boolean draining;
    private volatile FailureSink sink;
    private volatile Object polledAmbient;
    private Object bodyAmbient;
    private volatile boolean done;
    private byte phase;
    private boolean inlined;
    private int readyInStep;
    private boolean committedEvent;
    private Object outcome;

    /**
     * A coroutine that will run {@code body} when first polled.
     *
     * @param body the coroutine body
     */
    public VirtualCoroutine(Callable<? extends T> body) {
        this.body = Objects.requireNonNull(body, "body");
    }

    /**
     * The coroutine whose body is running on the calling thread.
     *
     * @return the coroutine, or {@code null} when the caller is not a coroutine body
     */
    public static VirtualCoroutine<?> current() {
        Thread t = Thread.currentThread();
        return t.isVirtual() && t.getUncaughtExceptionHandler() instanceof VirtualCoroutine<?> c ? c : null;
    }

    /** @return the suspended body's stack, innermost frame first, or {@code null} if not started */
    @Override
    public String waitSite() {
        Thread t = thread;
        if (t == null || done) return null;
        StringBuilder sb = new StringBuilder("stackful coroutine ").append(t);
        for (StackTraceElement e : t.getStackTrace()) sb.append("\n    at ").append(e);
        return sb.toString();
    }

    @Override
    public Future<?> awaitedFuture() {
        return null; // not kept (a field per coroutine for diagnostics only); the stack shows it
    }

    /** @return the platform thread carrying the current step, or {@code null} between steps */
    @Override
    public Thread carrier() {
        return (Thread) STEPPER.getOpaque(this);
    }

    /** @return the context of the task that last polled this coroutine */
    @Override
    public Object pollingContext() {
        return taskContext;
    }

    @Override
    public Poll<T> poll(Context cx) throws Exception {
        if (inlined) throw new IllegalStateException("polled after its body ran inline in an await");
        if (taskContext != cx) taskContext = cx;
        captureSink();
        runStep(false);
        if (done) return outcome();
        if ((int) SUBMITTED.getVolatile(this) == 1) cx.waker().wake();
        return Poll.pending();
    }

    /**
     * Cancels the coroutine: a body parked in {@link #await} is resumed at once, on this thread,
     * and that await throws {@link CancellationException}, so its {@code finally} blocks run before
     * {@code cancel} returns unless they must wait (for a child that is still cancelling, or a
     * shielded future); {@link #pollCancel} tells when the body has ended. A body blocked in a JDK
     * call (sleep, socket, lock) is interrupted. A coroutine never polled never runs.
     */
    @Override
    public void cancel() {
        if (cancelled || done) return;
        cancelled = true;
        if (thread == null) return;
        captureSink();
        runStep(true);
        if (!done && !draining && (int) SUBMITTED.getVolatile(this) == 1) Carriers.run(this::stepAbandoned);
    }

    /**
     * Ready once the cancelled body has ended: runs what the JDK made runnable (the rest of the
     * unwinding), and is woken by the body's next submission.
     */
    @Override
    public Poll<Void> pollCancel(Context cx) {
        if (done || thread == null || inlined) return Poll.ready(null);
        if (taskContext != cx) taskContext = cx;
        captureSink();
        draining = true; // volatile, after taskContext: a submitter that sees it wakes this context
        runStep(false);
        if (done) return Poll.ready(null);
        if ((int) SUBMITTED.getVolatile(this) == 1) cx.waker().wake();
        return Poll.pending();
    }

    /**
     * The body's {@link Ambient} context: what it bound itself ({@code TaskLocal}'s {@code call}
     * in the body), else what its poller had at the last poll, cancel or pollCancel.
     */
    @Override
    public Object ambient() {
        Object own = bodyAmbient;
        return own != null ? own : polledAmbient;
    }

    /** On the body's thread: the step's end commits the event the JDK loses there. */
    @Override
    public void committedEvent() {
        committedEvent = true;
    }

    /** Right after {@code continuation.run()}, on the thread that ran it. */
    private void resyncIfCommitted() {
        if (committedEvent) {
            committedEvent = false;
            VirtualThreadCommits.resync();
        }
    }

    /** Binds the body's own context; on the body's thread only. */
    @Override
    public void ambient(Object ambient) {
        bodyAmbient = ambient == polledAmbient ? null : ambient;
    }

    /** Remembers the failure sink and the ambient context of the calling thread (the poller's). */
    private void captureSink() {
        Object a = Ambient.current();
        if (a != polledAmbient) polledAmbient = a;
        FailureSink s = Wakes.sinkOfCurrentThread();
        if (s != null && s != this && s != sink) sink = s;
    }

    /**
     * Takes what the body threw while it unwound from a cancellation, or what an inline body threw
     * then: to the sink of the thread that last polled or cancelled this coroutine, else to the
     * body thread's group.
     */
    @Override
    public void reportFailure(Throwable failure) {
        reportFailure("a stackful body (" + this + "): thrown while it unwound from a cancellation", failure);
    }

    @Override
    public void reportFailure(String what, Throwable failure) {
        FailureSink s = sink;
        if (s != null) {
            s.reportFailure(what, failure);
        } else {
            Thread t = thread != null ? thread : Thread.currentThread();
            t.getThreadGroup().uncaughtException(t, failure);
        }
    }

    /**
     * Called by {@link #execute} each time the JDK makes a virtual thread of this
     * scheduler runnable.
     *
     * @param task the continuation the JDK wants run
     * @return {@code false} if {@code task} is not this coroutine's (a virtual thread the body
     *     started, which inherited the scheduler)
     */
    private boolean submit(Runnable task) {
        Runnable own = continuation;
        if (own == null) {
            continuation = task; // the first submit comes from Thread.start in the first step
        } else if (task != own) {
            return false;
        }
        if (phase == YIELDING) {
            phase = OUTSIDE;
            if (WAIT.compareAndSet(this, 0, HELD)) return true;
            WAIT.setVolatile(this, 0);
        }
        if (!cancelled && isMonitorHandoff()) {
            // The JDK handed the body a monitor (see "Handed a monitor"): its next stretch runs on
            // a spare carrier, not in a queue of the workers.
            SUBMITTED.setRelease(this, 1);
            Carriers.run(this::stepOnSpareCarrier);
            return true;
        }
        submitted();
        return true;
    }

    /**
     * @return whether the calling thread is the JDK's unblocker, which makes a virtual thread
     *     blocked on a monitor runnable once the monitor was handed to it (JDK 24+, JEP 491)
     */
    private static boolean isMonitorHandoff() {
        Thread self = Thread.currentThread();
        return !self.isVirtual() && !(self instanceof CoopThread) && UNBLOCKER_NAME.equals(self.getName());
    }

    /** The continuation is runnable: mark it and wake the owning task (or, cancelled, finish it). */
    private void submitted() {
        // Release, not volatile: the stepper itself reads it back on its own thread after the step;
        // any other thread goes on to wake the task (a CAS), and the next poll's step reads it
        // after that wake.
        SUBMITTED.setRelease(this, 1);
        if (Thread.currentThread() == (Thread) STEPPER.getOpaque(this)) return;
        if (cancelled && !draining) Carriers.run(this::stepAbandoned);
        else taskContext.waker().wake();
    }

    /**
     * The coroutine waker fired: resubmit the held continuation if the body is suspended in
     * {@link #await}, unpark it if it is blocking a pinned carrier, else record the wake for the
     * body's next look (the body waking itself during a poll lands here).
     */
    @Override
    public void wake() {
        if (phase == POLLING && Thread.currentThread() == thread) {
            phase = WOKEN_IN_POLL; // the body woke itself in an await's poll: that await looks at it
            return;
        }
        while (true) {
            int w = (int) WAIT.getVolatile(this);
            if (w == WOKEN) return;
            if (w == 0) {
                if (WAIT.compareAndSet(this, 0, WOKEN)) return;
            } else if (w == HELD) {
                if (WAIT.compareAndSet(this, HELD, 0)) {
                    submitted();
                    return;
                }
            } else if (WAIT.compareAndSet(this, PINNED, WOKEN)) {
                LockSupport.unpark(thread);
                return;
            }
        }
    }

    /**
     * The await's yield did not happen (a native frame pins the virtual thread): block the carrier
     * until woken or interrupted. {@code LockSupport.park} on a pinned virtual thread parks its
     * carrier; {@link #wake()} unparks it.
     */
    private void blockPinned() {
        if (WAIT.compareAndSet(this, 0, PINNED)) {
            while ((int) WAIT.getVolatile(this) == PINNED && !Thread.currentThread().isInterrupted()) {
                LockSupport.park(this);
            }
        }
        WAIT.setVolatile(this, 0); // the wake is consumed: the next poll sees what it announced
    }

    /**
     * Waits for {@code future} inside this coroutine's body: polls it with the coroutine's own
     * context and, while it is pending, suspends the coroutine (freeing the worker) until the
     * future's waker fires.
     *
     * @param future what to wait for
     * @param <R> its output type
     * @return its output
     * @throws CancellationException if this coroutine is cancelled (the awaited future is then
     *     cancelled too), or if the coroutine's thread is interrupted (the awaited future is
     *     cancelled, the interrupt status is set again, the cause is an
     *     {@link InterruptedException}): checked whenever the future is pending, before suspending
     *     and after each wake; an interrupt alone does not wake a suspended await (cancel the
     *     coroutine to stop it)
     */
    public <R> R await(Future<R> future) {
        if (future instanceof VirtualCoroutine<?> inner && !cancelled && inner.claimInline()) return awaitInline(inner);
        // One frame, no helper methods on the suspended path: every frame here is frozen into the
        // stack chunk of each suspended coroutine (W5 counts those bytes). The ways out that do not
        // suspend are helpers, and no finally blocks (javac copies them to every exit): the method
        // stays small enough for the JIT to inline it into a hot body (FreqInlineSize, 325 bytes).
        byte enclosing = phase; // OUTSIDE, unless this await runs inside the poll of another await
        if (cancelled) return awaitCancelled(future, enclosing, false);
        while (true) {
            Poll<R> p;
            phase = POLLING;
            try {
                p = future.poll(this); // the coroutine is its own context: its waker is itself
            } catch (Throwable t) {
                phase = OUTSIDE;
                leave(enclosing);
                throw Outcomes.rethrow(t);
            }
            boolean selfWoken = phase == WOKEN_IN_POLL; // wake() on this thread during the poll
            phase = OUTSIDE;
            if (p instanceof Poll.Ready<R>(R v)) {
                if (++readyInStep >= Coop.BUDGET) {
                    readyInStep = 0;
                    Thread.yield(); // the cooperative budget of this step is spent: give the worker back
                }
                leave(enclosing);
                return v;
            }
            if (selfWoken || (int) WAIT.getVolatile(this) == WOKEN) {
                if (!selfWoken) WAIT.setVolatile(this, 0);
                // Woken during the poll (a future that yields: woke itself and answered pending,
                // as the cooperative budget does): still give the worker back once, then poll
                // again. A wake from another thread left in WAIT meanwhile only makes the next
                // suspension end at once (one spurious poll).
                Thread.yield();
            } else if (!Thread.currentThread().isInterrupted()) {
                phase = YIELDING;
                Thread.yield(); // suspends: submit() holds the continuation until wake()
                if (phase == YIELDING) { // submit() never saw the yield: pinned
                    phase = OUTSIDE;
                    blockPinned();
                }
            }
            if (cancelled || Thread.currentThread().isInterrupted()) return awaitCancelled(future, enclosing, true);
            // woken (or the pinned wait ended): poll again (spurious polls are harmless)
        }
    }

    /**
     * An await in a cancelled (or interrupted) body: a shielded future is awaited through the
     * cancellation; any other makes the await throw. A future not polled yet is neither polled nor
     * cancelled (a cancelled body starts no await); one that was polled is cancelled, and the await
     * waits until it is done cancelling before it throws. Off the hot path: its own method.
     *
     * @param polled whether the await polled {@code future} already
     * @return the shielded future's output
     * @throws CancellationException for any other future
     */
    private <R> R awaitCancelled(Future<R> future, byte enclosing, boolean polled) {
        if (future instanceof Shielded) return awaitThroughCancel(future, enclosing);
        CancellationException stop = polled ? stopped(future)
                : new AwaitCancelled("coroutine cancelled; await refused of ", future);
        leave(enclosing);
        throw stop;
    }

    /**
     * On the way out of an {@link #await}: inside another await's poll, that await may have lost
     * a wake of its own to this one (one waker for both), so it is told to poll its future once
     * more.
     */
    private void leave(byte enclosing) {
        if (enclosing != OUTSIDE) phase = WOKEN_IN_POLL;
    }

    /**
     * A pending await stops, and the awaited future is cancelled: this coroutine was cancelled,
     * or else its thread was interrupted (the status is cleared while the future is cancelled,
     * then set again, and the cause is an {@link InterruptedException}).
     */
    private CancellationException stopped(Future<?> future) {
        if (cancelled) {
            cancelAndDrain(future);
            return new AwaitCancelled("coroutine cancelled while awaiting ", future);
        }
        Thread.interrupted();
        try {
            cancelAndDrain(future);
        } finally {
            Thread.currentThread().interrupt();
        }
        CancellationException c = new CancellationException("interrupted while awaiting " + future);
        c.initCause(new InterruptedException());
        return c;
    }

    /**
     * Cancels the awaited future and waits, suspending, until it is done cancelling: its
     * {@code finally} blocks run before this body's. What its cancel hook throws is reported.
     */
    private void cancelAndDrain(Future<?> future) {
        try {
            future.cancel();
        } catch (Throwable t) {
            Wakes.report(t);
        }
        awaitThroughCancel(future::pollCancel, OUTSIDE);
    }

    /**
     * An await that neither cancellation nor an interrupt stops: of a shielded future in a
     * cancelled body, or of a cancelled child's {@code pollCancel}. The interrupt status is kept
     * aside meanwhile and set again at the end. Off the hot path, so its own method, sharing the
     * suspension protocol of {@link #await}.
     */
    private <R> R awaitThroughCancel(Future<R> future, byte enclosing) {
        boolean interrupted = Thread.interrupted();
        try {
            while (true) {
                Poll<R> p;
                phase = POLLING;
                try {
                    p = future.poll(this);
                } catch (Throwable t) {
                    phase = OUTSIDE;
                    throw Outcomes.rethrow(t);
                }
                boolean selfWoken = phase == WOKEN_IN_POLL;
                phase = OUTSIDE;
                if (p instanceof Poll.Ready<R>(R v)) return v;
                if (selfWoken || (int) WAIT.getVolatile(this) == WOKEN) {
                    if (!selfWoken) WAIT.setVolatile(this, 0);
                    Thread.yield();
                    continue;
                }
                phase = YIELDING;
                Thread.yield();
                if (phase == YIELDING) {
                    phase = OUTSIDE;
                    blockPinned();
                }
                interrupted |= Thread.interrupted();
            }
        } finally {
            leave(enclosing);
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /**
     * Lets the coroutine awaiting this one run its body inline, on the awaiting coroutine's stack,
     * instead of as a second virtual thread: possible while this one has not started. The awaiting
     * coroutine owns this future (it was handed to {@code await}), so nothing polls it concurrently.
     *
     * @return whether the caller may now call {@link #runInline()}
     */
    private boolean claimInline() {
        if (thread != null || cancelled || done || inlined) return false;
        inlined = true;
        return true;
    }

    /**
     * Runs {@code inner}'s body on this coroutine; its awaits suspend this coroutine. If this
     * coroutine is cancelled meanwhile, the await throws {@link CancellationException}: the inline
     * body's value is dropped, and what it threw other than the cancellation is reported.
     */
    private <R> R awaitInline(VirtualCoroutine<?> inner) {
        R v;
        try {
            v = inner.runInline();
        } catch (Throwable t) {
            if (!cancelled || t instanceof CancellationException) throw Outcomes.rethrow(t);
            reportFailure(t);
            throw new AwaitCancelled("coroutine cancelled while awaiting ", inner);
        }
        if (cancelled) throw new AwaitCancelled("coroutine cancelled while awaiting ", inner);
        return v;
    }

    /** Runs the body on the calling coroutine; its awaits suspend that coroutine. */
    @SuppressWarnings("unchecked")
    private <R> R runInline() {
        try {
            return (R) body.call();
        } catch (Throwable t) {
            throw Outcomes.rethrow(t);
        } finally {
            done = true;
        }
    }

    /**
     * The virtual thread's task: runs the body and records its outcome. The body is called from
     * this frame directly: one frame less in every frozen stack.
     */
    @Override
    public void run() {
        Object o;
        try {
            o = body.call();
        } catch (Throwable t) {
            o = new Failed(t);
            if (cancelled && !(t instanceof CancellationException)) reportFailure(t); // thrown while unwinding
        }
        outcome = o;
        done = true;
    }

    /**
     * The virtual thread's scheduler: the JDK calls this with the thread's continuation each time
     * the thread becomes runnable (started, unparked, unblocked from a monitor, done sleeping,
     * yielded). Virtual threads that the body starts inherit this scheduler (JDK 25); their
     * continuations are not this coroutine's and go on to the JDK's default scheduler.
     *
     * @param continuation what the JDK wants run
     */
    @Override
    public void execute(Runnable continuation) {
        if (!submit(continuation)) VirtualThreads.defaultScheduler().execute(continuation);
    }

    /**
     * The body's thread's uncaught-exception handler, set so that {@link #current()} finds the
     * coroutine with one field read; never called for the body's own failures (the body's frame
     * catches everything), so it only passes on to the thread group.
     */
    @Override
    public void uncaughtException(Thread t, Throwable e) {
        t.getThreadGroup().uncaughtException(t, e);
    }

    private void runStep(boolean forCancel) {
        Thread self = Thread.currentThread();
        if (self instanceof CoopThread || !self.isVirtual() && !polledByBlockingCode()) { // a worker: no lookup
            step(forCancel);
            return;
        }
        StepHandoff handoff = new StepHandoff(() -> step(forCancel));
        Carriers.run(handoff);
        handoff.awaitDone();
    }

    /**
     * @return whether the code polling this coroutine is blocking code, whose thread an interrupt
     *     cancels and must not carry a step (see "Polled by blocking code")
     */
    private boolean polledByBlockingCode() {
        Context cx = taskContext;
        return cx != null && cx.waker() instanceof Parker;
    }

    /** One step on a platform thread: start the thread, or wake it for cancellation, then run it. */
    private void step(boolean forCancel) {
        Thread self = Thread.currentThread();
        // One step at a time: a spare carrier may be running a stretch of the body (see "Handed a
        // monitor"); it wakes the task when it is done.
        if (!STEPPER.compareAndSet(this, null, self)) return;
        try {
            if (thread == null) {
                thread = VirtualThreads.newThread(this, this);
                thread.setUncaughtExceptionHandler(this);
                thread.start();
            } else if (forCancel) {
                nudgeForCancel();
            }
            if ((int) SUBMITTED.getVolatile(this) == 1) {
                // A read and a store, no atomic swap: only the stepper takes a submission, and the
                // JDK submits the continuation again only after it ran (once per runnable state);
                // a wake that re-submits a held continuation first sees the body suspended, which
                // happens inside the run below. So nothing can set 1 between the read and the store.
                SUBMITTED.setOpaque(this, 0);
                readyInStep = 0;
                continuation.run();
                resyncIfCommitted();
            }
        } finally {
            STEPPER.setRelease(this, null);
        }
    }

    /**
     * Runs the stretch of the body that the JDK made runnable by handing it a monitor, on a spare
     * carrier, up to the body's next suspension; then lets the task see what happened. If a worker
     * is stepping the coroutine right now, that step's end finds the continuation instead.
     */
    private void stepOnSpareCarrier() {
        Thread self = Thread.currentThread();
        if (STEPPER.compareAndSet(this, null, self)) {
            try {
                if ((int) SUBMITTED.getAndSet(this, 0) == 1) {
                    readyInStep = 0;
                    continuation.run();
                    resyncIfCommitted();
                }
            } finally {
                // volatile: a cancel() whose step found this one in its way is seen below
                STEPPER.setVolatile(this, null);
            }
            if (cancelled && !done) nudgeForCancel(); // that cancel could not nudge the body itself
        }
        // Ended, or runnable again (yielded, or a worker's step was in the way): the task polls.
        // Suspended in an await (held) or blocked again in a JDK call: its wake or the JDK resumes it.
        if (done || (int) SUBMITTED.getVolatile(this) == 1) taskContext.waker().wake();
    }

    /**
     * Cancelled: a body suspended in await is woken (the await throws), a body blocked in a JDK
     * call is interrupted. A runnable body is woken too: it may be inside an await's poll (resumed
     * from a park there), past the await's look at {@code cancelled}, and the wake makes the
     * suspension it is heading for end at once (WOKEN), so it looks again.
     */
    private void nudgeForCancel() {
        if ((int) SUBMITTED.getVolatile(this) == 0 && (int) WAIT.getVolatile(this) != HELD) thread.interrupt();
        else wake();
    }

    /**
     * After cancellation, while no owner drives the unwinding ({@link #pollCancel}): run what the
     * JDK submits until the body ends. On a spare carrier. A step in the way (claimed by a CAS, as
     * every step) finds the submission when it ends; an owner that started draining meanwhile is
     * woken to go on.
     */
    private void stepAbandoned() {
        Thread self = Thread.currentThread();
        if (!STEPPER.compareAndSet(this, null, self)) return;
        try {
            while ((int) SUBMITTED.getAndSet(this, 0) == 1) {
                continuation.run();
                resyncIfCommitted();
            }
        } finally {
            STEPPER.setVolatile(this, null); // volatile: a pollCancel that found this step in its way reads it below
        }
        boolean runnable = (int) SUBMITTED.getVolatile(this) == 1;
        if (draining) {
            if (done || runnable) taskContext.waker().wake();
        } else if (!done && runnable) {
            Carriers.run(this::stepAbandoned);
        }
    }

    @SuppressWarnings("unchecked") // outcome is what the body (a Callable<? extends T>) returned
    private Poll<T> outcome() throws Exception {
        if (!(outcome instanceof Failed(Throwable f))) return Poll.ready((T) outcome);
        if (f instanceof Exception e) throw e;
        if (f instanceof Error e) throw e;
        throw new IllegalStateException("coroutine body threw " + f, f);
    }

    /** What the body threw, as the outcome (a private type: no body can return one). */
    private record Failed(Throwable cause) {}

    @Override
    public String toString() {
        return "Coroutine[" + (done ? "done" : cancelled ? "cancelled" : thread == null ? "new" : "started")
                + ", wait=" + (int) WAIT.getVolatile(this) + ", submitted=" + (int) SUBMITTED.getVolatile(this) + "]";
    }
}
