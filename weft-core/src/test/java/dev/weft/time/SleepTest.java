package dev.weft.time;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Context;
import dev.weft.time.ManualClock;
import dev.weft.time.internal.Timers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class SleepTest {
    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(5 * MS + 77);
    private final Timers timers = new Timers(clock, () -> {});

    private Sleep sleepMs(long ms) {
        return new Sleep(timers, clock.nanoTime() + ms * MS);
    }

    @Test
    void firstPollRegistersFiredTimerWakesOnceThenReady() {
        Sleep s = sleepMs(10);
        CountingWaker w = new CountingWaker();
        Context cx = Context.of(w);
        assertThat(timers.size()).isZero();
        assertThat(s.poll(cx).isPending()).isTrue();
        assertThat(timers.size()).isEqualTo(1);
        assertThat(s.poll(cx).isPending()).isTrue(); // spurious poll, same waker
        assertThat(timers.size()).isEqualTo(1);
        clock.advance(java.time.Duration.ofMillis(9));
        timers.fireExpired(clock.nanoTime());
        assertThat(w.wakes()).isZero();
        assertThat(s.poll(cx).isPending()).isTrue();
        clock.advance(java.time.Duration.ofMillis(1));
        timers.fireExpired(clock.nanoTime());
        assertThat(w.wakes()).isEqualTo(1);
        assertThat(s.poll(cx).isReady()).isTrue();
        assertThat(s.isElapsed()).isTrue();
        clock.advance(java.time.Duration.ofMillis(100));
        timers.fireExpired(clock.nanoTime());
        assertThat(w.wakes()).isEqualTo(1);
        assertThat(timers.isEmpty()).isTrue();
    }

    @Test
    void changedWakerIsTheOneWoken() {
        Sleep s = sleepMs(3);
        CountingWaker a = new CountingWaker();
        CountingWaker b = new CountingWaker();
        assertThat(s.poll(Context.of(a)).isPending()).isTrue();
        assertThat(s.poll(Context.of(b)).isPending()).isTrue();
        assertThat(timers.size()).isEqualTo(1);
        clock.advance(java.time.Duration.ofMillis(3));
        timers.fireExpired(clock.nanoTime());
        assertThat(a.wakes()).isZero();
        assertThat(b.wakes()).isEqualTo(1);
    }

    @Test
    void pollWithAnotherWakerAfterFiringIsReadyAndWakesNobody() {
        Sleep s = sleepMs(2);
        CountingWaker a = new CountingWaker();
        CountingWaker b = new CountingWaker();
        assertThat(s.poll(Context.of(a)).isPending()).isTrue();
        clock.advance(java.time.Duration.ofMillis(2));
        timers.fireExpired(clock.nanoTime());
        assertThat(s.poll(Context.of(b)).isReady()).isTrue();
        assertThat(a.wakes()).isEqualTo(1);
        assertThat(b.wakes()).isZero();
    }

    @Test
    void resetForgetsTheOldWakerAndTheNextPollRegistersItsOwn() {
        Sleep s = sleepMs(2);
        CountingWaker a = new CountingWaker();
        CountingWaker b = new CountingWaker();
        assertThat(s.poll(Context.of(a)).isPending()).isTrue();
        clock.advance(java.time.Duration.ofMillis(2));
        timers.fireExpired(clock.nanoTime());
        s.reset(clock.nanoTime() + 3 * MS);
        assertThat(s.poll(Context.of(b)).isPending()).isTrue();
        clock.advance(java.time.Duration.ofMillis(3));
        timers.fireExpired(clock.nanoTime());
        assertThat(a.wakes()).isEqualTo(1);
        assertThat(b.wakes()).isEqualTo(1);
        assertThat(s.poll(Context.of(b)).isReady()).isTrue();
        assertThat(timers.isEmpty()).isTrue();
    }

    @Test
    void cancelledSleepNeverFiresAndLeavesNoEntry() {
        Sleep s = sleepMs(10);
        CountingWaker w = new CountingWaker();
        assertThat(s.poll(Context.of(w)).isPending()).isTrue();
        s.cancel();
        assertThat(s.isRegistered()).isFalse();
        assertThat(timers.isEmpty()).isTrue();
        clock.advance(java.time.Duration.ofMillis(1000));
        assertThat(timers.fireExpired(clock.nanoTime())).isZero();
        assertThat(w.wakes()).isZero();
    }

    @Test
    void elapsedDeadlineIsReadyWithoutRegistering() {
        Sleep zero = new Sleep(timers, clock.nanoTime());
        assertThat(zero.poll(Context.noop()).isReady()).isTrue();
        Sleep past = new Sleep(timers, clock.nanoTime() - 5 * MS);
        assertThat(past.poll(Context.noop()).isReady()).isTrue();
        assertThat(timers.size()).isZero();
    }

    @Test
    void sleepPolledOnlyAfterItsDeadlineIsReadyEvenBeforeTheDriverLooked() {
        Sleep s = sleepMs(2);
        clock.advance(java.time.Duration.ofMillis(5));
        assertThat(s.poll(Context.noop()).isReady()).isTrue();
        assertThat(timers.size()).isZero();
    }

    @Test
    void resetAfterFiringRegistersAgainForTheNewDeadline() {
        Sleep s = sleepMs(1);
        CountingWaker w = new CountingWaker();
        Context cx = Context.of(w);
        assertThat(s.poll(cx).isPending()).isTrue();
        clock.advance(java.time.Duration.ofMillis(1));
        timers.fireExpired(clock.nanoTime());
        assertThat(s.poll(cx).isReady()).isTrue();
        s.reset(clock.nanoTime() + 4 * MS);
        assertThat(s.poll(cx).isPending()).isTrue();
        assertThat(timers.size()).isEqualTo(1);
        clock.advance(java.time.Duration.ofMillis(3));
        timers.fireExpired(clock.nanoTime());
        assertThat(s.poll(cx).isPending()).isTrue();
        clock.advance(java.time.Duration.ofMillis(1));
        timers.fireExpired(clock.nanoTime());
        assertThat(w.wakes()).isEqualTo(2);
        assertThat(s.poll(cx).isReady()).isTrue();
    }

    @Test
    void resetWhileRegisteredMovesTheEntry() {
        Sleep s = sleepMs(50);
        CountingWaker w = new CountingWaker();
        assertThat(s.poll(Context.of(w)).isPending()).isTrue();
        s.reset(clock.nanoTime() + 2 * MS);
        assertThat(timers.size()).isZero();
        assertThat(s.poll(Context.of(w)).isPending()).isTrue();
        clock.advance(java.time.Duration.ofMillis(2));
        timers.fireExpired(clock.nanoTime());
        assertThat(w.wakes()).isEqualTo(1);
        assertThat(timers.isEmpty()).isTrue();
    }
}
