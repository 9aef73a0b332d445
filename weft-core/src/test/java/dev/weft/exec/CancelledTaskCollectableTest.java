package dev.weft.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.sync.Channel;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import dev.weft.net.IoPoller;
import org.junit.jupiter.api.Timeout;

/**
 * A cancelled (or finished) task is unreachable from the runtime once its cancel hook ran, whatever
 * it waited on, and even when its future forgot to forward {@code cancel()} to what it held.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CancelledTaskCollectableTest {

    /**
     * Polls {@code inner} once per poll of its own; forwards {@code cancel()} to it only if told
     * to (a careless hand-written future does not, and leaves inner's registration behind).
     */
    static final class Wrapper<T> implements Future<T> {
        private final Future<T> inner;
        private final CountDownLatch polled;
        private final boolean forward;

        Wrapper(Future<T> inner, CountDownLatch polled, boolean forward) {
            this.inner = inner;
            this.polled = polled;
            this.forward = forward;
        }

        @Override
        public Poll<T> poll(Context cx) throws Exception {
            Poll<T> p = inner.poll(cx);
            polled.countDown();
            return p;
        }

        @Override
        public void cancel() {
            if (forward) inner.cancel();
        }
    }

    private static WeakReference<Task<?>> spawnPollCancel(WeftRuntime rt, Supplier<Future<?>> make, boolean forward)
            throws Exception {
        CountDownLatch polled = new CountDownLatch(1);
        @SuppressWarnings("unchecked")
        Future<Object> inner = (Future<Object>) make.get();
        Task<?> t = rt.spawn(new Wrapper<>(inner, polled, forward));
        assertThat(polled.await(10, TimeUnit.SECONDS)).as("polled").isTrue();
        rt.blockOn(t.cancelAndJoin());
        return new WeakReference<>(t);
    }

    private static void assertCollected(WeakReference<?> ref, String what) throws InterruptedException {
        for (int i = 0; i < 100 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertThat(ref.get()).as(what + ": the cancelled task is still reachable").isNull();
    }

    @Test
    void aCancelledSleepLeavesNothingBehind() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            assertCollected(spawnPollCancel(rt, () -> Time.sleep(Duration.ofHours(1)), true), "sleep");
        }
    }

    @Test
    void aCancelledRecvLeavesNothingBehind() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            Channel<Integer> ch = Channel.bounded(1);
            assertCollected(spawnPollCancel(rt, () -> ch.receiver().recv(), true), "recv");
            assertThat(ch.sender().trySend(1)).isTrue(); // the channel lives on
        }
    }

    @Test
    void aCancelledAcceptAndReadLeaveNothingBehind() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build();
                TcpListener l = TcpListener.bind("127.0.0.1", 0)) {
            assertCollected(spawnPollCancel(rt, l::accept, true), "accept");
            Task<TcpStream> accepted = rt.spawn(l.accept());
            try (TcpStream client = rt.blockOn(TcpStream.connect(l.localAddress()));
                    TcpStream server = rt.blockOn(accepted)) {
                byte[] buf = new byte[16];
                assertCollected(spawnPollCancel(rt, () -> server.read(buf, 0, buf.length), true), "read");
                client.setNoDelay(true);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void aForgottenAcceptAndAForgottenReadOnASilentSocketAreSweptAndTheirTasksCollected(IoPoller poller) throws Exception {
        dev.weft.net.Pollers.assumeAvailable(poller);
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).poller(poller).build()) {
            // bound and connected on the runtime, so on its poller
            TcpListener l = rt.blockOn((Future<TcpListener>) cx -> Poll.ready(TcpListener.bind("127.0.0.1", 0)));
            WeakReference<Task<?>> accept = spawnPollCancel(rt, l::accept, false);
            Task<TcpStream> accepted = rt.spawn(l.accept());
            try (TcpStream client = rt.blockOn(TcpStream.connect(l.localAddress()));
                    TcpStream server = rt.blockOn(accepted)) {
                byte[] buf = new byte[16];
                WeakReference<Task<?>> read = spawnPollCancel(rt, () -> server.read(buf, 0, buf.length), false);
                // the socket stays open and silent; the poller sweeps within a second of its turns
                rt.blockOn(Time.sleep(Duration.ofMillis(1500)));
                assertCollected(read, "a read its future forgot to cancel, on a silent socket");
                client.setNoDelay(true);
            }
            assertCollected(accept, "an accept its future forgot to cancel");
            l.close();
        }
    }

    @Test
    void aForgottenSleepIsSweptOnceTheWheelHasGrownAndItsTaskIsCollected() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            WeakReference<Task<?>> ref = spawnPollCancel(rt, () -> Time.sleep(Duration.ofDays(365)), false);
            // live timers registered after it: when the wheel has doubled it is swept of dead entries
            List<Task<Void>> live = new ArrayList<>();
            for (int i = 0; i < 1100; i++) live.add(rt.spawn(Time.sleep(Duration.ofHours(1))));
            rt.blockOn(Time.sleep(Duration.ofMillis(50))); // the live sleeps have registered
            assertCollected(ref, "a sleep its future forgot to cancel");
            for (Task<Void> t : live) t.cancel();
        }
    }

    @Test
    void aForgottenRecvDoesNotSwallowTheNextMessageAndItsTaskIsCollected() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            Channel<Integer> ch = Channel.bounded(4);
            WeakReference<Task<?>> ref = spawnPollCancel(rt, () -> ch.receiver().recv(), false);
            Task<Integer> live = rt.spawn(ch.receiver().recv());
            rt.blockOn(Time.sleep(Duration.ofMillis(20))); // the live receiver waits behind the dead one
            assertThat(ch.sender().trySend(7)).isTrue();
            assertThat(rt.blockOn(Time.timeout(live, Duration.ofSeconds(10)))).isEqualTo(7);
            assertCollected(ref, "a recv its future forgot to cancel");
        }
    }

    @Test
    void manyForgottenListenersAreSweptWithoutAnyNotify() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            Channel<Integer> ch = Channel.bounded(4);
            WeakReference<Task<?>> ref = spawnPollCancel(rt, () -> ch.receiver().recv(), false);
            List<Task<Integer>> live = new ArrayList<>();
            for (int i = 0; i < 200; i++) live.add(rt.spawn(ch.receiver().recv()));
            rt.blockOn(Time.sleep(Duration.ofMillis(50)));
            assertCollected(ref, "a listener left in the list with no notify since");
            for (Task<Integer> t : live) t.cancel();
        }
    }
}
