package dev.weft.coro.internal;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.internal.Awaiting;
import dev.weft.future.internal.EndFromFuture;
import dev.weft.future.internal.FailureSink;
import dev.weft.future.internal.Wakes;
import dev.weft.internal.Ambient;
import dev.weft.internal.Outcomes;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;

/**
 * A stackful coroutine that is a {@link Future}: its body runs on a virtual thread whose scheduler
 * is this future, so the body runs inside {@link #poll(Context)} (or {@link #cancel()}), on the
 * polling thread, which becomes the virtual thread's carrier for that step; the exceptions are a
 * body the JDK handed a monitor, and a poller that is a virtual thread or blocking code: those
 * steps run on a spare carrier ({@link Steps}).
 *
 * <p>This class is the future, the body's entry points and the waker. {@link Steps}: which
 * thread runs a step (the polling thread, or a spare carrier). {@link StepState}: whether the
 * continuation is runnable and who runs it. {@link AwaitState}: how an await suspends, what a
 * wake does to it, and the cooperative budget of a step. {@link Cancellation}: cancel,
 * pollCancel, and an await in a cancelled body. {@link InlineAwait}: an await of a coroutine not
 * started yet, which runs its body inline.
 *
 * <p>Because the body is an ordinary virtual thread, {@code synchronized} (JEP 491),
 * {@code Object.wait}, {@code Thread.sleep}, blocking sockets and locks inside it park the virtual
 * thread and free the worker (the JDK then submits the continuation from whichever thread makes it
 * runnable), and ThreadLocals belong to the coroutine.
 *
 * <h2>One object</h2>
 * The coroutine is also everything it hands out: its virtual thread's scheduler
 * ({@link #execute}), task ({@link #run()}) and uncaught-exception handler (which is how
 * {@link #current()} finds the coroutine of the current thread with one field read and no
 * ThreadLocal map per coroutine), and the waker of its own context ({@link #wake()}). W5 counts
 * the bytes of each suspended coroutine. Its shared state is in its superclasses
 * ({@link StepState}, {@link AwaitState}); {@link Steps}, {@link Cancellation} and
 * {@link InlineAwait} hold only code.
 *
 * <h2>Who touches which field</h2>
 * These fields; {@link StepState} and {@link AwaitState} list theirs.
 * <ul>
 *   <li>{@code body}: final; called by {@link #run()} (or inline by an awaiting coroutine).</li>
 *   <li>{@code outcome}: written by {@link #run()} on the body's thread before the volatile
 *       {@code done}; read by a poll that saw {@code done}.</li>
 *   <li>{@code polledAmbient}: volatile; written like {@code sink} with the poller's ambient
 *       context ({@link Ambient}), read by the body; {@code bodyAmbient}: the body's own binding,
 *       body thread only.</li>
 *   <li>{@code sink}: volatile; written by each poll, cancel and pollCancel with the sink of the
 *       calling thread (a worker: the runtime's failure hook); read by {@link #reportFailure} on
 *       the body's thread, where what the body throws while it unwinds is reported.</li>
 * </ul>
 *
 * @param <T> the output type
 */
