package dev.weft.recipes.r2dbc;

import dev.weft.Weft;
import dev.weft.flow.FlowAdapters;
import dev.weft.future.AsyncStream;
import dev.weft.future.Future;
import java.util.List;
import org.reactivestreams.Publisher;

/**
 * Reactive Streams publishers (what R2DBC answers) as Weft futures and streams: the publisher is
 * seen as a {@code java.util.concurrent.Flow.Publisher} ({@link org.reactivestreams.FlowAdapters})
 * and read through Weft's bridge ({@link FlowAdapters#toAsyncStream}). Cancelling the stream, or
 * a future reading it, cancels the subscription.
 */
final class Reactive {
    private Reactive() {}

    /** @return the elements of {@code publisher}, subscribed to on the first poll */
    static <T> AsyncStream<T> stream(Publisher<? extends T> publisher) {
        return FlowAdapters.toAsyncStream(org.reactivestreams.FlowAdapters.toFlowPublisher(publisher));
    }

    /** @return every element of {@code publisher}, once it completed */
    static <T> Future<List<T>> all(Publisher<? extends T> publisher) {
        return Reactive.<T>stream(publisher).toList();
    }

    /** @return the one element of a publisher of one ({@code Mono}), once it completed */
    static <T> Future<T> single(Publisher<? extends T> publisher) {
        return Weft.async(() -> {
            List<T> all = Weft.await(all(publisher));
            if (all.size() != 1) throw new IllegalStateException(publisher + " answered " + all.size() + " elements, not one");
            return all.getFirst();
        });
    }
}
