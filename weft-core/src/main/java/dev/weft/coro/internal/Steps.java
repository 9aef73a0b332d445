package dev.weft.coro.internal;

import dev.weft.future.Context;
import dev.weft.internal.CoopThread;
import dev.weft.internal.Parker;

/**
 * Which thread runs the next stretch of a {@link VirtualCoroutine}'s body: what becomes of a
 * continuation the JDK submits, and the steps that run it, on the polling thread or on a spare
 * carrier ({@link Carriers}). Holds no state: every step first claims the coroutine's
 * {@code stepper} by a CAS ({@link StepState#claimStep()}), so one step runs at a time
 * whatever thread runs it, and a step whose claim fails does nothing (the step in its way finds
 * the submission when it ends).
 *
 * <h2>A step of the polling thread</h2>
 * The JDK hands the body's continuation to the coroutine (the virtual thread's scheduler) whenever
 * the thread becomes runnable; {@link #submit} marks it submitted and wakes the task that polls
 * the coroutine. That task's next poll runs {@link #run}: on a worker, or another platform thread
 * that is not blocking code, the virtual thread mounts on the polling thread and runs the body up
 * to its next suspension. The first step starts the thread instead.
 *
 * <h2>Handed a monitor</h2>
 * A body blocked on a contended monitor unmounts (JEP 491); when the monitor is released the JDK
 * picks one waiter, and a virtual thread picked is made runnable by the JDK's unblocker thread.
 * That submission does not go to a worker queue: the next stretch of the body, up to its next
 * await or JDK block, runs at once on a spare carrier ({@code onSpareCarrier}). A poll meanwhile
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
 * A virtual thread cannot carry another one. When the coroutine is polled or cancelled on a
 * virtual thread (from inside another coroutine's body, or {@code blockOn} on a plain virtual
 * thread), the step runs on a spare carrier while the polling virtual thread parks until the step
 * is over ({@link StepHandoff}). Correct, but a thread hand-off (microseconds) per step.
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
 * <h2>Abandoned after a cancel</h2>
 * A cancelled body that no owner drains yet ({@link Cancellation}) is run by {@link #abandoned}
 * on a spare carrier, submission after submission, until it ends or an owner calls pollCancel.
 */
final class Steps {
    /** The name of the JDK thread that resumes virtual threads handed a monitor (JDK 24+). */
    private static final String UNBLOCKER_NAME = "VirtualThread-unblocker";

    private Steps() {}

    /**
     * What {@link VirtualCoroutine#execute} does each time the JDK makes a virtual thread of the
     * coroutine's scheduler runnable.
     *
     * @param task the continuation the JDK wants run
     * @return {@code false} if {@code task} is not this coroutine's (a virtual thread the body
     *     started, which inherited the scheduler)
     */
    static boolean submit(VirtualCoroutine<?> c, Runnable task) {
        if (!c.claimContinuation(task)) return false;
        if (c.holdYielded()) return true; // suspended in await: the wake submits it
        if (!c.isCancelled() && isMonitorHandoff()) {
            // The JDK handed the body a monitor: its next stretch runs on a spare carrier, not in a
            // queue of the workers.
            c.markSubmitted();
            Carriers.run(() -> onSpareCarrier(c));
            return true;
        }
        submitted(c);
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
    static void submitted(VirtualCoroutine<?> c) {
        c.markSubmitted();
        if (c.steppedByCurrentThread()) return; // the step checks submissions when it ends
        if (c.isCancelled() && !c.isDraining()) Carriers.run(() -> abandoned(c));
        else c.wakeTask();
    }

    /**
     * One step for a poll, cancel or pollCancel: on the calling thread if it is a worker or another
     * platform thread that is not blocking code, else on a spare carrier while the caller parks.
     *
     * @param forCancel whether the step is a cancel's: it nudges the body first
     */
    static void run(VirtualCoroutine<?> c, boolean forCancel) {
        Thread self = Thread.currentThread();
        if (self instanceof CoopThread || !self.isVirtual() && !polledByBlockingCode(c)) { // a worker: no lookup
            step(c, forCancel);
            return;
        }
        StepHandoff handoff = new StepHandoff(() -> step(c, forCancel));
        Carriers.run(handoff);
        handoff.awaitDone();
    }

    /**
     * @return whether the code polling the coroutine is blocking code, whose thread an interrupt
     *     cancels and must not carry a step (see "Polled by blocking code")
     */
    private static boolean polledByBlockingCode(VirtualCoroutine<?> c) {
        Context cx = c.taskContext();
        return cx != null && cx.waker() instanceof Parker;
    }

    /** One step on a platform thread: start the thread, or nudge it for cancellation, then run it. */
    private static void step(VirtualCoroutine<?> c, boolean forCancel) {
        // One step at a time: a spare carrier may be running a stretch of the body (see "Handed a
        // monitor"); it wakes the task when it is done.
        if (!c.claimStep()) return;
        try {
            if (c.thread() == null) {
                Thread t = VirtualThreads.newThread(c, c);
                c.thread(t);
                t.setUncaughtExceptionHandler(c);
                t.start();
            } else if (forCancel) {
                Cancellation.nudge(c);
            }
            if (c.takeSubmissionInStep()) {
                c.resetReadyInStep();
                c.runContinuation();
            }
        } finally {
            c.endStep();
        }
    }

    /**
     * Runs the stretch of the body that the JDK made runnable by handing it a monitor, on a spare
     * carrier, up to the body's next suspension; then lets the task see what happened. If a worker
     * is stepping the coroutine right now, that step's end finds the continuation instead.
     */
    private static void onSpareCarrier(VirtualCoroutine<?> c) {
        if (c.claimStep()) {
            try {
                if (c.takeSubmission()) {
                    c.resetReadyInStep();
                    c.runContinuation();
                }
            } finally {
                c.endStepThenLook(); // a cancel() whose step found this one in its way is seen below
            }
            if (c.isCancelled() && !c.isDone()) Cancellation.nudge(c); // that cancel could not nudge the body itself
        }
        // Ended, or runnable again (yielded, or a worker's step was in the way): the task polls.
        // Suspended in an await (held) or blocked again in a JDK call: its wake or the JDK resumes it.
        if (c.isDone() || c.isSubmitted()) c.wakeTask();
    }

    /**
     * After cancellation, while no owner drives the unwinding (pollCancel): run what the JDK
     * submits until the body ends. On a spare carrier. A step in the way finds the submission when
     * it ends; an owner that started draining meanwhile is woken to go on.
     */
    static void abandoned(VirtualCoroutine<?> c) {
        if (!c.claimStep()) return;
        try {
            while (c.takeSubmission()) c.runContinuation();
        } finally {
            c.endStepThenLook(); // a pollCancel that found this step in its way is read below
        }
        boolean runnable = c.isSubmitted();
        if (c.isDraining()) {
            if (c.isDone() || runnable) c.wakeTask();
        } else if (!c.isDone() && runnable) {
            Carriers.run(() -> abandoned(c));
        }
    }
}
