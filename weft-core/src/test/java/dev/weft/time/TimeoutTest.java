package dev.weft.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.time.ManualClock;
import dev.weft.time.internal.Timers;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

@org.junit.jupiter.api.Timeout(30)
class TimeoutTest {
    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(0);
    private final Timers timers = new Timers(clock, () -> {});

    /** A future that is pending until told otherwise, counting polls and cancels. */
    private static final class Probe implements Future<String> {
        int polls;
        int cancels;
        String value;
        Exception failure;

        @Override
        public Poll<String> poll(Context cx) throws Exception {
            polls++;
            if (failure != null) throw failure;
            return value == null ? Poll.pending() : Poll.ready(value);
        }

        @Override
        public void cancel() {
            cancels++;
        }
    }

    private <T> Timeout<T> timeoutMs(Future<T> inner, long ms) {
        return new Timeout<>(inner, new Sleep(timers, clock.nanoTime() + ms * MS), ms * MS);
    }

    @Test
    void timeRunningOutCancelsTheInnerFutureExactlyOnceAndThrowsTimeoutException() throws Exception {
        Probe inner = new Probe();
        Timeout<String> t = timeoutMs(inner, 10);
        CountingWaker w = new CountingWaker();
        Context cx = Context.of(w);
        assertThat(t.poll(cx).isPending()).isTrue();
        clock.advance(java.time.Duration.ofMillis(10));
        timers.fireExpired(clock.nanoTime());
        assertThat(w.wakes()).isEqualTo(1);
        assertThatThrownBy(() -> t.poll(cx)).isInstanceOf(TimeoutException.class);
        assertThat(inner.cancels).isEqualTo(1);
        t.cancel(); // the owner may still cancel: nothing more happens
        assertThat(inner.cancels).isEqualTo(1);
        assertThat(inner.polls).isEqualTo(2);
        assertThat(timers.isEmpty()).isTrue();
    }

    @Test
    void innerCompletingFirstIsNotCancelledAndRemovesTheTimer() throws Exception {
        Probe inner = new Probe();
        Timeout<String> t = timeoutMs(inner, 10);
        Context cx = Context.of(new CountingWaker());
        assertThat(t.poll(cx).isPending()).isTrue();
        assertThat(timers.size()).isEqualTo(1);
        inner.value = "done";
        assertThat(t.poll(cx).value()).isEqualTo("done");
        assertThat(inner.cancels).isZero();
        assertThat(timers.isEmpty()).isTrue();
    }

    @Test
    void innerReadyAtTheDeadlineWins() throws Exception {
        Probe inner = new Probe();
        Timeout<String> t = timeoutMs(inner, 10);
        Context cx = Context.of(new CountingWaker());
        assertThat(t.poll(cx).isPending()).isTrue();
        clock.advance(java.time.Duration.ofMillis(20));
        timers.fireExpired(clock.nanoTime());
        inner.value = "just in time";
        assertThat(t.poll(cx).value()).isEqualTo("just in time");
        assertThat(inner.cancels).isZero();
    }

    @Test
    void innerFailureIsThrownAsIsAndRemovesTheTimer() {
        Probe inner = new Probe();
        inner.failure = new IOException("io");
        Timeout<String> t = timeoutMs(inner, 10);
        assertThatThrownBy(() -> t.poll(Context.noop())).isSameAs(inner.failure);
        assertThat(inner.cancels).isZero();
        assertThat(timers.isEmpty()).isTrue();
    }

    @Test
    void cancellingTheTimeoutCancelsInnerOnceAndRemovesTheTimer() throws Exception {
        Probe inner = new Probe();
        Timeout<String> t = timeoutMs(inner, 10);
        assertThat(t.poll(Context.noop()).isPending()).isTrue();
        t.cancel();
        assertThat(inner.cancels).isEqualTo(1);
        assertThat(timers.isEmpty()).isTrue();
    }

    @Test
    void zeroTimeoutStillPollsTheInnerFutureOnce() throws Exception {
        Probe inner = new Probe();
        inner.value = "ready";
        assertThat(timeoutMs(inner, 0).poll(Context.noop()).value()).isEqualTo("ready");
        Probe slow = new Probe();
        assertThatThrownBy(() -> timeoutMs(slow, 0).poll(Context.noop())).isInstanceOf(TimeoutException.class);
        assertThat(slow.polls).isEqualTo(1);
        assertThat(slow.cancels).isEqualTo(1);
    }
}