public final class VirtualCoroutine<T> extends AwaitState
        implements Future<T>, Executor, Runnable, Thread.UncaughtExceptionHandler, Awaiting, FailureSink {
    private final Callable<? extends T> body;
    private volatile FailureSink sink;
    private volatile Object polledAmbient;
    private Object bodyAmbient;
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
        Thread t = thread();
        if (t == null || isDone()) return null;
        StringBuilder sb = new StringBuilder("stackful coroutine ").append(t);
        for (StackTraceElement e : t.getStackTrace()) sb.append("\n    at ").append(e);
        return sb.toString();
    }

    @Override
    public Future<?> awaitedFuture() {
        return null; // not kept (a field per coroutine for diagnostics only); the stack shows it
    }

    @Override
    public Poll<T> poll(Context cx) throws Exception {
        if (isInlined()) throw new IllegalStateException("polled after its body ran inline in an await");
        polledBy(cx);
        captureSink();
        Steps.run(this, false);
        if (isDone()) return outcome();
        if (isSubmitted()) cx.waker().wake();
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
        Cancellation.cancel(this);
    }

    /**
     * Ready once the cancelled body has ended: runs what the JDK made runnable (the rest of the
     * unwinding), and is woken by the body's next submission.
     */
    @Override
    public Poll<Void> pollCancel(Context cx) {
        return Cancellation.pollCancel(this, cx);
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

    /** Binds the body's own context; on the body's thread only. */
    @Override
    public void ambient(Object ambient) {
        bodyAmbient = ambient == polledAmbient ? null : ambient;
    }

    /** Remembers the failure sink and the ambient context of the calling thread (the poller's). */
    void captureSink() {
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
            Thread t = thread() != null ? thread() : Thread.currentThread();
            t.getThreadGroup().uncaughtException(t, failure);
        }
    }

    /**
     * The coroutine waker fired: resubmit the held continuation if the body is suspended in
     * {@link #await}, unpark it if it is blocking a pinned carrier, else record the wake for the
     * body's next look (the body waking itself during a poll lands here).
     */
    @Override
    public void wake() {
        if (wakeInOwnPoll()) return; // the body woke itself in an await's poll: that await looks at it
        if (recordWake()) Steps.submitted(this);
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
        if (future instanceof VirtualCoroutine<?> inner && !isCancelled() && inner.claimInline()) {
            return InlineAwait.await(this, inner);
        }
        // One frame on the suspended path: every frame here is frozen into the stack chunk of each
        // suspended coroutine (W5 counts those bytes), so the yield is in this method and the state
        // transitions it calls return before it. The rarer ways out (an inline body, a cancelled
        // await) are helpers, and no finally blocks (javac copies them to every exit): the method
        // stays small enough for the JIT to inline it into a hot body (FreqInlineSize, 325 bytes).
        byte enclosing = phase(); // OUTSIDE, unless this await runs inside the poll of another await
        if (isCancelled()) return Cancellation.awaitCancelled(this, future, enclosing, false);
        while (true) {
            Poll<R> p;
            enterPoll();
            try {
                p = future.poll(this); // the coroutine is its own context: its waker is itself
            } catch (Throwable t) {
                leavePoll();
                leaveAwait(enclosing);
                throw Outcomes.rethrow(t);
            }
            boolean selfWoken = leavePoll(); // wake() on this thread during the poll
            if (p instanceof Poll.Ready<R>(R v)) {
                if (readyAwaitSpendsBudget()) {
                    Thread.yield(); // the cooperative budget of this step is spent: give the worker back
                }
                leaveAwait(enclosing);
                return v;
            }
            if (p instanceof Poll.End<R>) throw endAnswered(future, enclosing);
            if (selfWoken || takeWoken()) {
                // Woken during the poll (a future that yields: woke itself and answered pending,
                // as the cooperative budget does): still give the worker back once, then poll
                // again. A wake from another thread left meanwhile only makes the next
                // suspension end at once (one spurious poll).
                Thread.yield();
            } else if (!Thread.currentThread().isInterrupted()) {
                enterYield();
                Thread.yield(); // suspends: the submission is held until wake()
                if (yieldWasPinned()) blockPinned(); // no submission saw the yield: pinned
            }
            if (isCancelled() || Thread.currentThread().isInterrupted()) {
                return Cancellation.awaitCancelled(this, future, enclosing, true);
            }
            // woken (or the pinned wait ended): poll again (spurious polls are harmless)
        }
    }

    /** The awaited future answered a stream's end (its bug): the await fails, as a blocking one does. */
    private IllegalStateException endAnswered(Future<?> future, byte enclosing) {
        leaveAwait(enclosing);
        return EndFromFuture.failure(future);
    }

    /**
     * Runs the body on the calling coroutine, which claimed it ({@link #claimInline()}); its awaits
     * suspend that coroutine. See {@link InlineAwait}.
     */
    @SuppressWarnings("unchecked") // the caller awaited this future for an R
    <R> R runInline() {
        try {
            return (R) body.call();
        } catch (Throwable t) {
            throw Outcomes.rethrow(t);
        } finally {
            markDone();
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
            if (isCancelled() && !(t instanceof CancellationException)) reportFailure(t); // thrown while unwinding
        }
        outcome = o;
        markDone();
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
        if (!Steps.submit(this, continuation)) VirtualThreads.defaultScheduler().execute(continuation);
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

    @SuppressWarnings("unchecked") // outcome is what the body (a Callable<? extends T>) returned
    private Poll<T> outcome() throws Exception {
        if (!(outcome instanceof Failed(Throwable f))) return Poll.ready((T) outcome);
        if (f instanceof Exception e) throw e;
        if (f instanceof Error e) throw e;
        throw new IllegalStateException("coroutine body threw " + f, f);
    }

    /** What the body threw, as the outcome (a private type: no body can return one). */
    private record Failed(Throwable cause) {}
}
