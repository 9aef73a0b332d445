package dev.weft.net.internal.epoll;

import dev.weft.net.internal.linux.Libc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Closing the epoll poller while a thread waits in it (a runtime closed while its only worker is
 * stuck, so its fallback thread still drives) wakes that thread for good. Closing the eventfd right
 * after the wake-up's write could remove the event before the sleeping thread harvested it; the
 * kernel then put it back to sleep on the epoll instance, with nothing left to wake it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EpollPollerCloseTest {
    private static final int ROUNDS = 200;

    @Test
    void aThreadWaitingInThePollerLeavesWhenThePollerIsClosed() throws Exception {
        assumeTrue(Libc.AVAILABLE, "no native access here: " + Libc.UNAVAILABLE_REASON);
        for (int round = 0; round < ROUNDS; round++) {
            EpollPoller p = new EpollPoller();
            CountDownLatch started = new CountDownLatch(1);
            // the driver's fallback loop: turns until it sees the driver closed
            java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
            Thread driving = Thread.ofPlatform().name("epoll-close-" + round).start(() -> {
                started.countDown();
                while (!closed.get()) p.poll(-1);
            });
            started.await();
            Thread.sleep(1); // most rounds: inside epoll_wait by now
            closed.set(true); // as Driver.close: closed, a wake-up, then the runtime closes the poller
            p.wakeup();
            p.close();
            driving.join(5_000);
            assertThat(driving.isAlive()).as("round %d: the driving thread still waits in the closed poller", round).isFalse();
        }
    }
}
