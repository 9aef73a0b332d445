package dev.weft.flow;

import static dev.weft.testkit.Polls.assertEnd;
import static dev.weft.testkit.Polls.assertPending;
import static dev.weft.testkit.Polls.assertReady;
import static dev.weft.testkit.Polls.pollNextOnce;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.AsyncStream;
import dev.weft.task.Task;
import dev.weft.testkit.CountingWaker;
import dev.weft.testkit.Polls;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link FlowAdapters#toAsyncStream}: a publisher read as a stream, polled by hand and on a
 * runtime.
 */
@Timeout(60)
class PublisherStreamTest {
    private final CountingWaker w = new CountingWaker();

    /** A publisher that hands its subscriber to the test, and a subscription that records calls. */
    static final class HandOver implements Flow.Publisher<Integer>, Flow.Subscription {
        final AtomicReference<Flow.Subscriber<? super Integer>> subscriber = new AtomicReference<>();
        final List<Long> requests = new CopyOnWriteArrayList<>();
        final AtomicInteger cancels = new AtomicInteger();

        @Override
        public void subscribe(Flow.Subscriber<? super Integer> s) {
            if (!subscriber.compareAndSet(null, s)) throw new AssertionError("subscribed twice");
        }

        @Override
        public void request(long n) {
            requests.add(n);
        }

        @Override
        public void cancel() {
            cancels.incrementAndGet();
        }

        Flow.Subscriber<? super Integer> sub() {
            return subscriber.get();
        }
    }

    @Test
    void subscribesOnTheFirstPollAndRequestsABatchOnceOnSubscribeWakesIt() {
        HandOver pub = new HandOver();
        AsyncStream<Integer> s = FlowAdapters.toAsyncStream(pub, 4);
        assertThat(pub.sub()).as("nothing before the first poll").isNull();
        assertPending(pollNextOnce(s, w));
        assertThat(pub.sub()).isNotNull();
        pub.sub().onSubscribe(pub);
        assertThat(w.takeWakes()).isEqualTo(1);
        assertThat(pub.requests).as("request and cancel come from the polling task only").isEmpty();
        assertPending(pollNextOnce(s, w));
        assertThat(pub.requests).containsExactly(4L);
    }

    @Test
    void replenishesWhatWasTakenAtHalfABatchAndNeverAsksForMoreThanABatch() {
        HandOver pub = new HandOver();
        AsyncStream<Integer> s = FlowAdapters.toAsyncStream(pub, 4);
        assertPending(pollNextOnce(s, w));
        pub.sub().onSubscribe(pub);
        assertThat(w.takeWakes()).isEqualTo(1);
        assertPending(pollNextOnce(s, w));
        for (int i = 0; i < 4; i++) pub.sub().onNext(i);
        assertThat(w.takeWakes()).as("one wake per registration, not per element").isEqualTo(1);
        assertReady(pollNextOnce(s, w), 0);
        assertThat(pub.requests).containsExactly(4L);
        assertReady(pollNextOnce(s, w), 1);
        assertThat(pub.requests).containsExactly(4L, 2L);
        pub.sub().onNext(4);
        pub.sub().onNext(5);
        for (int i = 2; i < 6; i++) assertReady(pollNextOnce(s, w), i);
        assertThat(pub.requests).containsExactly(4L, 2L, 2L, 2L);
        assertPending(pollNextOnce(s, w));
        pub.sub().onComplete();
        assertEnd(pollNextOnce(s, w));
        assertEnd(pollNextOnce(s, w));
        assertThat(pub.cancels).hasValue(0);
    }

    @Test
    void elementsBeforeOnErrorAreTakenFirstThenPollNextThrowsTheError() {
        HandOver pub = new HandOver();
        AsyncStream<Integer> s = FlowAdapters.toAsyncStream(pub, 8);
        assertPending(pollNextOnce(s, w));
        pub.sub().onSubscribe(pub);
        assertPending(pollNextOnce(s, w));
        pub.sub().onNext(7);
        IllegalStateException boom = new IllegalStateException("boom");
        pub.sub().onError(boom);
        assertReady(pollNextOnce(s, w), 7);
        assertThatThrownBy(() -> s.pollNext(w.context())).isSameAs(boom);
        assertEnd(pollNextOnce(s, w));
        assertThat(pub.cancels).as("onError ended the subscription already (Rule 2.4)").hasValue(0);
    }

