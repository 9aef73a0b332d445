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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class RaceSelectTest {
    private final CountingWaker w = new CountingWaker();

    @Test
    void raceCancelsEachLoserExactlyOnceAndNeverPollsItAgain() {
        ProbeFuture<String> a = new ProbeFuture<>("a");
        ProbeFuture<String> b = new ProbeFuture<>("b");
        ProbeFuture<String> c = new ProbeFuture<>("c");
        Future<String> r = Future.race(a, b, c);
        assertPending(pollOnce(r, w));
        b.complete("b wins");
        a.wakeLatest();
        assertReady(pollOnce(r, w), "b wins");
        assertThat(a.cancels()).isEqualTo(1);
        assertThat(b.cancels()).isZero();
        assertThat(c.cancels()).isEqualTo(1);
        int aPolls = a.polls();
        int cPolls = c.polls();
        a.complete("late");
        c.wakeLatest();
        assertThat(a.polls()).isEqualTo(aPolls);
        assertThat(c.polls()).isEqualTo(cPolls);
        for (ProbeFuture<String> p : List.of(a, b, c)) p.assertNoMisuse();
        r.cancel(); // the contract forbids it after completion; it must still not reach the children
        assertThat(a.cancels()).isEqualTo(1);
        assertThat(b.cancels()).isZero();
    }

    @Test
    void raceFirstExceptionWinsAndLosersAreCancelled() {
        IllegalStateException boom = new IllegalStateException("boom");
        ProbeFuture<String> a = new ProbeFuture<>("a");
        ProbeFuture<String> b = new ProbeFuture<>("b");
        Future<String> r = Future.race(a, b);
        assertPending(pollOnce(r, w));
        a.fail(boom);
        assertThat(pollThrows(r, w)).isSameAs(boom);
        assertThat(b.cancels()).isEqualTo(1);
        assertThat(a.cancels()).isZero();
        b.assertNoMisuse();
    }

    @Test
    void raceCancelCancelsAllOnce() {
        ProbeFuture<String> a = new ProbeFuture<>("a");
        ProbeFuture<String> b = new ProbeFuture<>("b");
        Future<String> r = Future.race(List.of(a, b));
        assertPending(pollOnce(r, w));
        r.cancel();
        r.cancel();
        assertThat(a.cancels()).isEqualTo(1);
        assertThat(b.cancels()).isEqualTo(1);
    }

    @Test
    void raceUnderAwaitTakesTheReadyOne() {
        ProbeFuture<String> slow = new ProbeFuture<>("slow");
        String s = Weft.await(Future.race(slow, Future.ready("fast")));
        assertThat(s).isEqualTo("fast");
        assertThat(slow.cancels()).isEqualTo(1);
    }

    @Test
    void raceOfNothingIsRejected() {
        assertThatThrownBy(() -> Future.race(List.<Future<String>>of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void selectTellsWhichFinishedAndCancelsTheRest() {
        List<ProbeFuture<Integer>> ps = JoinTest.probes(4);
        Future<Selected<Integer>> s = Future.select(ps);
        assertPending(pollOnce(s, w));
        ps.get(2).complete(22);
        assertReady(pollOnce(s, w), new Selected<>(2, 22));
        for (int i = 0; i < 4; i++) {
            assertThat(ps.get(i).cancels()).isEqualTo(i == 2 ? 0 : 1);
            ps.get(i).assertNoMisuse();
        }
    }

    @Test
    void selectPropagatesTheFirstFailureUnchanged() {
        ArithmeticException ae = new ArithmeticException();
        List<ProbeFuture<Integer>> ps = JoinTest.probes(3);
        ps.get(1).fail(ae);
        assertThat(pollThrows(Future.select(ps), w)).isSameAs(ae);
        assertThat(ps.get(0).cancels()).isEqualTo(1);
        assertThat(ps.get(2).cancels()).isEqualTo(1);
    }

    @Test
    void selectCancelForwardsToAll() {
        List<ProbeFuture<Integer>> ps = JoinTest.probes(3);
        Future<Selected<Integer>> s = Future.select(ps);
        assertPending(pollOnce(s, w));
        s.cancel();
        for (ProbeFuture<Integer> p : ps) assertThat(p.cancels()).isEqualTo(1);
        assertThatThrownBy(() -> Future.select(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
