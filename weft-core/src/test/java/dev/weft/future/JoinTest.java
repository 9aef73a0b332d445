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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class JoinTest {
    private final CountingWaker w = new CountingWaker();

    @Test
    void joinCompletesWithBothOutputsAndPollsNeitherAfterItsEnd() {
        ProbeFuture<Integer> a = new ProbeFuture<>("a");
        ProbeFuture<String> b = new ProbeFuture<>("b");
        Future<Pair<Integer, String>> j = Future.join(a, b);
        assertPending(pollOnce(j, w));
        a.complete(1);
        assertThat(w.takeWakes()).isEqualTo(1);
        assertPending(pollOnce(j, w));
        b.complete("x");
        assertThat(w.takeWakes()).isEqualTo(1);
        assertReady(pollOnce(j, w), new Pair<>(1, "x"));
        assertThat(a.polls()).isEqualTo(2);
        assertThat(b.polls()).isEqualTo(3);
        a.assertNoMisuse();
        b.assertNoMisuse();
    }

    @Test
    void joinOfReadyFuturesUnderAwait() {
        Pair<Integer, Integer> p = Weft.await(Future.join(Future.ready(1), Future.ready(2)));
        assertThat(p).isEqualTo(new Pair<>(1, 2));
    }

    @Test
    void joinCancelsTheOtherWhenOneFails() {
        IllegalStateException boom = new IllegalStateException("boom");
        ProbeFuture<Integer> a = new ProbeFuture<>("a");
        ProbeFuture<Integer> b = new ProbeFuture<>("b");
        Future<Pair<Integer, Integer>> j = Future.join(a, b);
        assertPending(pollOnce(j, w));
        b.fail(boom);
        assertThat(pollThrows(j, w)).isSameAs(boom);
        assertThat(a.cancels()).isEqualTo(1);
        assertThat(b.cancels()).isZero();
        assertThat(a.polls()).isEqualTo(2);
        a.assertNoMisuse();

        ProbeFuture<Integer> c = new ProbeFuture<>("c");
        ProbeFuture<Integer> d = new ProbeFuture<>("d");
        c.fail(boom);
        assertThat(pollThrows(Future.join(c, d), w)).isSameAs(boom);
        assertThat(d.cancels()).isEqualTo(1);
        assertThat(d.polls()).as("d is never polled once c failed").isZero();
    }

    @Test
    void joinDoesNotCancelAChildThatAlreadyCompleted() {
        ProbeFuture<Integer> a = new ProbeFuture<>("a");
        ProbeFuture<Integer> b = new ProbeFuture<>("b");
        a.complete(1);
        Future<Pair<Integer, Integer>> j = Future.join(a, b);
        assertPending(pollOnce(j, w));
        b.fail(new IllegalArgumentException());
        assertThat(pollThrows(j, w)).isInstanceOf(IllegalArgumentException.class);
        assertThat(a.cancels()).isZero();
        a.assertNoMisuse();
    }

    @Test
    void joinCancelCancelsEachUnfinishedChildOnce() {
        ProbeFuture<Integer> a = new ProbeFuture<>("a");
        ProbeFuture<Integer> b = new ProbeFuture<>("b");
        Future<Pair<Integer, Integer>> j = Future.join(a, b);
        a.complete(1);
        assertPending(pollOnce(j, w));
        j.cancel();
        j.cancel();
        assertThat(a.cancels()).isZero();
        assertThat(b.cancels()).isEqualTo(1);
    }

    @Test
    void joinAllKeepsListOrderWhateverTheCompletionOrder() {
        List<ProbeFuture<Integer>> ps = probes(5);
        Future<List<Integer>> j = Future.joinAll(ps);
        assertPending(pollOnce(j, w));
        for (int i : new int[] {3, 0, 4, 1}) {
            ps.get(i).complete(i * 10);
            assertPending(pollOnce(j, w));
        }
        ps.get(2).complete(null);
        assertReady(pollOnce(j, w), java.util.Arrays.asList(0, 10, null, 30, 40));
        for (ProbeFuture<Integer> p : ps) {
            assertThat(p.polls()).as("%s polled only when woken", p).isEqualTo(2);
            p.assertNoMisuse();
        }
    }

    @Test
    void joinAllPollsOnlyWokenChildren() {
        List<ProbeFuture<Integer>> ps = probes(1000);
        Future<List<Integer>> j = Future.joinAll(ps);
        assertPending(pollOnce(j, w));
        ps.get(500).complete(5);
        assertPending(pollOnce(j, w));
        int total = ps.stream().mapToInt(ProbeFuture::polls).sum();
        assertThat(total).isEqualTo(1001);
        assertThat(ps.get(500).polls()).isEqualTo(2);
        j.cancel();
        for (int i = 0; i < ps.size(); i++) assertThat(ps.get(i).cancels()).isEqualTo(i == 500 ? 0 : 1);
    }

    @Test
    void joinAllOfNothingIsReadyWithEmptyList() {
        assertReady(pollOnce(Future.<Integer>joinAll(List.of()), w), List.of());
    }

    @Test
    void joinAllCancelsTheOthersExactlyOnceWhenOneFailsAndNeverPollsThemAgain() {
        IOException io = new IOException("io");
        List<ProbeFuture<Integer>> ps = probes(4);
        Future<List<Integer>> j = Future.joinAll(ps);
        assertPending(pollOnce(j, w));
        ps.get(0).complete(0);
        ps.get(2).fail(io);
        ps.get(3).wakeLatest();
        assertThat(pollThrows(j, w)).isSameAs(io);
        assertThat(ps.get(0).cancels()).isZero();
        assertThat(ps.get(1).cancels()).isEqualTo(1);
        assertThat(ps.get(2).cancels()).isZero();
        assertThat(ps.get(3).cancels()).isEqualTo(1);
        ps.get(1).complete(1);
        ps.get(3).complete(3);
        for (ProbeFuture<Integer> p : ps) p.assertNoMisuse();
        assertThat(ps.get(1).polls()).isEqualTo(1);
    }

    @Test
    void joinAllFailureReachesAwaitWithOriginalCause() {
        IOException io = new IOException("io");
        ProbeFuture<Integer> bad = new ProbeFuture<>("bad");
        bad.fail(io);
        ProbeFuture<Integer> slow = new ProbeFuture<>("slow");
        assertThatThrownBy(() -> Weft.await(Future.joinAll(List.of(slow, bad))))
                .isSameAs(io);
        assertThat(slow.cancels()).isEqualTo(1);
    }

    @Test
    void joinAllCompletesWhenChildrenAreWokenFromOtherThreads() {
        List<ProbeFuture<Integer>> ps = probes(50);
        List<Thread> threads = new ArrayList<>();
        for (ProbeFuture<Integer> p : ps) {
            int v = ps.indexOf(p);
            threads.add(Thread.ofPlatform().start(() -> p.complete(v)));
        }
        List<Integer> out = Weft.await(Future.joinAll(ps));
        assertThat(out).containsExactlyElementsOf(IntStream.range(0, 50).boxed().toList());
        for (ProbeFuture<Integer> p : ps) p.assertNoMisuse();
    }

    static List<ProbeFuture<Integer>> probes(int n) {
        List<ProbeFuture<Integer>> ps = new ArrayList<>();
        for (int i = 0; i < n; i++) ps.add(new ProbeFuture<>("p" + i));
        return ps;
    }
}
