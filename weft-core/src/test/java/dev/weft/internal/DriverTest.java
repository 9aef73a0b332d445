package dev.weft.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.exec.BlockOn;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.time.internal.TimerEntry;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class DriverTest {
    private static final long MS = 1_000_000L;

    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not reached in 10 s");
            Thread.sleep(1);
        }
    }

    private static Thread driveOneTurn(Driver d) {
        return Thread.ofPlatform().start(() -> assertThat(d.tryDrive(-1)).isTrue());
    }

    @Test
    void manyWakeupsDuringOneSleepCostOnePollerWakeup() throws Exception {
        ManualPoller poller = new ManualPoller();
        Driver d = new Driver(new FakeClock(0), poller, null);
        Thread driver = driveOneTurn(d);
        awaitTrue(poller::isBlocked);
        Thread[] wakers = new Thread[4];
        for (int i = 0; i < wakers.length; i++) {
            wakers[i] = Thread.ofPlatform().start(() -> {
                for (int k = 0; k < 1000; k++) d.wakeup();
            });
        }
        for (Thread t : wakers) t.join();
        driver.join();
        assertThat(poller.wakeups()).isEqualTo(1);
        // The flag set during that sleep makes the next turn poll without waiting...
        assertThat(d.tryDrive(-1)).isTrue();
        assertThat(poller.waits()).containsExactly(-1L, 0L);
        // ...and the turn after that sleeps again and needs one more poller wakeup.
        Thread again = driveOneTurn(d);
        awaitTrue(poller::isBlocked);
        d.wakeup();
        d.wakeup();
        again.join();
        assertThat(poller.wakeups()).isEqualTo(2);
    }

    @Test
    void wakeupWhileNobodyDrivesMakesTheNextTurnReturnAtOnce() {
        ManualPoller poller = new ManualPoller();
        Driver d = new Driver(new FakeClock(0), poller, null);
        d.wakeup();
        assertThat(d.tryDrive(-1)).isTrue();
        assertThat(poller.waits()).containsExactly(0L);
    }

    @Test
    void timerInsertedEarlierThanTheCurrentSleepWakesTheDriverLaterOneDoesNot() throws Exception {
        FakeClock clock = new FakeClock(0);
        ManualPoller poller = new ManualPoller();
        Driver d = new Driver(clock, poller, null);
        d.timers().register(new TimerEntry(), 3_600_000 * MS, Waker.noop());
        Thread driver = driveOneTurn(d);
        awaitTrue(poller::isBlocked);
        long firstWait = poller.waits().get(0);
        assertThat(firstWait).isBetween(10 * MS + 1, 3_600_000 * MS);
        d.timers().register(new TimerEntry(), 7_200_000 * MS, Waker.noop());
        assertThat(poller.wakeups()).isZero();
        assertThat(poller.isBlocked()).isTrue();
        d.timers().register(new TimerEntry(), 10 * MS, Waker.noop());
        assertThat(poller.wakeups()).isEqualTo(1);
        driver.join();
        // The next turn waits for the earlier timer (after the flag-consuming zero wait).
        Thread next = driveOneTurn(d);
        next.join(); // consumes the flag: wait 0
        Thread third = driveOneTurn(d);
        awaitTrue(poller::isBlocked);
        assertThat(poller.waits()).containsExactly(firstWait, 0L, 10 * MS);
        d.wakeup();
        third.join();
    }

    @Test
    void turnFiresDueTimersAfterTheWait() {
        FakeClock clock = new FakeClock(0);
        Driver d = new Driver(clock, new Poller() {
            @Override
            public void poll(long timeoutNanos) {
                clock.advance(timeoutNanos); // waiting moves the fake time
            }

            @Override
            public void wakeup() {}
        }, null);
        AtomicInteger fired = new AtomicInteger();
        d.timers().register(new TimerEntry(), 5 * MS, fired::incrementAndGet);
        d.timers().register(new TimerEntry(), 200 * MS, fired::incrementAndGet);
        assertThat(d.tryDrive(-1)).isTrue();
        assertThat(fired).hasValue(1);
        assertThat(clock.nanoTime()).isEqualTo(5 * MS);
        while (fired.get() < 2) assertThat(d.tryDrive(-1)).isTrue(); // cascades through level 1
        assertThat(clock.nanoTime()).isEqualTo(200 * MS);
        assertThat(d.timers().isEmpty()).isTrue();
    }

    @Test
    void secondThreadDoesNotDriveWhileAnotherDoes() throws Exception {
        ManualPoller poller = new ManualPoller();
        Driver d = new Driver(new FakeClock(0), poller, null);
        Thread driver = driveOneTurn(d);
        awaitTrue(poller::isBlocked);
        assertThat(d.owner()).isSameAs(driver);
        assertThat(d.tryDrive(0)).isFalse();
        d.wakeup();
        driver.join();
        assertThat(d.owner()).isNull();
    }

    @Test
    void fallbackThreadFiresTimersWhenNobodyElseDrives() throws Exception {
        Driver d = new Driver(Clock.system(), new ParkingPoller(), "test-fallback-1");
        try {
            CountDownLatch fired = new CountDownLatch(1);
            AtomicReference<String> firedOn = new AtomicReference<>();
            long deadline = System.nanoTime() + 30 * MS;
            AtomicReference<Long> firedAt = new AtomicReference<>();
            d.timers().register(new TimerEntry(), deadline, () -> {
                firedAt.set(System.nanoTime());
                firedOn.set(Thread.currentThread().getName());
                fired.countDown();
            });
            assertThat(fired.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(firedOn.get()).isEqualTo("test-fallback-1");
            assertThat(firedAt.get()).isGreaterThanOrEqualTo(deadline);
        } finally {
            d.close();
            d.fallbackThread().join(10_000);
            assertThat(d.fallbackThread().isAlive()).isFalse();
        }
    }

    @Test
    void idleThreadTakesTheDriverOverFromTheFallbackAndGivesItBack() throws Exception {
        Driver d = new Driver(Clock.system(), new ParkingPoller(), "test-fallback-2");
        try {
            awaitTrue(() -> d.owner() == d.fallbackThread());
            // The hand-over is bounded but not instant: try until it happens.
            awaitTrue(() -> d.tryDrive(0));
            awaitTrue(() -> d.owner() == d.fallbackThread());
            // Timers still fire after the hand-backs.
            CountDownLatch fired = new CountDownLatch(1);
            d.timers().register(new TimerEntry(), System.nanoTime() + 5 * MS, fired::countDown);
            assertThat(fired.await(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            d.close();
            d.fallbackThread().join(10_000);
        }
    }

    @Test
    void blockOnThreadDrivesAndItsWakerGetsItOutOfTheDriver() throws Exception {
        Driver global = Driver.global();
        assertThat(IdleDriver.current()).isSameAs(global);
        ManualPoller poller = new ManualPoller();
        Driver d = new Driver(new FakeClock(0), poller, null);
        IdleDriver.install(d);
        try {
            AtomicReference<Waker> captured = new AtomicReference<>();
            AtomicInteger polls = new AtomicInteger();
            AtomicReference<String> result = new AtomicReference<>();
            Thread t = Thread.ofPlatform().start(() -> result.set(BlockOn.blockOn(cx -> {
                polls.incrementAndGet();
                if (captured.getAndSet(cx.waker()) == null) return Poll.pending();
                return Poll.ready("woken");
            })));
            awaitTrue(() -> d.owner() == t && poller.isBlocked());
            captured.get().wake();
            t.join(10_000);
            assertThat(t.isAlive()).isFalse();
            assertThat(result.get()).isEqualTo("woken");
            assertThat(polls).hasValue(2);
            assertThat(poller.wakeups()).isEqualTo(1);
        } finally {
            IdleDriver.install(global);
        }
    }

    @Test
    void blockOnParksNormallyWhileAnotherThreadDrives() throws Exception {
        Driver global = Driver.global();
        ManualPoller poller = new ManualPoller();
        Driver d = new Driver(new FakeClock(0), poller, null);
        IdleDriver.install(d);
        try {
            Thread driver = driveOneTurn(d);
            awaitTrue(poller::isBlocked);
            AtomicReference<Waker> captured = new AtomicReference<>();
            Thread t = Thread.ofPlatform().start(() -> BlockOn.blockOn(cx -> {
                if (captured.getAndSet(cx.waker()) == null) return Poll.pending();
                return Poll.ready("woken");
            }));
            awaitTrue(() -> t.getState() == Thread.State.WAITING);
            assertThat(d.owner()).isSameAs(driver);
            captured.get().wake();
            t.join(10_000);
            assertThat(t.isAlive()).isFalse();
            assertThat(poller.wakeups()).isZero(); // the parked thread was unparked, the driver left alone
            d.wakeup();
            driver.join();
        } finally {
            IdleDriver.install(global);
        }
    }
}
