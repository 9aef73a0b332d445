package dev.weft.coro.internal;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
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
 * thread    null -&gt; started thread (once)     the first poll (owner)
 * context   any -&gt; latest task context        each poll (owner); volatile
 * done      false -&gt; true (once)              the body's thread, after value / failure
 * </pre>
 * No lost wake: a poll writes {@code context} then reads {@code done}; the body writes
 * {@code done} then reads {@code context} and wakes it (both volatile), so one of them sees the
 * other. Cancel interrupts the body's thread: an {@code await} there (a {@code blockOn}) then
 * cancels what it awaits and throws {@link java.util.concurrent.CancellationException}; the body
 * finishes on its own thread, after {@code cancel} returned.
 *
 * @param <T> the output type
 */
public final class FallbackCoroutine<T> implements Future<T> {
    private final Callable<? extends T> body;
    private Thread thread;
    private volatile Context context;
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
        if (thread != null && !done) thread.interrupt();
    }

    private void runBody() {
        try {
            value = body.call();
        } catch (Throwable t) {
            failure = t;
        }
        done = true;
        context.waker().wake();
    }

    @Override
    public String toString() {
        return "Coroutine[fallback, " + (done ? "done" : thread == null ? "new" : "started") + "]";
    }
}
