package dev.weft.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.testkit.Polls;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link FlowAdapters#toPublisher} and {@code toPublisherOnce}: streams offered as publishers. */
@Timeout(60)
class StreamPublisherTest {
    private static WeftRuntime rt;

    @BeforeAll
    static void start() {
        rt = WeftRuntime.builder().workers(2).build();
    }

    @AfterAll
    static void close() {
        rt.close();
    }

    /** A stream that is pending for ever (and never wakes), counting its polls and cancels. */
    static final class Idle implements AsyncStream<Integer> {
        final AtomicInteger polls = new AtomicInteger();
        final AtomicInteger cancels = new AtomicInteger();

        @Override
        public Poll<Integer> pollNext(Context cx) {
            polls.incrementAndGet();
            return Poll.pending();
        }

        @Override
        public void cancel() {
            cancels.incrementAndGet();
        }
    }

    @Test
    void deliversExactlyWhatWasRequestedAndThenCancelsTheStreamOnCancel() throws Exception {
        CountingStream src = new CountingStream(Long.MAX_VALUE);
        RecordingSubscriber<Long> sub = new RecordingSubscriber<>();
        FlowAdapters.toPublisher(() -> src, rt.executor()).subscribe(sub);
        sub.subscription().request(3);
        sub.awaitItems(3);
        sub.subscription().request(2);
        sub.awaitItems(5);
        sub.subscription().cancel();
        Polls.awaitCondition(() -> src.cancels.get() == 1, RecordingSubscriber.BOUND, "the stream cancelled");
        assertThat(sub.items()).containsExactly(0L, 1L, 2L, 3L, 4L);
        assertThat(sub.isTerminated()).as("nothing is signalled after cancel").isFalse();
        sub.assertNoMisuse();
    }

    @Test
    void cancelWakesATaskWaitingOnAPendingStreamAndCancelsTheStreamOnce() throws Exception {
        Idle src = new Idle();
        RecordingSubscriber<Integer> sub = new RecordingSubscriber<>();
        FlowAdapters.toPublisher(() -> src, rt.executor()).subscribe(sub);
        sub.subscription().request(1);
        Polls.awaitCondition(() -> src.polls.get() == 1, RecordingSubscriber.BOUND, "the stream polled");
        sub.subscription().cancel();
        sub.subscription().cancel();
        Polls.awaitCondition(() -> src.cancels.get() == 1, RecordingSubscriber.BOUND, "the stream cancelled");
        assertThat(src.cancels).hasValue(1);
        assertThat(sub.isTerminated()).isFalse();
    }

    @Test
    void aThrowingStreamFailsTheSubscriberWithItsExceptionAfterTheElementsBeforeIt() throws Exception {
        IllegalStateException boom = new IllegalStateException("boom");
        AsyncStream<Integer> failing = new AsyncStream<>() {
            int next;

            @Override
            public Poll<Integer> pollNext(Context cx) {
                if (next == 2) throw boom;
                return Poll.ready(next++);
            }
        };
        RecordingSubscriber<Integer> sub = new RecordingSubscriber<>();
        FlowAdapters.toPublisher(() -> failing, rt.executor()).subscribe(sub);
        sub.subscription().request(Long.MAX_VALUE);
        assertThat(sub.awaitError()).isSameAs(boom);
        assertThat(sub.items()).containsExactly(0, 1);
    }

    @Test
    void aNullElementFailsTheSubscriberWithAnNpeNamingTheStream() throws Exception {
        AsyncStream<String> bad = new AsyncStream<>() {
            @Override
            public Poll<String> pollNext(Context cx) {
                return Poll.ready(null);
            }

            @Override
            public String toString() {
                return "BadStream";
            }
        };
        RecordingSubscriber<String> sub = new RecordingSubscriber<>();
        FlowAdapters.toPublisher(() -> bad, rt.executor()).subscribe(sub);
        sub.subscription().request(1);
        assertThat(sub.awaitError()).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("BadStream answered a null element");
    }

    @Test
    void aNonPositiveRequestFailsTheSubscriberWithIllegalArgumentExceptionAndCancelsTheStream() throws Exception {
        CountingStream src = new CountingStream(10);
        RecordingSubscriber<Long> sub = new RecordingSubscriber<>();
        FlowAdapters.toPublisher(() -> src, rt.executor()).subscribe(sub);
        sub.subscription().request(0);
        assertThat(sub.awaitError()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Rule 3.9");
        assertThat(src.cancels).hasValue(1);
    }

    @Test
    void aSecondSubscriberOfAOncePublisherGetsOnSubscribeThenOnError() throws Exception {
        Flow.Publisher<Integer> once = FlowAdapters.toPublisherOnce(AsyncStream.fromIterable(List.of(1, 2)), rt.executor());
        RecordingSubscriber<Integer> first = new RecordingSubscriber<>();
        once.subscribe(first);
        first.subscription().request(Long.MAX_VALUE);
        first.awaitComplete();
        assertThat(first.items()).containsExactly(1, 2);
        RecordingSubscriber<Integer> second = new RecordingSubscriber<>();
        once.subscribe(second);
        assertThat(second.isSubscribed()).isTrue();
        assertThat(second.awaitError()).isInstanceOf(IllegalStateException.class).hasMessageContaining("published once");
        assertThat(second.items()).isEmpty();
    }

    @Test
    void aColdPublisherGivesEverySubscriberTheWholeSequence() throws Exception {
        Flow.Publisher<Long> cold = FlowAdapters.toPublisher(() -> new CountingStream(100), rt.executor());
        RecordingSubscriber<Long> a = new RecordingSubscriber<>();
        RecordingSubscriber<Long> b = new RecordingSubscriber<>();
        cold.subscribe(a);
        cold.subscribe(b);
        a.subscription().request(Long.MAX_VALUE);
        b.subscription().request(Long.MAX_VALUE);
        a.awaitComplete();
        b.awaitComplete();
        assertThat(a.items()).hasSize(100).isEqualTo(b.items());
    }

    @Test
    void closingTheRuntimeCancelsTheStreamAndFailsTheSubscriberWithCancellation() throws Exception {
        Idle src = new Idle();
        RecordingSubscriber<Integer> sub = new RecordingSubscriber<>();
        WeftRuntime own = WeftRuntime.builder().workers(1).build();
        FlowAdapters.toPublisher(() -> src, own.executor()).subscribe(sub);
        sub.subscription().request(1);
        Polls.awaitCondition(() -> src.polls.get() == 1, RecordingSubscriber.BOUND, "the stream polled");
        own.close();
        assertThat(sub.awaitError()).isInstanceOf(CancellationException.class);
        assertThat(src.cancels).hasValue(1);
    }

    @Test
    void subscribingToAClosedRuntimeFailsTheSubscriberAndCancelsTheStream() throws Exception {
        Idle src = new Idle();
        WeftRuntime own = WeftRuntime.builder().workers(1).build();
        own.close();
        RecordingSubscriber<Integer> sub = new RecordingSubscriber<>();
        FlowAdapters.toPublisher(() -> src, own.executor()).subscribe(sub);
        assertThat(sub.awaitError()).isInstanceOf(IllegalStateException.class);
        assertThat(src.cancels).hasValue(1);
        assertThatThrownBy(() -> FlowAdapters.toPublisher(() -> src, own.executor()).subscribe(null))
                .isInstanceOf(NullPointerException.class);
    }
}
