package dev.weft.future;

import dev.weft.future.internal.Wakes;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The future of {@link Future#fromStage(CompletionStage)}: ready once the stage completes.
 *
 * <h2>State</h2>
 * <pre>
 * outcome  meaning
 * null     the stage has not completed (as far as this future knows)
 * Ready    completed with that value
 * Failure  completed with that throwable (a CompletionException's cause, unwrapped)
 * </pre>
 * <pre>
 * transition                 by
 * null -> Ready | Failure    the thread completing the stage (the whenComplete callback), once;
 *                            then it wakes the waker it reads from {@code waker}
 * waker := cx.waker()        the polling task, before it re-reads {@code outcome}
 * waker := null              cancel(): late completions wake nobody
 * </pre>
 * No lost wake: the poller writes {@code waker} then reads {@code outcome}; the callback writes
 * {@code outcome} then reads {@code waker}; both volatile, so one of them sees the other's write.
 * {@code registered} and {@code stage} are touched by the polling task only.
 */
final class FromStage<T> implements Future<T> {
    private final CompletionStage<T> stage;
    private boolean registered;
    private volatile Object outcome;
    private volatile Waker waker;

    FromStage(CompletionStage<T> stage) {
        this.stage = Objects.requireNonNull(stage, "stage");
    }

    @Override
    @SuppressWarnings("unchecked")
    public Poll<T> poll(Context cx) throws Exception {
        Object o = outcome;
        if (o == null && !registered) {
            registered = true;
            stage.whenComplete(this::complete); // runs at once, here, if the stage is complete
            o = outcome;
        }
        if (o == null) {
            Waker w = cx.waker();
            if (!w.willWake(waker)) waker = w;
            o = outcome;
            if (o == null) return Poll.pending();
        }
        if (o instanceof Failure(Throwable t)) throw Cancels.asException(t);
        return (Poll<T>) o;
    }

    private void complete(T value, Throwable failure) {
        if (failure == null) {
            outcome = Poll.ready(value);
        } else {
            outcome = new Failure(failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure);
        }
        Waker w = waker;
        if (w != null) Wakes.wake(w);
    }

    @Override
    public void cancel() {
        waker = null;
        if (outcome != null) return;
        try {
            stage.toCompletableFuture().cancel(false);
        } catch (UnsupportedOperationException e) {
            // a stage that cannot be turned into a CompletableFuture cannot be cancelled from here
        }
    }

    @Override
    public String toString() {
        return "Future.fromStage(" + stage + ")";
    }

    /** A stage that completed exceptionally. */
    private record Failure(Throwable cause) {}
}