    @Test
    void anOnNextWithoutDemandFailsTheStreamAndCancelsTheSubscription() {
        HandOver pub = new HandOver();
        AsyncStream<Integer> s = FlowAdapters.toAsyncStream(pub, 2);
        assertPending(pollNextOnce(s, w));
        pub.sub().onSubscribe(pub);
        assertPending(pollNextOnce(s, w));
        pub.sub().onNext(1);
        pub.sub().onNext(2);
        pub.sub().onNext(3); // only 2 were requested
        assertReady(pollNextOnce(s, w), 1);
        assertReady(pollNextOnce(s, w), 2);
        assertThatThrownBy(() -> s.pollNext(w.context())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("onNext without demand (Rule 1.1)");
        assertThat(pub.cancels).hasValue(1);
    }

    @Test
    void aNullSignalThrowsNpeToThePublisherAndFailsTheStreamInsteadOfEndingIt() {
        HandOver pub = new HandOver();
        AsyncStream<Integer> s = FlowAdapters.toAsyncStream(pub);
        assertPending(pollNextOnce(s, w));
        pub.sub().onSubscribe(pub);
        assertPending(pollNextOnce(s, w));
        assertThatThrownBy(() -> pub.sub().onNext(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> s.pollNext(w.context())).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("onNext(null)").hasMessageContaining("Rule 2.13");
        assertThat(pub.cancels).hasValue(1);
    }

    @Test
    void aSecondOnSubscribeIsCancelledAndTheFirstKept() {
        HandOver pub = new HandOver();
        HandOver other = new HandOver();
        AsyncStream<Integer> s = FlowAdapters.toAsyncStream(pub, 4);
        assertPending(pollNextOnce(s, w));
        pub.sub().onSubscribe(pub);
        pub.sub().onSubscribe(other);
        assertThat(other.cancels).hasValue(1);
        assertPending(pollNextOnce(s, w));
        assertThat(pub.requests).containsExactly(4L);
        assertThat(other.requests).isEmpty();
    }

    @Test
    void cancelBeforeOnSubscribeArrivesCancelsTheLateSubscriptionOnArrival() {
        HandOver pub = new HandOver();
        AsyncStream<Integer> s = FlowAdapters.toAsyncStream(pub);
        assertPending(pollNextOnce(s, w));
        s.cancel();
        pub.sub().onSubscribe(pub);
        assertThat(pub.cancels).hasValue(1);
        assertThat(pub.requests).isEmpty();
        pub.sub().onNext(1); // Rule 2.8: dropped quietly
        assertThat(w.wakes()).isZero();
    }

    @Test
    void cancelCancelsTheSubscriptionOnceAndDropsWhatIsBuffered() {
        HandOver pub = new HandOver();
        AsyncStream<Integer> s = FlowAdapters.toAsyncStream(pub, 4);
        assertPending(pollNextOnce(s, w));
        pub.sub().onSubscribe(pub);
        assertPending(pollNextOnce(s, w));
        pub.sub().onNext(1);
        s.cancel();
        s.cancel();
        assertThat(pub.cancels).hasValue(1);
        assertEnd(pollNextOnce(s, w));
    }

    @Test
    void aPublisherSignallingFromItsOwnThreadsWakesTheTaskPollingTheStream() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build();
                SubmissionPublisher<Integer> pub = new SubmissionPublisher<>(pool, 16)) {
            Task<List<Integer>> all = rt.spawn(FlowAdapters.toAsyncStream(pub, 8).toList());
            Polls.awaitCondition(() -> pub.getNumberOfSubscribers() == 1, RecordingSubscriber.BOUND, "the subscription");
            for (int i = 0; i < 5_000; i++) pub.submit(i); // blocks while the subscriber's buffer is full
            pub.close();
            assertThat(rt.blockOn(all)).isEqualTo(IntStream.range(0, 5_000).boxed().toList());
        } finally {
            pool.shutdownNow();
        }
    }
}
