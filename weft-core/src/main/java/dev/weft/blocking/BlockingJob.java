package dev.weft.blocking;

import dev.weft.internal.FlightRecorderGate;
import dev.weft.future.internal.Wakes;
import dev.weft.blocking.internal.BlockingJobEvent;
import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Callable;

/**
 * One call of {@link BlockingPool#unblock(Callable)}: the queue entry a pool thread runs, and the
 * future its caller awaits.
 *
 * <h2>State</h2>
 * <pre>
 * state      meaning                                   next          by
 * QUEUED     in the pool's queue                       RUNNING       a pool thread (CAS)
 *                                                      CANCELLED     cancel() (CAS), leaves the queue
 * RUNNING    a pool thread is calling the callable     DONE          that thread
 * DONE       value or failure is set                   (final)
 * CANCELLED  never ran                                 (final)
 * </pre>
 * {@code value}/{@code failure} are written before the volatile write of DONE and read after
 * reading DONE. No lost wake: poll writes {@code waker} then re-reads {@code state}; the pool
 * thread writes {@code state} then reads {@code waker} (both volatile). {@code prev}/{@code next}
 * are guarded by the pool's lock.
 */
final class BlockingJob<T> implements Fallible<T, Exception>, Runnable {
    static final int QUEUED = 0;
    static final int RUNNING = 1;
    static final int DONE = 2;
    static final int CANCELLED = 3;

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
        state = DONE;
        Waker w = waker;
        if (w != null) Wakes.wake(w);
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
            if (s == CANCELLED) throw new IllegalStateException("blocking job polled after cancel");
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

    /** Removes the job from the queue if it has not started; a running job finishes unobserved. */
    /**
     * Completes a job that never ran with {@code why} (its pool closed). Called by the pool, once
     * the job is off its queue.
     *
     * @param why the failure its awaiter gets
     */
    void refuse(RuntimeException why) {
        if (!STATE.compareAndSet(this, QUEUED, RUNNING)) return; // cancelled meanwhile
        callable = null;
        failure = why;
        state = DONE;
        Waker w = waker;
        if (w != null) Wakes.wake(w);
    }

    @Override
    public void cancel() {
        waker = null;
        if (STATE.compareAndSet(this, QUEUED, CANCELLED)) {
            callable = null;
            pool.remove(this);
        }
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
