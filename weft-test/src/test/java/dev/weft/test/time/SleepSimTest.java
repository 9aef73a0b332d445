package dev.weft.test.time;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.sim.SimClock;
import dev.weft.sim.SimRuntime;
import dev.weft.test.CountingWaker;
import dev.weft.test.Polls;
import dev.weft.test.WeftTest;
import dev.weft.time.Sleep;
import dev.weft.time.Time;
import java.time.Duration;

/**
 * {@link Sleep} polled by hand on a simulation's virtual clock (moved from weft-core's SleepTest,
 * which drove a ManualClock and a bare timer wheel by hand): the sleep under test is polled with a
 * {@link CountingWaker}, and {@link #advance} lets virtual time pass by awaiting another sleep,
 * which fires every timer on the way, as the runtime's driver does. {@code sim.pendingTimers()}
 * counts the wheel's entries (the awaited sleep is gone by then).
 */
class SleepSimTest {

    /** Lets {@code d} of virtual time pass; the timers due on the way fire. */
    static void advance(Duration d) {
        await(Time.sleep(d));
    }

    static Duration ms(long n) {
        return Duration.ofMillis(n);
    }

    @WeftTest
    void firstPollRegistersFiredTimerWakesOnceThenReady(SimRuntime sim) {
        Sleep s = Time.sleep(ms(10));
        CountingWaker w = new CountingWaker();
        assertThat(sim.pendingTimers()).isZero();
        Polls.assertPending(s, w);
        assertThat(sim.pendingTimers()).isEqualTo(1);
        Polls.assertPending(s, w); // a spurious poll, the same waker
        assertThat(sim.pendingTimers()).isEqualTo(1);
        advance(ms(9));
        assertThat(w.count()).isZero();
        Polls.assertPending(s, w);
        advance(ms(1));
        assertThat(w.count()).isEqualTo(1);
        Polls.assertReady(s, w);
        assertThat(s.isElapsed()).isTrue();
        advance(ms(100));
        assertThat(w.count()).isEqualTo(1);
        assertThat(sim.pendingTimers()).isZero();
    }

    @WeftTest
    void changedWakerIsTheOneWoken(SimRuntime sim) {
        Sleep s = Time.sleep(ms(3));
        CountingWaker a = new CountingWaker();
        CountingWaker b = new CountingWaker();
        Polls.assertPending(s, a);
        Polls.assertPending(s, b);
        assertThat(sim.pendingTimers()).isEqualTo(1);
        advance(ms(3));
        assertThat(a.count()).isZero();
        assertThat(b.count()).isEqualTo(1);
    }

    @WeftTest
    void pollWithAnotherWakerAfterFiringIsReadyAndWakesNobody() {
        Sleep s = Time.sleep(ms(2));
        CountingWaker a = new CountingWaker();
        CountingWaker b = new CountingWaker();
        Polls.assertPending(s, a);
        advance(ms(2));
        Polls.assertReady(s, b);
        assertThat(a.count()).isEqualTo(1);
        assertThat(b.count()).isZero();
    }

    @WeftTest
    void resetForgetsTheOldWakerAndTheNextPollRegistersItsOwn(SimRuntime sim, SimClock clock) {
        Sleep s = Time.sleep(ms(2));
        CountingWaker a = new CountingWaker();
        CountingWaker b = new CountingWaker();
        Polls.assertPending(s, a);
        advance(ms(2));
        s.reset(clock.nanoTime() + ms(3).toNanos());
        Polls.assertPending(s, b);
        advance(ms(3));
        assertThat(a.count()).isEqualTo(1);
        assertThat(b.count()).isEqualTo(1);
        Polls.assertReady(s, b);
        assertThat(sim.pendingTimers()).isZero();
    }

    @WeftTest
    void cancelledSleepNeverFiresAndLeavesNoEntry(SimRuntime sim) {
        Sleep s = Time.sleep(ms(10));
        CountingWaker w = new CountingWaker();
        Polls.assertPending(s, w);
        s.cancel();
        assertThat(sim.pendingTimers()).isZero();
        advance(ms(1000));
        assertThat(w.count()).isZero();
    }

    @WeftTest
    void elapsedDeadlineIsReadyWithoutRegistering(SimRuntime sim, SimClock clock) {
        advance(ms(10));
        Polls.assertReady(Time.sleepUntil(clock.nanoTime()));
        Polls.assertReady(Time.sleepUntil(clock.nanoTime() - ms(5).toNanos()));
        Polls.assertReady(Time.sleep(Duration.ZERO));
        assertThat(sim.pendingTimers()).isZero();
    }

    @WeftTest
    void sleepPolledOnlyAfterItsDeadlineIsReadyEvenBeforeTheDriverLooked(SimRuntime sim) {
        Sleep s = Time.sleep(ms(2));
        advance(ms(5));
        Polls.assertReady(s);
        assertThat(sim.pendingTimers()).isZero();
    }

    @WeftTest
    void resetAfterFiringRegistersAgainForTheNewDeadline(SimRuntime sim, SimClock clock) {
        Sleep s = Time.sleep(ms(1));
        CountingWaker w = new CountingWaker();
        Polls.assertPending(s, w);
        advance(ms(1));
        Polls.assertReady(s, w);
        s.reset(clock.nanoTime() + ms(4).toNanos());
        Polls.assertPending(s, w);
        assertThat(sim.pendingTimers()).isEqualTo(1);
        advance(ms(3));
        Polls.assertPending(s, w);
        advance(ms(1));
        assertThat(w.count()).isEqualTo(2);
        Polls.assertReady(s, w);
    }

    @WeftTest
    void resetWhileRegisteredMovesTheEntry(SimRuntime sim, SimClock clock) {
        Sleep s = Time.sleep(ms(50));
        CountingWaker w = new CountingWaker();
        Polls.assertPending(s, w);
        s.reset(clock.nanoTime() + ms(2).toNanos());
        assertThat(sim.pendingTimers()).isZero();
        Polls.assertPending(s, w);
        advance(ms(2));
        assertThat(w.count()).isEqualTo(1);
        assertThat(sim.pendingTimers()).isZero();
    }
}
