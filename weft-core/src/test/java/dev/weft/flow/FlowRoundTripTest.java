package dev.weft.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import dev.weft.testkit.Polls;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Stream to publisher to stream on a two-worker runtime: order, errors, cancellation, load. */
@Timeout(120)
class FlowRoundTripTest {
    private static WeftRuntime rt;

    @BeforeAll
    static void start() {
        rt = WeftRuntime.builder().workers(2).build();
    }

    @AfterAll
    static void close() {
        rt.close();
    }

    private static <T> AsyncStream<T> roundTrip(AsyncStream<T> source, int batch) {
        Flow.Publisher<T> pub = FlowAdapters.toPublisherOnce(source, rt.executor());
        return FlowAdapters.toAsyncStream(pub, batch);
    }

    @Test
    void aRoundTripPreservesTheOrderOfEveryElement() {
        List<Integer> src = IntStream.range(0, 10_000).boxed().toList();
        assertThat(rt.blockOn(roundTrip(AsyncStream.fromIterable(src), 16).toList())).isEqualTo(src);
        assertThat(rt.blockOn(roundTrip(AsyncStream.fromIterable(List.<Integer>of()), 16).toList())).isEmpty();
    }

    @Test
    void aRoundTripDeliversTheElementsBeforeAnErrorAndThenTheSameError() {
        IllegalStateException boom = new IllegalStateException("boom");
        AsyncStream<Integer> failing = new AsyncStream<>() {
            int next;

            @Override
            public Poll<Integer> pollNext(Context cx) {
                if (next == 3) throw boom;
                return Poll.ready(next++);
            }
        };
        List<Integer> seen = new ArrayList<>();
        assertThatThrownBy(() -> rt.blockOn(roundTrip(failing, 2).forEach(seen::add))).isSameAs(boom);
        assertThat(seen).containsExactly(0, 1, 2);
    }

    @Test
    void cancellingTheOuterStreamCancelsTheSubscriptionAndSoTheSourceStream() {
        CountingStream src = new CountingStream(Long.MAX_VALUE);
        List<Long> first = rt.blockOn(roundTrip(src, 8).take(5).toList());
        assertThat(first).containsExactly(0L, 1L, 2L, 3L, 4L);
        Polls.awaitCondition(() -> src.cancels.get() == 1, RecordingSubscriber.BOUND, "the source stream cancelled");
    }

    @Test
    void manyElementsThroughManyRoundTripsOnTwoWorkersArriveWholeAndInOrder() {
        int pipelines = 8;
        long n = 50_000;
        List<Task<Long>> checks = new ArrayList<>();
        for (int p = 0; p < pipelines; p++) {
            AsyncStream<Long> s = roundTrip(new CountingStream(n), 1 + p * 3); // batches 1, 4, 7, ... 22
            long[] expected = {0};
            Future<Long> check = s.collect(java.util.stream.Collectors.summingLong(x -> {
                if (x != expected[0]) throw new AssertionError("expected " + expected[0] + " got " + x);
                expected[0]++;
                return x;
            }));
            checks.add(rt.spawn(check));
        }
        long sum = LongStream.range(0, n).sum();
        for (Task<Long> t : checks) assertThat(rt.blockOn(t)).isEqualTo(sum);
    }
}
