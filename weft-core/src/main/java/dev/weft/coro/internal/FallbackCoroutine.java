package dev.weft.coro.internal;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.internal.FailureSink;
import dev.weft.future.internal.Wakes;
import java.util.concurrent.CancellationException;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * The coroutine used when the JVM lacks {@code --add-opens java.base/java.lang}: the body runs on a
 * plain virtual thread of the JDK's default scheduler, where {@code await} blocks that virtual
 * thread (which unmounts, so no platform thread is held). The future completes when the body ends.
 *
 * <h2>State</h2>
 * <pre>
 * field     transitions                         by
 * thread     null -&gt; started thread (once)     the first poll (owner)
 * context    any -&gt; latest task context        each poll and pollCancel (owner); volatile
 * cancelled  false -&gt; true (once)              cancel (owner); volatile
 * sink       the failure sink of the canceller   cancel (owner); volatile
 * done       false -&gt; true (once)              the body's thread, after value / failure
 * </pre>
 * No lost wake: a poll or pollCancel writes {@code context} then reads {@code done}; the body
 * writes {@code done} then reads {@code context} and wakes it (both volatile), so one of them sees
 * the other. Cancel interrupts the body's thread: an {@code await} there (a {@code blockOn}) then
 * cancels what it awaits, waits until that is done cancelling and throws
 * {@link java.util.concurrent.CancellationException}; the body finishes on its own thread, and
 * {@link #pollCancel} is ready once it has. What it throws while it unwinds, other than the
 * cancellation, goes to the canceller's failure sink (a worker: the runtime's failure hook).
 *
 * @param <T> the output type
 */
public final class FallbackCoroutine<T> implements Future<T> {
    private final Callable<? extends T> body;
    private Thread thread;
    private volatile Context context;
    private volatile boolean cancelled;
    private volatile FailureSink sink;
    private volatile boolean done;
    private T value;
    private Throwable failure;

    /**
     * A coroutine that will start {@code body} on a virtual thread when first polled.
     *
     * @param body the coroutine body
     */
    public FallbackCoroutine(Callable<? extends T> body) {
        this.body = Objects.requireNonNull(body, "body");
    }

    @Override
    public Poll<T> poll(Context cx) throws Exception {
        if (context != cx) context = cx;
        if (thread == null) thread = Thread.ofVirtual().start(this::runBody);
        if (!done) return Poll.pending();
        Throwable f = failure;
        if (f == null) return Poll.ready(value);
        if (f instanceof Exception e) throw e;
        if (f instanceof Error e) throw e;
        throw new IllegalStateException("coroutine body threw " + f, f);
    }

    @Override
    public void cancel() {
        if (cancelled) return;
        sink = Wakes.sinkOfCurrentThread();
        cancelled = true;
        if (thread != null && !done) thread.interrupt();
    }

    @Override
    public Poll<Void> pollCancel(Context cx) {
        if (thread == null) return Poll.ready(null);
        if (context != cx) context = cx;
        return done ? Poll.ready(null) : Poll.pending();
    }

    private void runBody() {
        try {
            value = body.call();
        } catch (Throwable t) {
            failure = t;
            if (cancelled && !(t instanceof CancellationException)) report(t); // thrown while unwinding
        }
        done = true;
        context.waker().wake();
    }

    private void report(Throwable t) {
        FailureSink s = sink;
        if (s != null) s.reportFailure(t);
        else Wakes.report(t);
    }

    @Override
    public String toString() {
        return "Coroutine[fallback, " + (done ? "done" : thread == null ? "new" : "started") + "]";
    }
}
