package dev.weft.flow;

import dev.weft.exec.WorkStealingExecutor;
import dev.weft.future.AsyncStream;
import java.util.Objects;
import java.util.concurrent.Flow;
import java.util.function.Supplier;

/**
 * The publisher of {@link FlowAdapters#toPublisher(Supplier, WorkStealingExecutor)}: each subscriber gets a
 * stream of its own from the supplier, driven by a task of its own ({@link SubscriptionDriver}).
 * Immutable, so any number of threads may subscribe at once.
 */
final class StreamPublisher<T> implements Flow.Publisher<T> {
    private final Supplier<? extends AsyncStream<? extends T>> streams;
    private final WorkStealingExecutor executor;

    StreamPublisher(Supplier<? extends AsyncStream<? extends T>> streams, WorkStealingExecutor executor) {
        this.streams = streams;
        this.executor = executor;
    }

    /**
     * Signals {@code onSubscribe} on the calling thread, then spawns the task that delivers the
     * elements. If the supplier throws (or answers {@code null}), the subscriber gets
     * {@code onSubscribe} and then {@code onError} with that (Rule 1.9), and no task is spawned;
     * likewise if the executor's runtime is closed. If {@code onSubscribe} throws (Rule 2.13
     * breached) or cancels, the stream is cancelled and nothing more is signalled.
     */
    @Override
    public void subscribe(Flow.Subscriber<? super T> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber (Rule 1.9)");
        AsyncStream<? extends T> stream;
        try {
            stream = Objects.requireNonNull(streams.get(), "the stream supplier answered null");
        } catch (Throwable t) {
            subscriber.onSubscribe(NoSubscription.INSTANCE);
            subscriber.onError(t);
            return;
        }
        StreamSubscription state = new StreamSubscription(stream.toString());
        try {
            subscriber.onSubscribe(state);
        } catch (Throwable t) {
            state.cancel(); // Rule 2.13: the subscription is considered cancelled
        }
        if (state.isCancelled()) {
            stream.cancel();
            return;
        }
        try {
            executor.spawn(new SubscriptionDriver<>(state, subscriber, stream)).detach();
        } catch (IllegalStateException closed) {
            stream.cancel();
            subscriber.onError(closed);
        }
    }

    @Override
    public String toString() {
        return "FlowAdapters.toPublisher(" + streams + ")";
    }
}
