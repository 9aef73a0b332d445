package dev.weft.time;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.time.ManualClock;
import dev.weft.time.internal.Timers;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(30)
class IntervalTest {
    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(1000 * MS);
    private final Timers timers = new Timers(clock, () -> {});
    private final long start = clock.nanoTime();

    private Interval every10(MissedTickBehavior b) {
        return new Interval(new Sleep(timers, start), 10 * MS, b);
    }

    /** Polls until pending, firing timers at the current time first; returns ticks as ms since start. */
    private List<Long> drain(Interval it, Context cx) {
        timers.fireExpired(clock.nanoTime());
        List<Long> out = new ArrayList<>();
        while (true) {
            Poll<Long> p = it.pollNext(cx);
            if (p.isPending()) return out;
            long scheduled = p.value();
            assertThat(scheduled).isLessThanOrEqualTo(clock.nanoTime()); // never early
            out.add((scheduled - start) / MS);
        }
    }

    @ParameterizedTest
    @EnumSource(MissedTickBehavior.class)
    void ticksOnScheduleWhenPolledOnTime(MissedTickBehavior b) {
        Interval it = every10(b);
        CountingWaker w = new CountingWaker();
        Context cx = Context.of(w);
        assertThat(drain(it, cx)).containsExactly(0L);
        for (int k = 1; k <= 5; k++) {
            clock.advance(java.time.Duration.ofMillis(9));
            assertThat(drain(it, cx)).isEmpty();
            clock.advance(java.time.Duration.ofMillis(1));
            assertThat(drain(it, cx)).containsExactly(10L * k);
        }
        assertThat(w.wakes()).isEqualTo(5);
        it.cancel();
        assertThat(timers.isEmpty()).isTrue();
    }

    @Test
    void burstYieldsEveryMissedTickAtOnceAndKeepsTheSchedule() {
        Interval it = every10(MissedTickBehavior.BURST);
        Context cx = Context.of(new CountingWaker());
        assertThat(drain(it, cx)).containsExactly(0L);
        clock.advance(java.time.Duration.ofMillis(35));
        assertThat(drain(it, cx)).containsExactly(10L, 20L, 30L);
        clock.advance(java.time.Duration.ofMillis(5));
        assertThat(drain(it, cx)).containsExactly(40L);
    }

    @Test
    void delayYieldsOneTickAndRestartsThePeriodFromNow() {
        Interval it = every10(MissedTickBehavior.DELAY);
        Context cx = Context.of(new CountingWaker());
        assertThat(drain(it, cx)).containsExactly(0L);
        clock.advance(java.time.Duration.ofMillis(35));
        assertThat(drain(it, cx)).containsExactly(10L);
        clock.advance(java.time.Duration.ofMillis(9));
        assertThat(drain(it, cx)).isEmpty();
        clock.advance(java.time.Duration.ofMillis(1));
        assertThat(drain(it, cx)).containsExactly(45L);
    }

    @Test
    void skipYieldsOneTickAndResumesOnTheOriginalSchedule() {
        Interval it = every10(MissedTickBehavior.SKIP);
        Context cx = Context.of(new CountingWaker());
        assertThat(drain(it, cx)).containsExactly(0L);
        clock.advance(java.time.Duration.ofMillis(35));
        assertThat(drain(it, cx)).containsExactly(10L);
        clock.advance(java.time.Duration.ofMillis(4));
        assertThat(drain(it, cx)).isEmpty();
        clock.advance(java.time.Duration.ofMillis(1));
        assertThat(drain(it, cx)).containsExactly(40L);
    }

    @Test
    void cancelledIntervalLeavesNoEntry() {
        Interval it = every10(MissedTickBehavior.BURST);
        CountingWaker w = new CountingWaker();
        Context cx = Context.of(w);
        drain(it, cx);
        assertThat(timers.size()).isEqualTo(1);
        it.cancel();
        assertThat(timers.isEmpty()).isTrue();
        clock.advance(java.time.Duration.ofMillis(100));
        timers.fireExpired(clock.nanoTime());
        assertThat(w.wakes()).isZero();
    }
}
