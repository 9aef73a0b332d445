package dev.weft.sim;

import dev.weft.blocking.internal.InlinePool;
import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import java.util.concurrent.Callable;

/**
 * The blocking pool of a simulation: no threads. A job is run on the simulation's thread at a
 * simulated time (now plus a duration drawn from the builder's range), and its future is woken
 * then; that is how long a blocking call "takes" in virtual time. Cancelling the future before
 * that time drops the job, as the real pool drops a job no thread took yet.
 *
 * {@snippet :
 * byte[] b = await(Blocking.unblock(() -> Files.readAllBytes(path)));   // inside a simulation
 * }
 *
 * <h2>State of a job</h2>
 * <pre>
 * state       meaning                             next
 * QUEUED      waits for its simulated time        DONE (event ran it), CANCELLED (cancel)
 * DONE        value or failure set                -
 * CANCELLED   will never run                      -
 * </pre>
 * Everything on the simulation's thread, so plain fields.
 */
final class SimBlocking implements InlinePool {
    private final SimRuntime sim;
    private final long minNanos;
    private final long maxNanos;
    private long jobs;

    SimBlocking(SimRuntime sim, long minNanos, long maxNanos) {
        this.sim = sim;
        this.minNanos = minNanos;
        this.maxNanos = maxNanos;
    }

    @Override
    public <T> Fallible<T, Exception> unblock(Callable<T> callable) {
        long d = maxNanos > minNanos ? sim.random().nextLong(minNanos, maxNanos + 1) : minNanos;
        Job<T> job = new Job<>(callable, jobs++);
        sim.trace(TraceHash.BLOCKING, job.id, d);
        sim.at(sim.nanoTime() + d, job::runNow);
        return job;
    }

    private static final class Job<T> implements Fallible<T, Exception> {
        private static final int QUEUED = 0;
        private static final int DONE = 1;
        private static final int CANCELLED = 2;

        private final long id;
        private Callable<T> callable;
        private int state = QUEUED;
        private T value;
        private Throwable failure;
        private Waker waker;

        Job(Callable<T> callable, long id) {
            this.callable = callable;
            this.id = id;
        }

        void runNow() {
            if (state != QUEUED) return;
            Callable<T> c = callable;
            callable = null;
            try {
                value = c.call();
            } catch (Throwable t) {
                failure = t;
            }
            state = DONE;
            Waker w = waker;
            waker = null;
            if (w != null) w.wake();
        }

        @Override
        public Poll<T> poll(Context cx) throws Exception {
            if (state == CANCELLED) throw new IllegalStateException("blocking job polled after cancel");
            if (state == QUEUED) {
                waker = cx.waker();
                return Poll.pending();
            }
            Throwable f = failure;
            if (f == null) return Poll.ready(value);
            if (f instanceof Exception e) throw e;
            throw (Error) f;
        }

        @Override
        public void cancel() {
            waker = null;
            if (state == QUEUED) {
                state = CANCELLED;
                callable = null;
            }
        }
    }
}
