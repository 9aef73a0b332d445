package dev.weft.exec;

import static dev.weft.testkit.Polls.isBlocked;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.internal.Parker;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The parker under blockOn: tokens, spurious unparks, interrupts. */
@Timeout(20)
class BlockOnParkerTest {

    @Test
    void aWakeBeforeParkLeavesATokenAndWakesCoalesce() throws Exception {
        Parker p = new Parker();
        p.wake();
        p.wake();
        p.park(); // the token: returns at once
        AtomicBoolean sawParked = new AtomicBoolean();
        Thread waker = Thread.ofPlatform().start(() -> {
            while (!isBlocked(p.owner())) Thread.onSpinWait();
            sawParked.set(true);
            p.wake();
        });
        p.park(); // the two wakes left one token only: this park waits for the waker thread
        assertThat(sawParked).isTrue();
        waker.join();
    }

    @Test
    void spuriousUnparksDoNotEndAPark() throws Exception {
        AtomicReference<Parker> parker = new AtomicReference<>();
        AtomicInteger returned = new AtomicInteger();
        Thread t = Thread.ofPlatform().start(() -> {
            Parker p = new Parker();
            parker.set(p);
            try {
                p.park();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            returned.incrementAndGet();
        });
        while (parker.get() == null || !isBlocked(t)) Thread.onSpinWait();
        for (int i = 0; i < 10_000; i++) {
            LockSupport.unpark(t);
            if ((i & 63) == 0) Thread.yield();
        }
        // after every unpark the parker parks again: wait until it is back in WAITING (or has wrongly ended)
        while (!isBlocked(t) && t.getState() != Thread.State.TERMINATED) Thread.onSpinWait();
        assertThat(returned).hasValue(0);
        assertThat(isBlocked(t)).as("still waiting: %s", t.getState()).isTrue();
        parker.get().wake();
        t.join();
        assertThat(returned).hasValue(1);
    }

    @Test
    void interruptWhileParkedThrowsAndClearsTheFlag() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> flag = new AtomicReference<>();
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                new Parker().park();
            } catch (InterruptedException e) {
                thrown.set(e);
            }
            flag.set(Thread.currentThread().isInterrupted());
        });
        while (!isBlocked(t)) Thread.onSpinWait();
        t.interrupt();
        t.join();
        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
        assertThat(flag.get()).isFalse();
    }

    @Test
    void interruptBeforeParkThrowsAtOnceWithoutAToken() {
        Parker p = new Parker();
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(p::park).isInstanceOf(InterruptedException.class);
            assertThat(Thread.currentThread().isInterrupted()).isFalse();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aTokenWinsOverAnInterruptAndTheFlagStays() throws Exception {
        Parker p = new Parker();
        p.wake();
        Thread.currentThread().interrupt();
        try {
            p.park();
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void theParkerIsUsableAfterAnInterrupt() throws Exception {
        Parker p = new Parker();
        Thread.currentThread().interrupt();
        assertThatThrownBy(p::park).isInstanceOf(InterruptedException.class);
        p.wake();
        p.park();
    }
}
