package dev.weft.flow;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Flow;

/**
 * The stream of {@link FlowAdapters#toAsyncStream(Flow.Publisher, int)}: subscribes on the first
 * poll, requests {@code batch} elements as soon as the subscription arrives, and requests again
 * what was taken each time {@code replenish} (half a batch) elements have been taken.
 *
 * <p>Fields are the owner's only (the task polling the stream, one poll at a time): it alone calls
 * the subscription's {@code request} and {@code cancel}, which makes those calls serial (Rule 2.7).
 * {@code subscription} is set once the buffer has one and the first request went out;
 * {@code taken} counts elements taken since the last request; {@code ended} once the end or a
 * failure was answered, or the stream was cancelled. The buffer's own state is documented in
 * {@link SubscriberBuffer}.
 */
final class PublisherStream<T> implements AsyncStream<T> {
    private final Flow.Publisher<? extends T> publisher;
    private final int batch;
    private final int replenish;
    private final SubscriberBuffer<T> buffer;
    private Flow.Subscription subscription;
    private long taken;
    private boolean subscribed;
    private boolean ended;

    PublisherStream(Flow.Publisher<? extends T> publisher, int batch) {
        this.publisher = publisher;
        this.batch = batch;
        this.replenish = Math.max(1, batch / 2);
        this.buffer = new SubscriberBuffer<>(toString(), batch);
    }

    @Override
    @SuppressWarnings("unchecked") // take() answers a T or one of the buffer's sentinels
    public Poll<T> pollNext(Context cx) throws Exception {
        if (ended) return AsyncStream.end();
        if (!subscribed) {
            subscribed = true;
            try {
                publisher.subscribe(buffer);
            } catch (Throwable t) {
                ended = true; // Rule 1.9 breached: subscribe must not throw
                buffer.cancel();
                throw asException(t);
            }
        }
        while (true) {
            Object r = buffer.take(cx.waker());
            if (r == SubscriberBuffer.EMPTY) {
                if (subscription == null) {
                    // the first request, once onSubscribe came (checked after the waker is registered,
                    // so an onSubscribe after this check wakes it)
                    Flow.Subscription s = buffer.subscription();
                    if (s != null) {
                        subscription = s;
                        request(batch);
                        continue;
                    }
                }
                return Poll.pending();
            }
            if (r == SubscriberBuffer.COMPLETE) {
                ended = true;
                return AsyncStream.end();
            }
            if (r == SubscriberBuffer.FAILED) {
                ended = true;
                Throwable failure = buffer.failure();
                if (buffer.isBreach()) cancelSubscription();
                throw asException(failure);
            }
            if (++taken >= replenish) {
                long n = taken;
                taken = 0;
                request(n);
            }
            return Poll.ready((T) r);
        }
    }

    /**
     * Requests {@code n} more, unless the publisher already ended the subscription (Rule 2.4: it is
     * then cancelled). A throwing {@code request} (Rule 3.16 breached) ends the stream.
     */
    private void request(long n) throws Exception {
        if (!buffer.addDemand(n)) return;
        try {
            subscription.request(n);
        } catch (Throwable t) {
            ended = true;
            cancelSubscription();
            throw asException(t);
        }
    }

    /** Cancels the subscription and drops what is buffered. Called once the stream is unfinished. */
    @Override
    public void cancel() {
        if (ended) return;
        ended = true;
        cancelSubscription();
    }

    private void cancelSubscription() {
        Flow.Subscription s = buffer.cancel();
        if (s != null) s.cancel();
    }

    private static Exception asException(Throwable t) {
        if (t instanceof Exception e) return e;
        if (t instanceof Error e) throw e;
        return new CompletionException(t);
    }

    @Override
    public String toString() {
        return "FlowAdapters.toAsyncStream(" + publisher + ")";
    }
}
