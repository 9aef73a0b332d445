package dev.weft.test.time;

import static dev.weft.test.time.SleepSimTest.advance;
import static dev.weft.test.time.SleepSimTest.ms;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.sim.SimRuntime;
import dev.weft.test.CountingWaker;
import dev.weft.test.Polls;
import dev.weft.test.ProbeFuture;
import dev.weft.test.WeftTest;
import dev.weft.time.Time;
import dev.weft.time.Timeout;
import java.io.IOException;
import java.util.concurrent.TimeoutException;

/**
 * {@link Timeout} polled by hand on a simulation's virtual clock, around a {@link ProbeFuture}
 * that counts its polls and cancels (moved from weft-core's TimeoutTest, which drove a ManualClock
 * and a bare timer wheel, with a hand-written probe).
 */
class TimeoutSimTest {

    /*
     * Checked that it can fail: with the inner.cancel() removed from Timeout.poll's time-out path,
     * inner.cancels() stays 0 here (and in zeroTimeoutStillPollsTheInnerFutureOnce): both fail.
     */
    @WeftTest
    void timeRunningOutCancelsTheInnerFutureExactlyOnceAndThrowsTimeoutException(SimRuntime sim) {
        ProbeFuture<String> inner = new ProbeFuture<>("inner");
        Timeout<String> t = Time.timeout(inner, ms(10));
        CountingWaker w = new CountingWaker();
        Polls.assertPending(t, w);
        advance(ms(10));
        assertThat(w.count()).isEqualTo(1);
        assertThat(Polls.assertThrows(t, w)).isInstanceOf(TimeoutException.class);
        assertThat(inner.cancels()).isEqualTo(1);
        t.cancel(); // the owner may still cancel: nothing more happens
        assertThat(inner.cancels()).isEqualTo(1);
        assertThat(inner.polls()).isEqualTo(2);
        assertThat(sim.pendingTimers()).isZero();
        inner.assertNoMisuse();
    }

    @WeftTest
    void innerCompletingFirstIsNotCancelledAndRemovesTheTimer(SimRuntime sim) {
        ProbeFuture<String> inner = new ProbeFuture<>("inner");
        Timeout<String> t = Time.timeout(inner, ms(10));
        CountingWaker w = new CountingWaker();
        Polls.assertPending(t, w);
        assertThat(sim.pendingTimers()).isEqualTo(1);
        inner.complete("done");
        assertThat(Polls.assertReady(t, w)).isEqualTo("done");
        assertThat(inner.cancels()).isZero();
        assertThat(sim.pendingTimers()).isZero();
    }

    @WeftTest
    void innerReadyAtTheDeadlineWins() {
        ProbeFuture<String> inner = new ProbeFuture<>("inner");
        Timeout<String> t = Time.timeout(inner, ms(10));
        CountingWaker w = new CountingWaker();
        Polls.assertPending(t, w);
        advance(ms(20));
        inner.complete("just in time");
        assertThat(Polls.assertReady(t, w)).isEqualTo("just in time");
        assertThat(inner.cancels()).isZero();
    }

    @WeftTest
    void innerFailureIsThrownAsIsAndRemovesTheTimer(SimRuntime sim) {
        ProbeFuture<String> inner = new ProbeFuture<>("inner");
        IOException io = new IOException("io");
        inner.fail(io);
        Timeout<String> t = Time.timeout(inner, ms(10));
        assertThat(Polls.assertThrows(t, new CountingWaker())).isSameAs(io);
        assertThat(inner.cancels()).isZero();
        assertThat(sim.pendingTimers()).isZero();
    }

    @WeftTest
    void cancellingTheTimeoutCancelsInnerOnceAndRemovesTheTimer(SimRuntime sim) {
        ProbeFuture<String> inner = new ProbeFuture<>("inner");
        Timeout<String> t = Time.timeout(inner, ms(10));
        Polls.assertPending(t);
        t.cancel();
        assertThat(inner.cancels()).isEqualTo(1);
        assertThat(sim.pendingTimers()).isZero();
    }

    @WeftTest
    void zeroTimeoutStillPollsTheInnerFutureOnce() {
        ProbeFuture<String> ready = new ProbeFuture<>("ready");
        ready.complete("ready");
        assertThat(Polls.assertReady(Time.timeout(ready, ms(0)))).isEqualTo("ready");
        ProbeFuture<String> slow = new ProbeFuture<>("slow");
        assertThat(Polls.assertThrows(Time.timeout(slow, ms(0)), new CountingWaker()))
                .isInstanceOf(TimeoutException.class);
        assertThat(slow.polls()).isEqualTo(1);
        assertThat(slow.cancels()).isEqualTo(1);
    }
}
