package dev.weft.blocking;

import dev.weft.internal.FlightRecorderGate;
import dev.weft.future.internal.FailureSink;
import dev.weft.future.internal.Wakes;
import dev.weft.blocking.internal.BlockingJobEvent;
import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;

/**
 * One call of {@link BlockingPool#unblock(Callable)}: the queue entry a pool thread runs, and the
 * future its caller awaits.
 *
 * <h2>State</h2>
 * <pre>
 * state         meaning                                   next          by
 * QUEUED        in the pool's queue                       RUNNING       a pool thread (CAS)
 *                                                         CANCELLED     cancel() (CAS), leaves the queue
 * RUNNING       a pool thread is calling the callable     DONE          that thread (CAS)
 *                                                         INTERRUPTING  cancel() (CAS)
 * INTERRUPTING  cancel() is interrupting the runner        INTERRUPTED   cancel(), after the interrupt
 * INTERRUPTED   the runner was interrupted; the callable  DONE          the runner, once the callable
 *               is unwinding                                            returned (interrupt cleared)
 * DONE          value or failure is set                   (final)
 * CANCELLED     never ran                                 (final)
 * </pre>
 * {@code value}/{@code failure} are written before the volatile write of DONE and read after
 * reading DONE. No lost wake: poll and pollCancel write {@code waker} then re-read {@code state};
 * the pool thread writes {@code state} then reads {@code waker} (all volatile). {@code runner} is
 * written by the pool thread before its CAS to RUNNING and read by cancel() after its CAS from
 * RUNNING. An interrupt is sent only in INTERRUPTING, and the runner waits out INTERRUPTING before
 * it clears its interrupt status and leaves, so no interrupt meant for this job reaches the
 * pool thread's next one (FutureTask's discipline). {@code prev}/{@code next} are guarded by the
 * pool's lock.
 */
final class BlockingJob<T> implements Fallible<T, Exception>, Runnable {
    static final int QUEUED = 0;
    static final int RUNNING = 1;
    static final int DONE = 2;
    static final int CANCELLED = 3;
    static final int INTERRUPTING = 4;
    static final int INTERRUPTED = 5;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(BlockingJob.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final BlockingPool pool;
    private Callable<T> callable;
    private T value;
    private Throwable failure;
    private volatile int state;
    private volatile Waker waker;
    private Thread runner;
    private volatile FailureSink sink; // the canceller's, for what the callable throws once interrupted
    BlockingJob<?> prev;
    BlockingJob<?> next;

    BlockingJob(BlockingPool pool, Callable<T> callable) {
        this.pool = pool;
        this.callable = callable;
    }

    /**
     * Runs the callable on the calling pool thread, unless the job was cancelled. The pool learns
     * that this thread is free again before the awaiting task is woken, so a task that submits its
     * next job at once finds this thread instead of starting another.
     */
    @Override
    public void run() {
        runner = Thread.currentThread();
        if (!STATE.compareAndSet(this, QUEUED, RUNNING)) {
            pool.jobFinished();
            return;
        }
        Callable<T> c = callable;
        callable = null;
        BlockingJobEvent event = null;
        if (FlightRecorderGate.open() && BlockingJobEvent.PROBE.isEnabled()) {
            event = new BlockingJobEvent();
            event.begin();
        }
        try {
            value = c.call();
        } catch (Throwable t) {
            failure = t;
        }
        if (event != null) {
            event.end();
            if (event.shouldCommit()) {
                event.pool = pool.threadNamePrefix();
                event.jobClass = c.getClass().getName();
                event.failed = failure != null;
                event.commit();
            }
        }
        pool.jobFinished();
        if (!STATE.compareAndSet(this, RUNNING, DONE)) { // cancelled while it ran: interrupted
            while (state == INTERRUPTING) Thread.onSpinWait(); // the interrupt is on its way
            Thread.interrupted(); // the interrupt was this job's: the pool thread's next job starts clean
            if (failure != null && !isInterruption(failure)) report(failure); // thrown while unwinding
            state = DONE;
        }
        Waker w = waker;
        if (w != null) Wakes.wake(w);
    }

    /** @return whether {@code t} is how blocking code ends when interrupted, not a failure of its own */
    private static boolean isInterruption(Throwable t) {
        return t instanceof InterruptedException || t instanceof InterruptedIOException
                || t instanceof ClosedByInterruptException || t instanceof CancellationException;
    }

    private void report(Throwable t) {
        FailureSink s = sink;
        if (s != null) s.reportFailure(t);
        else Wakes.report(t);
    }

    /**
     * Completes with the callable's result.
     *
     * @throws Exception what the callable threw, as it is
     */
    @Override
    public Poll<T> poll(Context cx) throws Exception {
        int s = state;
        if (s != DONE) {
            if (s == CANCELLED || s >= INTERRUPTING) throw new IllegalStateException("blocking job polled after cancel");
            Waker w = cx.waker();
            Waker old = waker;
            if (old == null || !old.willWake(w)) waker = w;
            if (state != DONE) return Poll.pending();
        }
        waker = null;
        Throwable f = failure;
        if (f == null) return Poll.ready(value);
        if (f instanceof Exception e) throw e;
        throw (Error) f;
    }

    /**
     * Completes a job that never ran with {@code why} (its pool closed). Called by the pool, once
     * the job is off its queue.
     *
     * @param why the failure its awaiter gets
     */
    void refuse(RuntimeException why) {
        if (state != QUEUED) return; // cancelled meanwhile
        failure = why; // before the CAS that publishes it
        if (!STATE.compareAndSet(this, QUEUED, DONE)) return;
        callable = null;
        Waker w = waker;
        if (w != null) Wakes.wake(w);
    }

    /**
     * Cancels the job: a queued job leaves the queue and never runs; a running one has its pool
     * thread interrupted (as {@code FutureTask.cancel(true)}), and {@link #pollCancel} is ready once
     * its callable returned.
     */
    @Override
    public void cancel() {
        waker = null;
        if (STATE.compareAndSet(this, QUEUED, CANCELLED)) {
            callable = null;
            pool.remove(this);
        } else if (STATE.compareAndSet(this, RUNNING, INTERRUPTING)) {
            sink = Wakes.sinkOfCurrentThread();
            try {
                runner.interrupt();
            } finally {
                state = INTERRUPTED;
            }
        }
    }

    /** Ready once the job never ran or its callable returned. */
    @Override
    public Poll<Void> pollCancel(Context cx) {
        int s = state;
        if (s == DONE || s == CANCELLED) return Poll.ready(null);
        waker = cx.waker();
        s = state;
        return s == DONE || s == CANCELLED ? Poll.ready(null) : Poll.pending();
    }

    @Override
    public String toString() {
        return "BlockingJob[" + switch (state) {
            case QUEUED -> "queued";
            case RUNNING -> "running";
            case DONE -> "done";
            default -> "cancelled";
        } + "]";
    }
}
