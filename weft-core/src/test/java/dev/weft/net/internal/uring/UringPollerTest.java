package dev.weft.net.internal.uring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.net.internal.StreamEndpoint;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The io_uring poller on its own, driven by the test: a wake-up ends a wait in the ring; closing
 * the poller while a thread waits in it lets that thread go (as {@code EpollPollerCloseTest} for
 * epoll); closing it with a receive in flight cancels and reaps it before the buffer is given back.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UringPollerTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress("127.0.0.1", 0);

    @BeforeEach
    void uring() {
        UringProbe.Result r = UringProbe.result();
        assumeTrue(r.available(), () -> "io_uring is not available here: " + r.reason());
    }

    @Test
    void aWakeupEndsAWaitWithoutTimeout() throws Exception {
        UringPoller p = new UringPoller();
        try {
            for (int round = 0; round < 100; round++) {
                CountDownLatch started = new CountDownLatch(1);
                Thread t = Thread.ofPlatform().start(() -> {
                    started.countDown();
                    p.poll(-1);
                });
                started.await();
                p.wakeup();
                t.join(5_000);
                assertThat(t.isAlive()).as("round %d: still waiting after the wake-up", round).isFalse();
            }
        } finally {
            p.close();
        }
    }

    /**
     * Regression: the wait asked the kernel to submit the ring's size of entries, and
     * {@code io_uring_enter} skips its wait when it submits fewer than asked, so every wait
     * returned at once (the driving worker spun: 31 calls per echo round trip, W6 at 0.46x Tokio).
     */
    @Test
    void aWaitWithNothingQueuedLastsItsTimeoutInsteadOfReturningAtOnce() throws Exception {
        UringPoller p = new UringPoller();
        try {
            long t0 = System.nanoTime();
            p.poll(50_000_000L);
            assertThat(System.nanoTime() - t0).as("nanoseconds waited of 50 ms").isGreaterThan(40_000_000L);
        } finally {
            p.close();
        }
    }

    @Test
    void aThreadWaitingInThePollerLeavesWhenThePollerIsClosed() throws Exception {
        for (int round = 0; round < 100; round++) {
            UringPoller p = new UringPoller();
            CountDownLatch started = new CountDownLatch(1);
            AtomicBoolean closed = new AtomicBoolean();
            Thread driving = Thread.ofPlatform().name("uring-close-" + round).start(() -> {
                started.countDown();
                while (!closed.get()) p.poll(-1);
            });
            started.await();
            closed.set(true); // as Driver.close: closed, a wake-up, then the runtime closes the poller
            p.wakeup();
            p.close();
            driving.join(5_000);
            assertThat(driving.isAlive()).as("round %d: the driving thread still waits in the closed poller", round).isFalse();
        }
    }

    @Test
    void closeCancelsAReceiveInFlightAndGivesItsBufferBackAfterItsCompletion() throws Exception {
        PoisonBuffers buffers = new PoisonBuffers(false);
        UringPoller p = new UringPoller(buffers);
        CancelStress driver = new CancelStress(p, buffers);
        Context cx = Context.of(Waker.noop());
        UringListener l = UringListener.bind(p, LOOPBACK, 8);
        UringConnect c = new UringConnect(p, l.localAddress());
        StreamEndpoint[] client = new StreamEndpoint[1];
        driver.drive(() -> c.poll(cx) instanceof Poll.Ready<StreamEndpoint>(StreamEndpoint s) && (client[0] = s) != null, "connect");
        StreamEndpoint[] server = new StreamEndpoint[1];
        driver.drive(() -> (server[0] = l.accept()) != null, "accept");
        assertThat(client[0].pollRead(cx, ByteBuffer.allocate(64)).isPending()).isTrue();
        assertThat(p.inFlight()).as("the listener's accept and the client's receive").isEqualTo(2);
        assertThat(p.registeredCount()).isEqualTo(3);
        int closed = p.close();
        assertThat(closed).isEqualTo(3);
        assertThat(p.inFlight()).as("in flight after close").isZero();
        assertThat(p.registeredCount()).as("sockets left open").isZero();
        assertThat(buffers.quarantined()).as("the receive's buffer, given back once").isEqualTo(1);
        assertThat(buffers.touched()).isZero();
        try {
            client[0].pollRead(cx, ByteBuffer.allocate(8));
            throw new AssertionError("read a closed stream");
        } catch (ClosedChannelException expected) {
            // the runtime's close closed it
        }
    }
}
