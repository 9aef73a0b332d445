package dev.weft.future;

import static dev.weft.testkit.Polls.assertPending;
import static dev.weft.testkit.Polls.assertReady;
import static dev.weft.testkit.Polls.pollOnce;
import static dev.weft.testkit.Polls.pollThrows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.testkit.CountingWaker;
import dev.weft.testkit.ProbeFuture;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class BasicCombinatorsTest {
    private final CountingWaker w = new CountingWaker();

    @Test
    void pendingIsNeverReadyAndNeverWakes() {
        Future<String> f = Future.pending();
        for (int i = 0; i < 3; i++) assertPending(pollOnce(f, w));
        assertThat(w.wakes()).isZero();
    }

    @Test
    void pollFnCallsTheFunctionOnEachPollWithTheContext() {
        AtomicInteger calls = new AtomicInteger();
        Future<Integer> f = Future.pollFn(cx -> {
            cx.waker().wake();
            return calls.incrementAndGet() == 3 ? Poll.ready(3) : Poll.pending();
        });
        assertPending(pollOnce(f, w));
        assertPending(pollOnce(f, w));
        assertReady(pollOnce(f, w), 3);
        assertThat(w.wakes()).isEqualTo(3);
    }

    @Test
    void lazyRunsTheSupplierOnlyOnFirstPoll() {
        AtomicInteger made = new AtomicInteger();
        ProbeFuture<Integer> inner = new ProbeFuture<>("inner");
        Future<Integer> f = Future.lazy(() -> {
            made.incrementAndGet();
            return inner;
        });
        assertThat(made).hasValue(0);
        assertPending(pollOnce(f, w));
        assertPending(pollOnce(f, w));
        assertThat(made).hasValue(1);
        inner.complete(5);
        assertReady(pollOnce(f, w), 5);
        assertThat(inner.polls()).isEqualTo(3);
    }

    @Test
    void lazyCancelCancelsTheMadeFutureOnceAndNotBeforeItWasMade() {
        AtomicInteger made = new AtomicInteger();
        Future<Integer> never = Future.lazy(() -> {
            made.incrementAndGet();
            return Future.pending();
        });
        never.cancel();
        assertThat(made).hasValue(0);

        ProbeFuture<Integer> inner = new ProbeFuture<>("inner");
        Future<Integer> f = Future.lazy(() -> inner);
        assertPending(pollOnce(f, w));
        f.cancel();
        assertThat(inner.cancels()).isEqualTo(1);
    }

    @Test
    void mapAppliesTheFunctionOnceWhenReady() {
        ProbeFuture<Integer> inner = new ProbeFuture<>("inner");
        AtomicInteger applied = new AtomicInteger();
        Future<String> f = inner.map(x -> {
            applied.incrementAndGet();
            return "v" + x;
        });
        assertPending(pollOnce(f, w));
        assertThat(applied).hasValue(0);
        inner.complete(7);
        assertThat(w.wakes()).isEqualTo(1);
        assertReady(pollOnce(f, w), "v7");
        assertThat(applied).hasValue(1);
        assertThatThrownBy(() -> f.poll(w.context())).isInstanceOf(IllegalStateException.class);
        assertThat(inner.polls()).isEqualTo(2);
        inner.assertNoMisuse();
    }

    @Test
    void mapCancelForwardsOnce() {
        ProbeFuture<Integer> inner = new ProbeFuture<>("inner");
        Future<Integer> f = inner.map(x -> x + 1);
        assertPending(pollOnce(f, w));
        f.cancel();
        f.cancel();
        assertThat(inner.cancels()).isEqualTo(1);
    }

    @Test
    void thenRunsTheSecondFutureAfterTheFirst() {
        ProbeFuture<Integer> a = new ProbeFuture<>("a");
        ProbeFuture<String> b = new ProbeFuture<>("b");
        Future<String> f = a.then(x -> {
            assertThat(x).isEqualTo(1);
            return b;
        });
        assertPending(pollOnce(f, w));
        a.complete(1);
        assertPending(pollOnce(f, w));
        assertThat(b.polls()).isEqualTo(1);
        b.complete("two");
        assertReady(pollOnce(f, w), "two");
        assertThat(a.polls()).isEqualTo(2);
        assertThat(b.polls()).isEqualTo(2);
        a.assertNoMisuse();
        b.assertNoMisuse();
    }

    @Test
    void thenCancelCancelsOnlyTheRunningFuture() {
        ProbeFuture<Integer> a = new ProbeFuture<>("a");
        ProbeFuture<String> b = new ProbeFuture<>("b");
        Future<String> first = a.then(x -> b);
        assertPending(pollOnce(first, w));
        first.cancel();
        assertThat(a.cancels()).isEqualTo(1);
        assertThat(b.polls()).isZero();

        ProbeFuture<Integer> c = new ProbeFuture<>("c");
        ProbeFuture<String> d = new ProbeFuture<>("d");
        Future<String> second = c.then(x -> d);
        c.complete(0);
        assertPending(pollOnce(second, w));
        second.cancel();
        assertThat(c.cancels()).isZero();
        assertThat(d.cancels()).isEqualTo(1);
    }

    @Test
    void chainOfTenMapAndThenGivesTheRightValue() {
        Future<Integer> f = Future.ready(0);
        for (int i = 0; i < 5; i++) f = f.map(x -> x + 1).then(x -> Future.ready(x * 2));
        assertThat(Weft.await(f)).isEqualTo(62);
    }

    @Test
    void yieldNowReturnsPendingOnceAndWakesItself() {
        Future<Void> y = Future.yieldNow();
        assertPending(pollOnce(y, w));
        assertThat(w.wakes()).isEqualTo(1);
        assertReady(pollOnce(y, w), null);
        assertThat(w.wakes()).isEqualTo(1);
    }

    @Test
    void yieldNowCompletesUnderBlockOn() {
        String s = Weft.blockOn(Future.yieldNow().map(v -> "after"));
        assertThat(s).isEqualTo("after");
    }

    @Test
    void uncheckedExceptionPropagatesAsTheSameObject() {
        IllegalStateException boom = new IllegalStateException("boom");
        Future<Integer> f = Future.<Integer>pollFn(cx -> { throw boom; }).map(x -> x + 1).then(Future::ready);
        assertThat(pollThrows(f, w)).isSameAs(boom);
        Future<Integer> g = Future.<Integer>pollFn(cx -> { throw boom; }).map(x -> x + 1);
        assertThatThrownBy(() -> Weft.await(g)).isSameAs(boom);
    }

    @Test
    void checkedExceptionArrivesWrappedWithTheOriginalCause() {
        IOException io = new IOException("disk");
        ProbeFuture<Integer> p = new ProbeFuture<>("p");
        p.fail(io);
        Future<Integer> f = p.map(x -> x + 1);
        assertThatThrownBy(() -> Weft.await(f)).isSameAs(io);
        ProbeFuture<Integer> q = new ProbeFuture<>("q");
        q.fail(io);
        assertThatThrownBy(() -> Weft.blockOn(q.then(Future::ready))).isSameAs(io);
    }

    @Test
    void exceptionFromMapFunctionPropagates() {
        ArithmeticException ae = new ArithmeticException("div");
        Future<Integer> f = Future.ready(1).map(x -> { throw ae; });
        assertThat(pollThrows(f, w)).isSameAs(ae);
    }

    @Test
    void catchingRecoversTheMatchingTypeOnly() {
        ProbeFuture<Integer> p = new ProbeFuture<>("p");
        p.fail(new IOException("x"));
        Future<Integer> f = p.catching(IOException.class, e -> -1);
        assertReady(pollOnce(f, w), -1);

        IllegalStateException ise = new IllegalStateException("other");
        Future<Integer> g = Future.<Integer>pollFn(cx -> { throw ise; }).catching(IOException.class, e -> -1);
        assertThat(pollThrows(g, w)).isSameAs(ise);

        Future<Integer> h = Future.<Integer>pollFn(cx -> { throw ise; }).recover(t -> t == ise ? 9 : 0);
        assertReady(pollOnce(h, w), 9);
    }

    @Test
    void catchingPassesValuesAndCancelThrough() {
        ProbeFuture<Integer> p = new ProbeFuture<>("p");
        Future<Integer> f = p.catching(RuntimeException.class, e -> -1);
        assertPending(pollOnce(f, w));
        p.complete(3);
        assertReady(pollOnce(f, w), 3);

        ProbeFuture<Integer> q = new ProbeFuture<>("q");
        Future<Integer> g = q.recover(e -> -1);
        assertPending(pollOnce(g, w));
        g.cancel();
        assertThat(q.cancels()).isEqualTo(1);
    }
}
