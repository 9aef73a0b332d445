package dev.weft.future;

import static dev.weft.testkit.Polls.assertEnd;
import static dev.weft.testkit.Polls.assertPending;
import static dev.weft.testkit.Polls.assertReady;
import static dev.weft.testkit.Polls.pollNextOnce;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.testkit.CountingWaker;
import dev.weft.testkit.ProbeFuture;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class FuturesUnorderedTest {
    private final CountingWaker w = new CountingWaker();

    @Test
    void yieldsOutputsInCompletionOrderAndEndsWhenEmpty() {
        FuturesUnordered<String> set = new FuturesUnordered<>();
        ProbeFuture<String> a = new ProbeFuture<>("a");
        ProbeFuture<String> b = new ProbeFuture<>("b");
        set.push(a);
        set.push(b);
        assertThat(set.size()).isEqualTo(2);
        assertPending(pollNextOnce(set, w));
        b.complete("b");
        assertThat(w.takeWakes()).isEqualTo(1);
        assertReady(pollNextOnce(set, w), "b");
        assertPending(pollNextOnce(set, w));
        a.complete("a");
        assertReady(pollNextOnce(set, w), "a");
        assertThat(set.isEmpty()).isTrue();
        assertEnd(pollNextOnce(set, w));
        assertThat(a.polls()).isEqualTo(2);
        assertThat(b.polls()).isEqualTo(2);
        a.assertNoMisuse();
        b.assertNoMisuse();
    }

    @Test
    void onlyWokenChildrenArePolled() {
        FuturesUnordered<Integer> set = new FuturesUnordered<>();
        List<ProbeFuture<Integer>> ps = JoinTest.probes(100);
        ps.forEach(set::push);
        assertPending(pollNextOnce(set, w));
        for (int round = 0; round < 10; round++) {
            ps.get(round * 7).wakeLatest();
            assertPending(pollNextOnce(set, w));
        }
        assertPending(pollNextOnce(set, w));
        assertThat(ps.stream().mapToInt(ProbeFuture::polls).sum()).isEqualTo(110);
    }

    @Test
    void wakesOfOneChildCoalesceAndWakeTheParentOnce() {
        FuturesUnordered<Integer> set = new FuturesUnordered<>();
        ProbeFuture<Integer> a = new ProbeFuture<>("a");
        set.push(a);
        assertPending(pollNextOnce(set, w));
        a.wakeLatest();
        a.wakeLatest();
        a.wakeLatest();
        assertThat(w.wakes()).isEqualTo(1);
        assertPending(pollNextOnce(set, w));
        assertThat(a.polls()).isEqualTo(2);
    }

    @Test
    void theLatestParentWakerIsWoken() {
        FuturesUnordered<Integer> set = new FuturesUnordered<>();
        ProbeFuture<Integer> a = new ProbeFuture<>("a");
        set.push(a);
        assertPending(pollNextOnce(set, w));
        CountingWaker w2 = new CountingWaker();
        assertPending(pollNextOnce(set, w2));
        a.complete(1);
        assertThat(w.wakes()).isZero();
        assertThat(w2.wakes()).isEqualTo(1);
    }

    @Test
    void pushWhileBeingPolledWorks() {
        FuturesUnordered<Integer> set = new FuturesUnordered<>();
        ProbeFuture<Integer> late = new ProbeFuture<>("late");
        set.push(Future.pollFn(cx -> {
            set.push(late);
            set.push(Future.ready(2));
            return Poll.ready(1);
        }));
        assertReady(pollNextOnce(set, w), 1);
        assertReady(pollNextOnce(set, w), 2);
        assertPending(pollNextOnce(set, w));
        assertThat(set.size()).isEqualTo(1);
        late.complete(3);
        assertReady(pollNextOnce(set, w), 3);
        assertEnd(pollNextOnce(set, w));
        late.assertNoMisuse();
    }

    @Test
    void aSelfWakingChildDoesNotMonopoliseOnePoll() {
        FuturesUnordered<Integer> set = new FuturesUnordered<>();
        AtomicInteger spins = new AtomicInteger();
        set.push(Future.pollFn(cx -> {
            spins.incrementAndGet();
            cx.waker().wake();
            return Poll.pending();
        }));
        assertPending(pollNextOnce(set, w));
        assertThat(spins).hasValue(1);
        // one wake forwarded from the child's own wake, one from the set giving the thread back
        assertThat(w.takeWakes()).as("the set asks to be polled again").isEqualTo(2);
        assertPending(pollNextOnce(set, w));
        assertThat(spins).hasValue(2);
        set.cancel();
    }

    @Test
    void cancelCancelsEveryRemainingChildExactlyOnce() {
        FuturesUnordered<Integer> set = new FuturesUnordered<>();
        List<ProbeFuture<Integer>> ps = JoinTest.probes(5);
        ps.forEach(set::push);
        ps.get(1).complete(1);
        assertReady(pollNextOnce(set, w), 1);
        set.cancel();
        set.cancel();
        for (int i = 0; i < 5; i++) assertThat(ps.get(i).cancels()).isEqualTo(i == 1 ? 0 : 1);
        ps.get(0).complete(0);
        assertThat(w.wakes()).as("a cancelled child's wake reaches nobody").isZero();
        assertEnd(pollNextOnce(set, w));
        for (ProbeFuture<Integer> p : ps) p.assertNoMisuse();
    }

    @Test
    void aFailingChildCancelsTheOthersAndEndsTheSet() {
        FuturesUnordered<Integer> set = new FuturesUnordered<>();
        List<ProbeFuture<Integer>> ps = JoinTest.probes(3);
        ps.forEach(set::push);
        assertPending(pollNextOnce(set, w));
        IllegalStateException boom = new IllegalStateException();
        ps.get(1).fail(boom);
        assertThatThrownBy(() -> set.pollNext(w.context())).isSameAs(boom);
        assertThat(ps.get(0).cancels()).isEqualTo(1);
        assertThat(ps.get(2).cancels()).isEqualTo(1);
        assertThat(set.isEmpty()).isTrue();
    }

    @Test
    void cancelKeepsGoingWhenOneChildsCancelThrows() {
        FuturesUnordered<Integer> set = new FuturesUnordered<>();
        ProbeFuture<Integer> a = new ProbeFuture<Integer>("a").onCancel(() -> { throw new IllegalStateException("a"); });
        ProbeFuture<Integer> b = new ProbeFuture<>("b");
        set.push(a);
        set.push(b);
        assertThatThrownBy(set::cancel).isInstanceOf(IllegalStateException.class).hasMessage("a");
        assertThat(a.cancels()).isEqualTo(1);
        assertThat(b.cancels()).isEqualTo(1);
    }

    @Test
    void nextAsAFutureIsCancelSafe() {
        FuturesUnordered<Integer> set = new FuturesUnordered<>();
        ProbeFuture<Integer> a = new ProbeFuture<>("a");
        set.push(a);
        Future<Optional<Integer>> next = set.next();
        assertPending(dev.weft.testkit.Polls.pollOnce(next, w));
        next.cancel();
        assertThat(a.cancels()).isZero();
        a.complete(4);
        Optional<Integer> got = Weft.await(set.next());
        assertThat(got).contains(4);
    }

    /**
     * Children completed from many threads while the set is driven by blockOn: every output arrives
     * exactly once, no child is polled concurrently or after it finished.
     */
    @Test
    void wakesFromManyThreadsAreNeverLost() throws Exception {
        int rounds = Boolean.getBoolean("weft.stress") ? 2000 : 200;
        int children = 32;
        for (int r = 0; r < rounds; r++) {
            FuturesUnordered<Integer> set = new FuturesUnordered<>();
            List<ProbeFuture<Integer>> ps = JoinTest.probes(children);
            ps.forEach(set::push);
            List<Thread> ts = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int from = t;
                ts.add(Thread.ofPlatform().start(() -> {
                    for (int i = from; i < children; i += 4) {
                        ps.get(i).wakeLatest();
                        if (ThreadLocalRandom.current().nextBoolean()) Thread.yield();
                        ps.get(i).complete(i);
                    }
                }));
            }
            Set<Integer> seen = new HashSet<>();
            for (int i = 0; i < children; i++) {
                Optional<Integer> o = Weft.await(set.next());
                assertThat(o).isPresent();
                assertThat(seen.add(o.get())).isTrue();
            }
            for (Thread t : ts) t.join();
            assertThat(Weft.await(set.next())).isEmpty();
            for (ProbeFuture<Integer> p : ps) p.assertNoMisuse();
        }
    }
}
