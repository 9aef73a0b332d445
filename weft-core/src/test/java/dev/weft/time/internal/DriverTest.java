package dev.weft.time.internal;

import dev.weft.driver.internal.Driver;
import dev.weft.driver.internal.ParkingPoller;
import dev.weft.driver.internal.Poller;
import dev.weft.internal.IdleDriver;
import dev.weft.time.MonotonicClock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.exec.internal.BlockOn;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.time.internal.TimerEntry;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
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

    /**
     * One thread that drives turns on request, so that the lock stays its own: a thread's first
     * turn after another thread held the lock never waits, so this one does that turn at start.
     */
    private static final class DrivingThread implements AutoCloseable {
        private static final long STOP = Long.MIN_VALUE;
        private final LinkedBlockingQueue<Long> requests = new LinkedBlockingQueue<>();
        private final Semaphore done = new Semaphore(0);
        private final AtomicInteger refused = new AtomicInteger();
        final Thread thread;

        DrivingThread(Driver d) throws InterruptedException {
            thread = Thread.ofPlatform().start(() -> {
                try {
                    for (long t; (t = requests.take()) != STOP; ) {
                        if (!d.tryDrive(t)) refused.incrementAndGet();
                        done.release();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            turn(0);
            awaitTurn();
        }

        void turn(long timeoutNanos) {
            requests.add(timeoutNanos);
        }

        void awaitTurn() throws InterruptedException {
            assertThat(done.tryAcquire(10, TimeUnit.SECONDS)).as("turn returned").isTrue();
            assertThat(refused).hasValue(0);
        }

        @Override
        public void close() throws InterruptedException {
            requests.add(STOP);
            thread.join(10_000);
        }
    }

    @Test
    void manyWakeupsDuringOneSleepCostOnePollerWakeup() throws Exception {
        ManualPoller poller = new ManualPoller();
        Driver d = TimedDriver.of(new SteppedClock(0), poller, null);
        try (DrivingThread driver = new DrivingThread(d)) {
            poller.clearWaits();
            driver.turn(-1);
            awaitTrue(poller::isBlocked);
            Thread[] wakers = new Thread[4];
            for (int i = 0; i < wakers.length; i++) {
                wakers[i] = Thread.ofPlatform().start(() -> {
                    for (int k = 0; k < 1000; k++) d.wakeup();
                });
            }
            for (Thread t : wakers) t.join();
            driver.awaitTurn();
            assertThat(poller.wakeups()).isEqualTo(1);
            // The flag set during that sleep makes the next turn poll without waiting...
            driver.turn(-1);
            driver.awaitTurn();
            assertThat(poller.waits()).containsExactly(-1L, 0L);
            // ...and the turn after that sleeps again and needs one more poller wakeup.
            driver.turn(-1);
            awaitTrue(poller::isBlocked);
            d.wakeup();
            d.wakeup();
            driver.awaitTurn();
            assertThat(poller.wakeups()).isEqualTo(2);
        }
    }

    @Test
    void wakeupWhileNobodyDrivesMakesTheNextTurnReturnAtOnce() throws Exception {
        ManualPoller poller = new ManualPoller();
        Driver d = TimedDriver.of(new SteppedClock(0), poller, null);
        try (DrivingThread driver = new DrivingThread(d)) {
            poller.clearWaits();
            d.wakeup();
            driver.turn(-1);
            driver.awaitTurn();
            assertThat(poller.waits()).containsExactly(0L);
        }
    }

    @Test
    void firstTurnOfAThreadTakingTheLockFromAnotherNeverWaits() throws Exception {
        ManualPoller poller = new ManualPoller();
        Driver d = TimedDriver.of(new SteppedClock(0), poller, null);
        try (DrivingThread a = new DrivingThread(d); DrivingThread b = new DrivingThread(d)) {
            poller.clearWaits();
            a.turn(-1); // b held the lock last
            a.awaitTurn();
            a.turn(-1); // now a's own: waits
            awaitTrue(poller::isBlocked);
            d.wakeup();
            a.awaitTurn();
            assertThat(poller.waits()).containsExactly(0L, -1L);
        }
    }

    @Test
    void timerInsertedEarlierThanTheCurrentSleepWakesTheDriverLaterOneDoesNot() throws Exception {
        SteppedClock clock = new SteppedClock(0);
        ManualPoller poller = new ManualPoller();
        Driver d = TimedDriver.of(clock, poller, null);
        try (DrivingThread driver = new DrivingThread(d)) {
            TimedDriver.timersOf(d).register(new TimerEntry(), 3_600_000 * MS, Waker.noop());
            poller.clearWaits();
            driver.turn(-1);
            awaitTrue(poller::isBlocked);
            long firstWait = poller.waits().get(0);
            assertThat(firstWait).isBetween(10 * MS + 1, 3_600_000 * MS);
            TimedDriver.timersOf(d).register(new TimerEntry(), 7_200_000 * MS, Waker.noop());
            assertThat(poller.wakeups()).isZero();
            assertThat(poller.isBlocked()).isTrue();
            TimedDriver.timersOf(d).register(new TimerEntry(), 10 * MS, Waker.noop());
            assertThat(poller.wakeups()).isEqualTo(1);
            driver.awaitTurn();
            // The next turn consumes the flag (wait 0); the one after waits for the earlier timer.
            driver.turn(-1);
            driver.awaitTurn();
            driver.turn(-1);
            awaitTrue(poller::isBlocked);
            assertThat(poller.waits()).containsExactly(firstWait, 0L, 10 * MS);
            d.wakeup();
            driver.awaitTurn();
        }
    }

    @Test
    void turnFiresDueTimersAfterTheWait() {
        SteppedClock clock = new SteppedClock(0);
        Driver d = TimedDriver.of(clock, new Poller() {
            @Override
            public void poll(long timeoutNanos) {
                clock.advanceNanos(timeoutNanos); // waiting moves the fake time
            }

            @Override
            public void wakeup() {}
        }, null);
        AtomicInteger fired = new AtomicInteger();
        TimedDriver.timersOf(d).register(new TimerEntry(), 5 * MS, fired::incrementAndGet);
        TimedDriver.timersOf(d).register(new TimerEntry(), 200 * MS, fired::incrementAndGet);
        assertThat(d.tryDrive(-1)).isTrue(); // this thread's first turn: no wait
        assertThat(fired).hasValue(0);
        assertThat(d.tryDrive(-1)).isTrue();
        assertThat(fired).hasValue(1);
        assertThat(clock.nanoTime()).isEqualTo(5 * MS);
        while (fired.get() < 2) assertThat(d.tryDrive(-1)).isTrue(); // cascades through level 1
        assertThat(clock.nanoTime()).isEqualTo(200 * MS);
        assertThat(TimedDriver.timersOf(d).isEmpty()).isTrue();
    }

    @Test
    void secondThreadDoesNotDriveWhileAnotherDoes() throws Exception {
        ManualPoller poller = new ManualPoller();
        Driver d = TimedDriver.of(new SteppedClock(0), poller, null);
        try (DrivingThread driver = new DrivingThread(d)) {
            driver.turn(-1);
            awaitTrue(poller::isBlocked);
            assertThat(d.owner()).isSameAs(driver.thread);
            assertThat(d.tryDrive(0)).isFalse();
            d.wakeup();
            driver.awaitTurn();
            assertThat(d.owner()).isNull();
        }
    }

    @Test
    void fallbackThreadFiresTimersWhenNobodyElseDrives() throws Exception {
        Driver d = TimedDriver.of(MonotonicClock.system(), new ParkingPoller(), "test-fallback-1");
        try {
            CountDownLatch fired = new CountDownLatch(1);
            AtomicReference<String> firedOn = new AtomicReference<>();
            long deadline = System.nanoTime() + 30 * MS;
            AtomicReference<Long> firedAt = new AtomicReference<>();
            TimedDriver.timersOf(d).register(new TimerEntry(), deadline, () -> {
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
        Driver d = TimedDriver.of(MonotonicClock.system(), new ParkingPoller(), "test-fallback-2");
        try {
            awaitTrue(() -> d.owner() == d.fallbackThread());
            // The hand-over is bounded but not instant: try until it happens.
            awaitTrue(() -> d.tryDrive(0));
            awaitTrue(() -> d.owner() == d.fallbackThread());
            // Timers still fire after the hand-backs.
            CountDownLatch fired = new CountDownLatch(1);
            TimedDriver.timersOf(d).register(new TimerEntry(), System.nanoTime() + 5 * MS, fired::countDown);
            assertThat(fired.await(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            d.close();
            d.fallbackThread().join(10_000);
        }
    }

    @Test
    void busyThreadsPollingNowTakeTheDriverFromTheFallbackAndKeepItAway() throws Exception {
        Driver d = TimedDriver.of(MonotonicClock.system(), new ParkingPoller(), "test-fallback-4");
        try {
            awaitTrue(() -> d.owner() == d.fallbackThread()); // nobody else drives: the fallback does
            // far deadline: the fallback's turn would wait for it, unless the busy look wakes it
            TimedDriver.timersOf(d).register(new TimerEntry(), System.nanoTime() + 60_000 * MS, () -> { });
            assertThat(d.tryPollNow()).isFalse(); // held by the fallback, which is asked to give it up
            awaitTrue(d::tryPollNow);
            long drivesBefore = d.fallbackDrives();
            // A busy thread looks often (a worker every 61 polls): the fallback sees turns by others
            // at each of its looks and stays away, backing off.
            long end = System.nanoTime() + 300 * MS;
            int looks = 0;
            while (System.nanoTime() < end) {
                d.tryPollNow();
                looks++;
                if (looks % 64 == 0) Thread.sleep(0, 20_000);
            }
            assertThat(d.fallbackDrives() - drivesBefore).as("fallback drives while a busy thread polled").isLessThanOrEqualTo(2);
            // and once nobody looks any more, it drives again, so that timers still fire
            CountDownLatch fired = new CountDownLatch(1);
            TimedDriver.timersOf(d).register(new TimerEntry(), System.nanoTime() + 5 * MS, fired::countDown);
            assertThat(fired.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(d.fallbackDrives()).isGreaterThan(drivesBefore);
        } finally {
            d.close();
            d.fallbackThread().join(10_000);
        }
    }

    @Test
    void aLookWithNoTimerArmedAndNothingRegisteredTakesNoTurn() throws Exception {
        Driver d = TimedDriver.of(MonotonicClock.system(), new ParkingPoller(), null); // ParkingPoller: nothing registered
        try {
            assertThat(d.tryPollNow()).as("a look with nothing to find").isFalse();
            assertThat(d.owner()).isNull();
            TimerEntry e = new TimerEntry();
            TimedDriver.timersOf(d).register(e, System.nanoTime() + 60_000 * MS, () -> { });
            assertThat(d.tryPollNow()).as("a look with a timer armed").isTrue();
            TimedDriver.timersOf(d).cancel(e);
            assertThat(d.tryPollNow()).as("a look after the timer's cancel").isFalse();
        } finally {
            d.close();
        }
    }

    @Test
    void pollingNowFiresDueTimersOnTheCallingThreadWithoutWaiting() throws Exception {
        Driver d = TimedDriver.of(MonotonicClock.system(), new ParkingPoller(), null);
        AtomicReference<Thread> firedOn = new AtomicReference<>();
        TimedDriver.timersOf(d).register(new TimerEntry(), System.nanoTime() + 2 * MS, () -> firedOn.set(Thread.currentThread()));
        TimedDriver.timersOf(d).register(new TimerEntry(), System.nanoTime() + 60_000 * MS, () -> { });
        Thread.sleep(10); // the first is due, the second far away
        long t0 = System.nanoTime();
        assertThat(d.tryPollNow()).isTrue();
        assertThat(System.nanoTime() - t0).isLessThan(5_000 * MS); // did not wait for the far deadline
        assertThat(firedOn.get()).isSameAs(Thread.currentThread());
        d.close();
    }

    @Test
    void blockOnThreadDrivesAndItsWakerGetsItOutOfTheDriver() throws Exception {
        Driver global = Driver.shared();
        assertThat(IdleDriver.current()).isSameAs(global);
        ManualPoller poller = new ManualPoller();
        Driver d = TimedDriver.of(new SteppedClock(0), poller, null);
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
        Driver global = Driver.shared();
        ManualPoller poller = new ManualPoller();
        Driver d = TimedDriver.of(new SteppedClock(0), poller, null);
        IdleDriver.install(d);
        try (DrivingThread driver = new DrivingThread(d)) {
            driver.turn(-1);
            awaitTrue(poller::isBlocked);
            AtomicReference<Waker> captured = new AtomicReference<>();
            Thread t = Thread.ofPlatform().start(() -> BlockOn.blockOn(cx -> {
                if (captured.getAndSet(cx.waker()) == null) return Poll.pending();
                return Poll.ready("woken");
            }));
            awaitTrue(() -> t.getState() == Thread.State.WAITING);
            assertThat(d.owner()).isSameAs(driver.thread);
            captured.get().wake();
            t.join(10_000);
            assertThat(t.isAlive()).isFalse();
            assertThat(poller.wakeups()).isZero(); // the parked thread was unparked, the driver left alone
            d.wakeup();
            driver.awaitTurn();
        } finally {
            IdleDriver.install(global);
        }
    }

    /** Ready once set; the setter wakes the registered waker. */
    private static final class Flag implements dev.weft.future.Future<Void> {
        private final AtomicReference<Waker> waker = new AtomicReference<>();
        private volatile boolean set;

        void set() {
            set = true;
            Waker w = waker.get();
            if (w != null) w.wake();
        }

        @Override
        public Poll<Void> poll(dev.weft.future.Context cx) {
            if (set) return Poll.ready(null);
            waker.set(cx.waker());
            return set ? Poll.ready(null) : Poll.pending();
        }
    }

    /**
     * Regression: a blockOn thread marked DRIVING, woken while it took the lock over from the
     * fallback (whose turn swallowed the wakeup), blocked in the poller with its token set.
     */
    @Test
    void blockOnPingPongAgainstTheFallbackNeverLosesAWake() throws Exception {
        Driver global = Driver.shared();
        Driver d = TimedDriver.of(MonotonicClock.system(), new ParkingPoller(), "test-fallback-3");
        IdleDriver.install(d);
        java.util.concurrent.SynchronousQueue<Flag> q = new java.util.concurrent.SynchronousQueue<>();
        Thread firer = Thread.ofPlatform().start(() -> {
            try {
                for (Flag f; (f = q.take()).waker != null; ) {
                    for (int i = 0; i < 200; i++) Thread.onSpinWait();
                    f.set();
                    if (Thread.interrupted()) return;
                }
            } catch (InterruptedException e) {
                // end of test
            }
        });
        try {
            for (int i = 0; i < 30_000; i++) {
                Flag f = new Flag();
                q.put(f);
                BlockOn.blockOn(f);
            }
        } finally {
            IdleDriver.install(global);
            firer.interrupt();
            firer.join(10_000);
            d.close();
            d.fallbackThread().join(10_000);
        }
    }
}
