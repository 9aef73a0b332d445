package dev.weft.coro.internal;

import dev.weft.internal.Outcomes;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one coroutine step on a spare platform thread while the virtual thread that asked for it
 * waits.
 *
 * <p>State: {@code done} goes false -&gt; true once, written by the carrier after the step (and
 * after {@code failure}); read by the waiting thread. {@code waiter} is written once at
 * construction. The waiter parks until {@code done}; spurious unparks (the waiter may itself be a
 * coroutine whose waker fires meanwhile) only loop. An interrupt of the waiter is kept and set
 * again afterwards: the step is not abandoned half-way.
 */
final class StepHandoff implements Runnable {
    private final Runnable step;
    private final Thread waiter = Thread.currentThread();
    private volatile boolean done;
    private Throwable failure;

    StepHandoff(Runnable step) {
        this.step = step;
    }

    @Override
    public void run() {
        try {
            step.run();
        } catch (Throwable t) {
            failure = t;
        } finally {
            done = true;
            LockSupport.unpark(waiter);
        }
    }

    /** Parks the waiter until the step is over; rethrows what the step threw. */
    void awaitDone() {
        boolean interrupted = false;
        while (!done) {
            LockSupport.park(this);
            if (Thread.interrupted()) interrupted = true;
        }
        if (interrupted) Thread.currentThread().interrupt();
        if (failure != null) throw Outcomes.rethrow(failure);
    }
}
