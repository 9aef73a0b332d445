package dev.weft.future;

import static dev.weft.testkit.Polls.assertEnd;
import static dev.weft.testkit.Polls.assertPending;
import static dev.weft.testkit.Polls.assertReady;
import static dev.weft.testkit.Polls.pollNextOnce;
import static dev.weft.testkit.Polls.pollOnce;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.testkit.CountingWaker;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class AsyncStreamCombinatorsTest {
    private final CountingWaker w = new CountingWaker();

    /** A stream of 0, 1, 2, ... up to {@code end} (exclusive) that is pending before each element. */
    static final class Stepping implements AsyncStream<Integer> {
        final int end;
        int next;
        boolean armed;
        int cancels;
        int pollsAfterCancel;

        Stepping(int end) {
            this.end = end;
        }

        @Override
        public Poll<Integer> pollNext(Context cx) {
            if (cancels > 0) pollsAfterCancel++;
            if (next == end) return AsyncStream.end();
            if (!armed) {
                armed = true;
                cx.waker().wake();
                return Poll.pending();
            }
            armed = false;
            return Poll.ready(next++);
        }

        @Override
        public void cancel() {
            cancels++;
        }
    }

    @Test
    void fromIterableGivesEveryElementThenEnds() {
        AsyncStream<String> s = AsyncStream.fromIterable(List.of("a", "b"));
        assertReady(pollNextOnce(s, w), "a");
        assertReady(pollNextOnce(s, w), "b");
        assertEnd(pollNextOnce(s, w));
        assertEnd(pollNextOnce(s, w));
    }

    @Test
    void mapFilterTakeCompose() {
        AsyncStream<String> s = AsyncStream.fromIterable(List.of(1, 2, 3, 4, 5, 6)).filter(i -> i % 2 == 0).map(i -> "#" + i).take(2);
        List<String> out = Weft.await(s.toList());
        assertThat(out).containsExactly("#2", "#4");
    }

    @Test
    void adaptersPassPendingThrough() {
        Stepping src = new Stepping(3);
        AsyncStream<Integer> s = src.map(i -> i * 10);
        assertPending(pollNextOnce(s, w));
        assertThat(w.takeWakes()).isEqualTo(1);
        assertReady(pollNextOnce(s, w), 0);
        List<Integer> rest = Weft.await(s.toList());
        assertThat(rest).containsExactly(10, 20);
    }

    @Test
    void takeCancelsTheSourceOnceItHasEnoughAndNeverPollsItAgain() {
        Stepping src = new Stepping(100);
        AsyncStream<Integer> s = src.take(2);
        List<Integer> out = Weft.await(s.toList());
        assertThat(out).containsExactly(0, 1);
        assertThat(src.cancels).isEqualTo(1);
        assertEnd(pollNextOnce(s, w));
        s.cancel();
        assertThat(src.cancels).isEqualTo(1);
        assertThat(src.pollsAfterCancel).isZero();
    }

    @Test
    void takeZeroCancelsWithoutPolling() {
        Stepping src = new Stepping(5);
        assertEnd(pollNextOnce(src.take(0), w));
        assertThat(src.cancels).isEqualTo(1);
        assertThat(src.next).isZero();
        assertThatThrownBy(() -> src.take(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void takeOfAShortStreamDoesNotCancelIt() {
        Stepping src = new Stepping(1);
        List<Integer> out = Weft.await(src.take(5).toList());
        assertThat(out).containsExactly(0);
        assertThat(src.cancels).isZero();
    }

    @Test
    void cancelOfAdaptersReachesTheSourceOnce() {
        for (java.util.function.Function<AsyncStream<Integer>, AsyncStream<Integer>> adapt : List.<java.util.function.Function<AsyncStream<Integer>, AsyncStream<Integer>>>of(
                x -> x.map(i -> i), x -> x.filter(i -> true), x -> x.take(10))) {
            Stepping src = new Stepping(5);
            AsyncStream<Integer> s = adapt.apply(src);
            assertPending(pollNextOnce(s, w));
            s.cancel();
            s.cancel();
            assertThat(src.cancels).isEqualTo(1);
        }
    }

    @Test
    void forEachSeesEveryElementAndCompletesAtTheEnd() {
        List<Integer> seen = new ArrayList<>();
        Future<Void> f = new Stepping(3).forEach(seen::add);
        int pendings = 0;
        while (pollOnce(f, w).isPending()) pendings++;
        assertThat(seen).containsExactly(0, 1, 2);
        assertThat(pendings).isEqualTo(3);
        assertThat(w.wakes()).isEqualTo(3);
    }

    @Test
    void forEachAndCollectCancelForwardToTheStream() {
        Stepping a = new Stepping(3);
        Future<Void> f = a.forEach(x -> {});
        assertPending(pollOnce(f, w));
        f.cancel();
        assertThat(a.cancels).isEqualTo(1);
        Stepping b = new Stepping(3);
        Future<List<Integer>> g = b.toList();
        assertPending(pollOnce(g, w));
        g.cancel();
        assertThat(b.cancels).isEqualTo(1);
    }

    @Test
    void collectWithACollector() {
        String s = Weft.await(AsyncStream.fromIterable(List.of("a", "b", "c")).collect(Collectors.joining(",")));
        assertThat(s).isEqualTo("a,b,c");
    }

    @Test
    void streamExceptionPropagatesUnchanged() {
        IllegalStateException boom = new IllegalStateException();
        AsyncStream<Integer> bad = cx -> { throw boom; };
        assertThatThrownBy(() -> Weft.await(bad.map(i -> i).filter(i -> true).take(3).toList())).isSameAs(boom);
        AtomicInteger calls = new AtomicInteger();
        assertThatThrownBy(() -> Weft.await(bad.forEach(x -> calls.incrementAndGet()))).isSameAs(boom);
        assertThat(calls).hasValue(0);
    }

    @Test
    void nextBorrowsTheStreamAndIsCancelSafe() {
        Stepping src = new Stepping(2);
        Future<Optional<Integer>> n = src.next();
        assertPending(pollOnce(n, w));
        n.cancel();
        assertThat(src.cancels).isZero();
        assertThat(Weft.await(src.next())).contains(0);
        assertThat(Weft.await(src.next())).contains(1);
        assertThat(Weft.await(src.next())).isEmpty();
    }

    @Test
    void nextOrNullGivesEachElementThenNullAndBorrowsTheStream() {
        Stepping src = new Stepping(2);
        Future<Integer> n = src.nextOrNull();
        assertPending(pollOnce(n, w));
        n.cancel();
        assertThat(src.cancels).isZero();
        assertThat(Weft.await(src.nextOrNull())).isEqualTo(0);
        assertThat(Weft.await(src.nextOrNull())).isEqualTo(1);
        assertThat(Weft.await(src.nextOrNull())).isNull();
        assertThat(Weft.await(src.nextOrNull())).isNull();
        assertThatThrownBy(() -> Weft.await(new AnswersNull().nextOrNull()))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("AnswersNull answered a null element");
    }

    @Test
    void aThrowingUserFunctionCancelsTheAbandonedSourceOnce() {
        IllegalArgumentException bad = new IllegalArgumentException();
        Stepping a = new Stepping(5);
        assertThatThrownBy(() -> Weft.await(a.map(i -> { if (i == 1) throw bad; return i; }).toList())).isSameAs(bad);
        Stepping b = new Stepping(5);
        assertThatThrownBy(() -> Weft.await(b.filter(i -> { if (i == 2) throw bad; return true; }).toList())).isSameAs(bad);
        Stepping c = new Stepping(5);
        assertThatThrownBy(() -> Weft.await(c.forEach(i -> { if (i == 0) throw bad; }))).isSameAs(bad);
        Stepping d = new Stepping(5);
        assertThatThrownBy(() -> Weft.await(d.collect(Collectors.<Integer, List<Integer>>toCollection(() -> new ArrayList<>() {
            @Override
            public boolean add(Integer i) {
                if (i == 3) throw bad;
                return super.add(i);
            }
        })))).isSameAs(bad);
        for (Stepping s : List.of(a, b, c, d)) {
            assertThat(s.cancels).isEqualTo(1);
            assertThat(s.pollsAfterCancel).isZero();
        }
    }

    /** A stream whose first answer is {@code Poll.ready(null)}: a bug, which no consumer may read as the end. */
    static final class AnswersNull implements AsyncStream<Integer> {
        int cancels;

        @Override
        public Poll<Integer> pollNext(Context cx) {
            return Poll.ready(null);
        }

        @Override
        public void cancel() {
            cancels++;
        }

        @Override
        public String toString() {
            return "AnswersNull";
        }
    }

    @Test
    void theEndIsOneSharedPollThatIsNeitherReadyNorPendingAndHasNoValue() {
        assertThat(AsyncStream.<String>end()).isSameAs(AsyncStream.<Integer>end()).isInstanceOf(Poll.End.class);
        assertThat(AsyncStream.end().isReady()).isFalse();
        assertThat(AsyncStream.end().isPending()).isFalse();
        assertThatThrownBy(() -> AsyncStream.end().value()).isInstanceOf(NoSuchElementException.class)
                .hasMessage("the end of a stream has no value");
        assertThat(AsyncStream.isEnd(AsyncStream.end())).isTrue();
        assertThat(AsyncStream.isEnd(Poll.ready(null))).isFalse();
        assertThat(AsyncStream.isEnd(new Poll.Ready<>(null))).isFalse();
        assertThat(AsyncStream.isEnd(Poll.pending())).isFalse();
        assertThat(AsyncStream.<Object>end()).isNotEqualTo(Poll.ready(null));
        assertThat(Poll.ready(null)).isNotEqualTo(AsyncStream.end());
        assertThat(Poll.ready(null)).isEqualTo(new Poll.Ready<>(null));
        assertThat(Poll.ready("x")).isEqualTo(Poll.ready("x")).hasSameHashCodeAs(Poll.ready("x"));
        assertThat(AsyncStream.end()).hasToString("AsyncStream.end()");
    }

    /** A loop matching {@code Poll.Ready(var line)} reads the elements, never the end as a null. */
    @Test
    void aReadyPatternNeverReadsTheEndAsAnElement() throws Exception {
        AsyncStream<String> s = AsyncStream.fromIterable(List.of("a", "b"));
        List<String> read = new ArrayList<>();
        for (int i = 0; i < 4; i++) { // two elements, then the end twice
            if (s.pollNext(Context.noop()) instanceof Poll.Ready<String>(var line)) read.add(line);
        }
        assertThat(read).containsExactly("a", "b");
    }

    @Test
    void anExhaustiveSwitchOverPollHasACaseForTheEnd() throws Exception {
        AsyncStream<Integer> s = new Stepping(1);
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            seen.add(switch (s.pollNext(w.context())) {
                case Poll.Ready<Integer>(var n) -> "element " + n;
                case Poll.Pending<Integer> pending -> "pending";
                case Poll.End<Integer> end -> "end";
            });
        }
        assertThat(seen).containsExactly("pending", "element 0", "end", "end");
    }

    @Test
    void aNullElementFailsEveryConsumerWithAnNpeNamingTheStreamAndCancelsIt() {
        List<java.util.function.Function<AsyncStream<Integer>, Future<?>>> owners = List.of(
                x -> x.forEach(i -> {}),
                AsyncStream::toList,
                x -> x.map(i -> i).toList(),
                x -> x.filter(i -> true).toList(),
                x -> x.take(3).toList());
        for (var consume : owners) {
            AnswersNull src = new AnswersNull();
            assertThatThrownBy(() -> Weft.await(consume.apply(src)))
                    .isInstanceOf(NullPointerException.class)
                    .hasMessageContaining("AnswersNull answered a null element");
            assertThat(src.cancels).as("the abandoned stream is cancelled once").isEqualTo(1);
        }
        AnswersNull borrowed = new AnswersNull();
        assertThatThrownBy(() -> Weft.await(borrowed.next()))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("AnswersNull answered a null element");
        assertThat(borrowed.cancels).as("next() borrows the stream: its owner cancels it").isZero();
    }

    @Test
    void fromIterableWithANullElementFailsInsteadOfEnding() {
        AsyncStream<String> s = AsyncStream.fromIterable(java.util.Arrays.asList("a", null, "b"));
        assertReady(pollNextOnce(s, w), "a");
        assertThatThrownBy(() -> s.pollNext(w.context())).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("AsyncStream.fromIterable([a, null, b]) holds a null element");
    }

    @Test
    void aMapFunctionAnsweringNullFailsAndCancelsTheSource() {
        Stepping src = new Stepping(3);
        assertThatThrownBy(() -> Weft.await(src.map(i -> (String) null).toList()))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("the function answered null for 0");
        assertThat(src.cancels).isEqualTo(1);
    }
}
