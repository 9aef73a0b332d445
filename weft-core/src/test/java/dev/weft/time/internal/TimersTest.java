package dev.weft.time.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Waker;
import dev.weft.time.ManualClock;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class TimersTest {
    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(123_456_789L);
    private final AtomicInteger driverWakeups = new AtomicInteger();
    private final Timers timers = new Timers(clock, driverWakeups::incrementAndGet);

    @Test
    void deadlineBetweenTicksRoundsUpAndNeverFiresEarly() {
        AtomicInteger woken = new AtomicInteger();
        TimerEntry e = new TimerEntry();
        long deadline = clock.nanoTime() + 1_500_000; // 1.5 ms
        assertThat(timers.register(e, deadline, woken::incrementAndGet)).isTrue();
        clock.advanceNanos(1_499_999);
        assertThat(timers.fireExpired(clock.nanoTime())).isZero();
        clock.advanceNanos(1);
        // 1.5 ms reached but the tick (2 ms) not yet: late by < 1 ms, never early
        assertThat(timers.fireExpired(clock.nanoTime())).isZero();
        clock.advanceNanos(500_000);
        assertThat(timers.fireExpired(clock.nanoTime())).isEqualTo(1);
        assertThat(woken).hasValue(1);
        assertThat(e.timerFired()).isTrue();
        assertThat(timers.fireExpired(clock.nanoTime() + 10 * MS)).isZero();
        assertThat(woken).hasValue(1);
        assertThat(timers.isEmpty()).isTrue();
    }

    @Test
    void passedDeadlineIsRefusedOnceTheWheelMovedPastIt() {
        clock.advance(java.time.Duration.ofMillis(10));
        timers.fireExpired(clock.nanoTime());
        assertThat(timers.register(new TimerEntry(), clock.nanoTime() - 3 * MS, Waker.noop())).isFalse();
        assertThat(timers.size()).isZero();
    }

    @Test
    void cancelledEntryNeverFiresAndLeavesNothing() {
        AtomicInteger woken = new AtomicInteger();
        TimerEntry e = new TimerEntry();
        timers.register(e, clock.nanoTime() + 5 * MS, woken::incrementAndGet);
        assertThat(timers.size()).isEqualTo(1);
        timers.cancel(e);
        assertThat(e.timerRegistered()).isFalse();
        assertThat(timers.isEmpty()).isTrue();
        clock.advance(java.time.Duration.ofMillis(100));
        assertThat(timers.fireExpired(clock.nanoTime())).isZero();
        assertThat(woken).hasValue(0);
    }

    @Test
    void updatedWakerIsTheOneWokenAndUpdateAfterFireSaysSo() {
        AtomicInteger a = new AtomicInteger();
        AtomicInteger b = new AtomicInteger();
        TimerEntry e = new TimerEntry();
        timers.register(e, clock.nanoTime() + MS, a::incrementAndGet);
        assertThat(timers.updateWaker(e, b::incrementAndGet)).isTrue();
        clock.advance(java.time.Duration.ofMillis(1));
        timers.fireExpired(clock.nanoTime());
        assertThat(a).hasValue(0);
        assertThat(b).hasValue(1);
        assertThat(timers.updateWaker(e, a::incrementAndGet)).isFalse();
    }

    @Test
    void firedEntryKeepsItsWakerForItsOwnerUntilCancelled() {
        AtomicInteger woken = new AtomicInteger();
        Waker w = woken::incrementAndGet;
        TimerEntry e = new TimerEntry();
        timers.register(e, clock.nanoTime() + MS, w);
        assertThat(e.timerWaker()).isSameAs(w);
        clock.advance(java.time.Duration.ofMillis(1));
        assertThat(timers.fireExpired(clock.nanoTime())).isEqualTo(1);
        assertThat(e.timerFired()).isTrue();
        assertThat(e.timerWaker()).isSameAs(w); // the owner compares its next waker with it, lock-free
        assertThat(timers.cancel(e)).isFalse(); // fired: nothing removed
        assertThat(e.timerWaker()).isNull();
        assertThat(e.timerFired()).isFalse();
        assertThat(woken).hasValue(1);
    }

    @Test
    void insertEarlierThanTheDriversSleepWakesItLaterOneDoesNot() {
        timers.register(new TimerEntry(), clock.nanoTime() + 100 * MS, Waker.noop());
        assertThat(driverWakeups).hasValue(0); // driver not sleeping
        long next = timers.prepareSleep();
        assertThat(next).isBetween(clock.nanoTime() + MS, clock.nanoTime() + 100 * MS); // a slot start
        timers.register(new TimerEntry(), clock.nanoTime() + 200 * MS, Waker.noop());
        assertThat(driverWakeups).hasValue(0);
        timers.register(new TimerEntry(), clock.nanoTime() + 10 * MS, Waker.noop());
        assertThat(driverWakeups).hasValue(1);
        timers.awake();
        timers.register(new TimerEntry(), clock.nanoTime() + 1 * MS, Waker.noop());
        assertThat(driverWakeups).hasValue(1);
    }

    @Test
    void driverSleepingWithNoTimersIsWokenByAnyInsert() {
        assertThat(timers.prepareSleep()).isEqualTo(Timers.NO_DEADLINE);
        timers.register(new TimerEntry(), clock.nanoTime() + 1_000_000 * MS, Waker.noop());
        assertThat(driverWakeups).hasValue(1);
    }

    @Test
    void manyDueEntriesFireAcrossBatchesEachOnce() {
        int n = Timers.BATCH * 5 + 3;
        AtomicInteger woken = new AtomicInteger();
        for (int i = 0; i < n; i++) {
            timers.register(new TimerEntry(), clock.nanoTime() + (1 + i % 7) * MS, woken::incrementAndGet);
        }
        clock.advance(java.time.Duration.ofMillis(7));
        assertThat(timers.fireExpired(clock.nanoTime())).isEqualTo(n);
        assertThat(woken).hasValue(n);
        assertThat(timers.isEmpty()).isTrue();
    }

    @Test
    void throwingWakerDoesNotStopTheOthersAndItsFailureIsRethrown() {
        AtomicInteger woken = new AtomicInteger();
        RuntimeException boom = new IllegalStateException("boom");
        timers.register(new TimerEntry(), clock.nanoTime() + MS, () -> { throw boom; });
        timers.register(new TimerEntry(), clock.nanoTime() + MS, woken::incrementAndGet);
        clock.advance(java.time.Duration.ofMillis(1));
        assertThatThrownBy(() -> timers.fireExpired(clock.nanoTime())).isSameAs(boom);
        assertThat(woken).hasValue(1);
        assertThat(timers.isEmpty()).isTrue();
    }

    @Test
    void oneMillionRegisteredThenCancelledLeaveNoEntryAndNoSlot() {
        int n = 1_000_000;
        TimerEntry[] entries = new TimerEntry[n];
        for (int i = 0; i < n; i++) {
            entries[i] = new TimerEntry();
            timers.register(entries[i], clock.nanoTime() + (1 + (i * 7919L) % 10_000_000L) * MS, Waker.noop());
        }
        assertThat(timers.size()).isEqualTo(n);
        for (TimerEntry e : entries) timers.cancel(e);
        assertThat(timers.size()).isZero();
        assertThat(timers.isEmpty()).isTrue();
        clock.advance(java.time.Duration.ofMillis(20_000_000L));
        assertThat(timers.fireExpired(clock.nanoTime())).isZero();
    }
}
