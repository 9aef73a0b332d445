package dev.weft.coro.internal;

import dev.weft.future.Context;
import dev.weft.future.internal.SelfWakingContext;
import dev.weft.internal.Carrier;
import dev.weft.internal.VirtualThreadCommits;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The step handshake of a {@link VirtualCoroutine}: whether its body's continuation is runnable,
 * which thread runs it now, and the coroutine's lifecycle flags. The JDK submits the continuation
 * (to the coroutine, its virtual thread's scheduler) from any thread; a step takes it and runs the
 * body up to its next suspension; {@link Steps} says which thread that is. {@link AwaitState}, the
 * next layer, is the handshake of a body suspended in await. The coroutine is one object (see
 * "One object" in {@link VirtualCoroutine}): these layers are its superclasses, not more objects.
 *
 * <h2>State</h2>
 * <pre>
 * field        values                  meaning
 * submitted    0 / 1                   1: the continuation is runnable and no step has taken it yet
 * stepper      null / a thread         the platform thread running a step now
 * cancelled    bool                    cancel() was called; every await throws CancellationException
 *                                      but one of a shielded future
 * draining     bool                    after cancel(), pollCancel was called: the owner drives the
 *                                      rest of the unwinding (its task is woken), no spare carrier
 * done         bool                    the body returned or threw, or ran inline
 * inlined      bool                    the body runs (or ran) inline in another coroutine's await:
 *                                      never stepped (plain field)
 * </pre>
 * <pre>
 * transition               field: from -&gt; to        method; by
 * submit (JDK execute)     submitted: any -&gt; 1       markSubmitted; any thread, then it wakes the task
 *                                                     unless it is the stepper (the step checks it at
 *                                                     its end); cancelled and not draining: starts an
 *                                                     abandoned step on a spare carrier instead; the
 *                                                     JDK's unblocker: a spare carrier steps (Steps)
 * step claimed             stepper: null -&gt; self     claimStep; every step (CAS; a step that fails
 *                                                     does nothing: the step in its way ends it)
 * step takes continuation  submitted: 1 -&gt; 0         takeSubmissionInStep: a step of the polling
 *                                                     thread (a read, then an opaque store);
 *                                                     takeSubmission: a spare carrier's (getAndSet)
 * step ends                stepper: self -&gt; null     endStep: a step of the polling thread (release
 *                                                     store); endStepThenLook: a spare carrier's
 *                                                     (volatile store, see below)
 * cancel                   cancelled: false -&gt; true  markCancelled; the owner
 * pollCancel               draining: false -&gt; true   markDraining; the owner
 * body ends                done: false -&gt; true       markDone; the body (after its outcome)
 * inline await             inlined: false -&gt; true   claimInline; the awaiting coroutine; refused
 *                                                     once started, cancelled or done
 * </pre>
 *
 * <h2>Who touches which field</h2>
 * <ul>
 *   <li>{@code thread}: written once by the first step, before the thread starts.</li>
 *   <li>{@code continuation}: written once by the first submit (inside {@code Thread.start}, on
 *       the stepping thread); later read by any thread (happens-after the start).</li>
 *   <li>{@code taskContext}: volatile; written by each poll and pollCancel, read by a submit on any
 *       thread, by {@link #pollingContext()} (a {@code Task.spawn} of the body on a spare carrier)
 *       and by a step that is not a worker's, to tell blocking code (see {@link Steps}).</li>
 *   <li>{@code stepper}: the platform thread running a step now, or {@code null}; every step
 *       claims it by a CAS from {@code null}. A step of the polling thread clears it with a release
 *       store; a spare carrier's step with a volatile store, because it reads {@code cancelled} or
 *       {@code draining} next, which a cancel or pollCancel wrote before its own CAS of
 *       {@code stepper} failed: one of the two sees the other. Otherwise a hint: a submit called by
 *       the stepper itself does not wake the task, because the step checks {@code submitted} when
 *       it ends (each thread compares it only with itself, and coherence means it never reads its
 *       own identity after clearing it).</li>
 *   <li>{@code committedEvent}: set by the body's thread when Weft committed a JFR event on it
 *       ({@link #committedEvent()}), read and cleared by the thread that ran that step, right after
 *       {@code continuation.run()} returns on it (the same OS thread: program order); see
 *       {@link VirtualThreadCommits}.</li>
 *   <li>{@code cancelled}, {@code draining}: volatile; written by the owner, read by any thread.
 *       {@code done}: volatile; written by the body's thread after its outcome, read by any
 *       thread.</li>
 *   <li>{@code inlined}: written by the awaiting coroutine that claims the body to run it inline,
 *       the owner of this future from then on; read by the owner (a poll, pollCancel, an
 *       await).</li>
 * </ul>
 */
abstract class StepState extends SelfWakingContext implements Carrier.Body {
    private static final VarHandle SUBMITTED;
    private static final VarHandle STEPPER;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            SUBMITTED = l.findVarHandle(StepState.class, "submitted", int.class);
            STEPPER = l.findVarHandle(StepState.class, "stepper", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Thread thread;
    private Runnable continuation;
    private volatile Context taskContext;
    @SuppressWarnings("unused") // accessed through SUBMITTED
    private volatile int submitted;
    @SuppressWarnings("unused") // accessed through STEPPER
    private Thread stepper;
    private volatile boolean cancelled;
    private volatile boolean draining;
    private volatile boolean done;
    private boolean inlined;
    private boolean committedEvent;

    /** @return the body's virtual thread, or {@code null} before the first step */
    final Thread thread() {
        return thread;
    }

    /** The first step made the body's thread; it starts it next. */
    final void thread(Thread t) {
        thread = t;
    }

    /**
     * A submission from the JDK: the first one comes from {@code Thread.start} in the first step
     * and is this coroutine's continuation from then on.
     *
     * @return {@code false} if {@code task} is not this coroutine's continuation (a virtual thread
     *     the body started, which inherited the scheduler)
     */
    final boolean claimContinuation(Runnable task) {
        Runnable own = continuation;
        if (own == null) {
            continuation = task;
            return true;
        }
        return task == own;
    }

    /** Runs the body up to its next suspension, on the stepping thread; then commits a lost event. */
    final void runContinuation() {
        continuation.run();
        if (committedEvent) {
            committedEvent = false;
            VirtualThreadCommits.resync();
        }
    }

    /** On the body's thread: the step's end commits the event the JDK loses there. */
    @Override
    public final void committedEvent() {
        committedEvent = true;
    }

    /** @return the context of the task that last polled this coroutine */
    final Context taskContext() {
        return taskContext;
    }

    /** A poll or pollCancel with {@code cx}: later submissions wake that task. */
    final void polledBy(Context cx) {
        if (taskContext != cx) taskContext = cx;
    }

    /** Wakes the task that last polled this coroutine. */
    final void wakeTask() {
        taskContext.waker().wake();
    }

    /** @return the context of the task that last polled this coroutine */
    @Override
    public final Object pollingContext() {
        return taskContext;
    }

    /** @return the platform thread carrying the current step, or {@code null} between steps */
    @Override
    public final Thread carrier() {
        // Opaque: the body asks (Carrier.current) during its own step, which was claimed before
        // the body was mounted on the claiming thread (the mount orders the two).
        return (Thread) STEPPER.getOpaque(this);
    }

    /** @return whether the calling thread now runs the step (else a step is under way) */
    final boolean claimStep() {
        return STEPPER.compareAndSet(this, null, Thread.currentThread());
    }

    /** A step of the polling thread ended. */
    final void endStep() {
        // Release: the next claim's CAS sees what the step wrote; this step reads nothing after it.
        STEPPER.setRelease(this, null);
    }

    /**
     * A spare carrier's step ended, and the caller reads {@code cancelled} or {@code draining}
     * next: volatile, so that a cancel or pollCancel that found this step in its way is seen.
     */
    final void endStepThenLook() {
        STEPPER.setVolatile(this, null);
    }

    /** @return whether the calling thread runs a step now (it checks submissions at the step's end) */
    final boolean steppedByCurrentThread() {
        // Opaque: each thread compares it only with itself (see "Who touches which field").
        return Thread.currentThread() == (Thread) STEPPER.getOpaque(this);
    }

    /** The continuation is runnable. */
    final void markSubmitted() {
        // Release, not volatile: the stepper itself reads it back on its own thread after the step;
        // any other thread goes on to wake the task (a CAS), and the next poll's step reads it
        // after that wake.
        SUBMITTED.setRelease(this, 1);
    }

    /** @return whether the continuation is runnable and no step has taken it yet */
    final boolean isSubmitted() {
        return (int) SUBMITTED.getVolatile(this) == 1;
    }

    /** @return whether there was a submission to run (now taken); a step of the polling thread */
    final boolean takeSubmissionInStep() {
        if ((int) SUBMITTED.getVolatile(this) != 1) return false;
        // A read and a store, no atomic swap: only the stepper takes a submission, and the JDK
        // submits the continuation again only after it ran (once per runnable state); a wake that
        // re-submits a held continuation first sees the body suspended, which happens inside the
        // run that follows. So nothing can set 1 between the read and the store.
        SUBMITTED.setOpaque(this, 0);
        return true;
    }

    /** @return whether there was a submission to run (now taken); a spare carrier's step */
    final boolean takeSubmission() {
        return (int) SUBMITTED.getAndSet(this, 0) == 1;
    }

    /** @return whether cancel() was called */
    final boolean isCancelled() {
        return cancelled;
    }

    /** cancel() was called; owner only. */
    final void markCancelled() {
        cancelled = true;
    }

    /** @return whether an owner drives the unwinding of the cancelled body (pollCancel) */
    final boolean isDraining() {
        return draining;
    }

    /** pollCancel was called; owner only, after {@link #polledBy}: a submitter that sees it wakes that context. */
    final void markDraining() {
        draining = true;
    }

    /** @return whether the body has ended */
    final boolean isDone() {
        return done;
    }

    /** The body ended; on the body's thread, after its outcome is written. */
    final void markDone() {
        done = true;
    }

    /**
     * Lets the coroutine awaiting this one run its body inline, on the awaiting coroutine's stack,
     * instead of as a second virtual thread: possible while this one has not started. The awaiting
     * coroutine owns this future (it was handed to {@code await}), so nothing polls it concurrently.
     *
     * @return whether the caller may now run the body inline
     */
    final boolean claimInline() {
        if (thread != null || cancelled || done || inlined) return false;
        inlined = true;
        return true;
    }

    /** @return whether an awaiting coroutine runs (or ran) the body inline: it is never stepped */
    final boolean isInlined() {
        return inlined;
    }
}
