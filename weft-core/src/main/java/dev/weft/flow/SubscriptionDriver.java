package dev.weft.flow;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Flow;

/**
 * The future of the task that drives one subscription of a {@link StreamPublisher}: it polls the
 * stream while there is demand and signals the subscriber. It is the only caller of
 * {@code onNext}, {@code onError} and {@code onComplete} once {@code onSubscribe} returned, and a
 * task is polled by one thread at a time, so signals are never concurrent (Rule 1.3).
 *
 * <p>Fields are the task's (one poll at a time): {@code subscriber} and {@code stream} are set
 * before the spawn and cleared when the subscription ends (completed, failed or cancelled), so a
 * cancelled subscriber is not kept reachable (Rule 3.13); {@code stream} is also cleared as soon as
 * the stream ended or threw, so it is cancelled only while unfinished.
 *
 * <p>Each poll delivers at most {@link #BUDGET} elements and then yields (wakes itself and answers
 * pending), so an always-ready stream with unbounded demand does not hold a worker.
 */
final class SubscriptionDriver<T> implements Future<Void> {
    /** Elements delivered per poll before yielding to the other tasks of the worker. */
    static final int BUDGET = 64;

    private final StreamSubscription state;
    private Flow.Subscriber<? super T> subscriber;
    private AsyncStream<? extends T> stream;

    SubscriptionDriver(StreamSubscription state, Flow.Subscriber<? super T> subscriber, AsyncStream<? extends T> stream) {
        this.state = state;
        this.subscriber = subscriber;
        this.stream = stream;
    }

    @Override
    public Poll<Void> poll(Context cx) throws Exception {
        Flow.Subscriber<? super T> sub = subscriber;
        if (sub == null) throw new IllegalStateException(this + " polled after it completed");
        state.register(cx.waker()); // every check below is after the registration: no lost wake
        for (int sent = 0; ; sent++) {
            if (state.isCancelled()) return finish(null, null);
            long illegal = state.illegalRequest();
            if (illegal != StreamSubscription.NONE) {
                return finish(sub, new IllegalArgumentException(
                        "Rule 3.9: non-positive subscription request: " + illegal + " (" + this + ")"));
            }
            if (!state.hasDemand()) return Poll.pending(); // a request from zero wakes the waker
            if (sent == BUDGET) {
                cx.waker().wake();
                return Poll.pending();
            }
            AsyncStream<? extends T> s = stream;
            Poll<? extends T> p;
            try {
                p = s.pollNext(cx);
            } catch (Throwable t) {
                stream = null; // it ended by throwing: nothing to cancel
                return finish(sub, t);
            }
            if (p.isPending()) return Poll.pending();
            if (AsyncStream.isEnd(p)) {
                stream = null;
                return finish(sub, null);
            }
            T item = p.value();
            if (item == null) {
                return finish(sub, new NullPointerException(s + " answered a null element: stream elements are never null"));
            }
            state.consumeOne();
            try {
                sub.onNext(item);
            } catch (Throwable t) {
                Throwable cancelFailure = end(); // Rule 2.13: the subscriber broke the protocol: cancelled
                if (cancelFailure != null) t.addSuppressed(cancelFailure);
                throw asException(t);
            }
        }
    }

    /**
     * Ends the subscription and, unless {@code sub} is {@code null} (cancelled: nothing more is
     * signalled), signals {@code onError(error)}, or {@code onComplete} if {@code error} is null.
     * A stream whose {@code cancel} threw fails the task with that afterwards.
     */
    private Poll<Void> finish(Flow.Subscriber<? super T> sub, Throwable error) throws Exception {
        Throwable cancelFailure = end();
        if (sub != null) {
            if (error != null) sub.onError(error);
            else sub.onComplete();
        }
        if (cancelFailure != null) throw asException(cancelFailure);
        return Poll.ready(null);
    }

    /** The task was cancelled (its runtime closed): the stream is cancelled and the subscriber told. */
    @Override
    public void cancel() {
        Flow.Subscriber<? super T> sub = subscriber;
        if (sub == null) return;
        boolean cancelledBySubscriber = state.isCancelled();
        Throwable cancelFailure = end();
        if (!cancelledBySubscriber) sub.onError(new CancellationException("the task driving " + this + " was cancelled"));
        if (cancelFailure instanceof RuntimeException e) throw e;
        if (cancelFailure instanceof Error e) throw e;
        if (cancelFailure != null) throw new CompletionException(cancelFailure);
    }

    /**
     * Ends the subscription: drops both references and cancels the stream if it is unfinished.
     *
     * @return what the stream's {@code cancel} threw, or {@code null}
     */
    private Throwable end() {
        AsyncStream<? extends T> s = stream;
        stream = null;
        subscriber = null;
        if (s == null) return null;
        try {
            s.cancel();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    private static Exception asException(Throwable t) {
        if (t instanceof Exception e) return e;
        if (t instanceof Error e) throw e;
        return new CompletionException(t);
    }

    @Override
    public String toString() {
        return "SubscriptionDriver[" + state + "]";
    }
}
