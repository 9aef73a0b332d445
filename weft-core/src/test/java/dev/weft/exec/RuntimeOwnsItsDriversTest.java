package dev.weft.exec;

import dev.weft.exec.internal.BlockOn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.blocking.Blocking;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.task.Task;
import dev.weft.time.ManualClock;
import dev.weft.time.Time;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A runtime owns its timers, reactor and blocking pool: runtimes are independent of each other,
 * and {@code close()} leaves no thread, selector or file descriptor of theirs behind.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RuntimeOwnsItsDriversTest {
    private static final String PREFIX = "owns-drivers-";

    /** @return the open file descriptors of this process (Linux) */
    private static List<String> openFds() throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path p : (Iterable<Path>) fds::iterator) {
                try {
                    out.add(Files.readSymbolicLink(p).toString());
                } catch (IOException gone) {
                    // the fd of the listing itself, closed meanwhile
                }
            }
        }
        return out;
    }

    private static long selectors(List<String> fds) {
        return fds.stream().filter(f -> f.contains("eventpoll")).count();
    }

    private static List<Thread> threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
                .toList();
    }

    private static TcpListener bindLocal() {
        try {
            return TcpListener.bind("127.0.0.1", 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A hundred runtimes, each with sleeping tasks, connected sockets and a blocking job, closed. */
    @Test
    void closingAHundredBusyRuntimesLeavesNoThreadSelectorOrFdBehind() throws Exception {
        int fdsBefore = -1;
        long selectorsBefore = -1;
        for (int i = -1; i < 100; i++) {
            if (i == 0) { // after one round of warm-up: the JDK opens a few things once, for good
                fdsBefore = openFds().size();
                selectorsBefore = selectors(openFds());
            }
            WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix(PREFIX + i + "-").build();
            // made on a worker, so registered with this runtime's reactor
            TcpListener listener = rt.blockOn(Future.lazy(() -> Future.ready(bindLocal())));
            InetSocketAddress addr = listener.localAddress();
            Task<TcpStream> accepted = rt.spawn(Future.lazy(listener::accept));
            TcpStream client = rt.blockOn(TcpStream.connect(addr));
            TcpStream server = rt.blockOn(accepted);
            List<Task<?>> live = new ArrayList<>();
            live.add(rt.spawn(client.read(new byte[16], 0, 16))); // nobody writes: pending
            live.add(rt.spawn(server.read(new byte[16], 0, 16)));
            live.add(rt.spawn(Future.lazy(listener::accept))); // nobody else connects
            for (int s = 0; s < 10; s++) live.add(rt.spawn(Time.sleep(Duration.ofHours(1))));
            live.add(rt.spawn(Future.lazy(() -> Blocking.unblock(() -> {
                Thread.sleep(3_600_000); // until the pool's close interrupts it
                return null;
            }))));
            // a job queued behind a pool of one busy thread would do; here: wait until all is set up
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (rt.blockingPool().threadCount() < 1 && System.nanoTime() < deadline) Thread.onSpinWait();
            assertThat(rt.blockingPool().threadCount()).isEqualTo(1);
            if (i >= 0) assertThat(selectors(openFds())).isEqualTo(selectorsBefore + 1); // this runtime's own
            List<Thread> stuck = rt.shutdown(Duration.ofSeconds(10));
            assertThat(stuck).isEmpty();
            for (Task<?> t : live) assertThrows(CancellationException.class, () -> Weft_awaitOutside(t));
        }
        assertThat(threadsNamed(PREFIX)).isEmpty();
        List<String> after = openFds();

        assertThat(selectors(after)).isEqualTo(selectorsBefore);
        assertThat(after.size()).as("open fds: %s", after).isEqualTo(fdsBefore);
    }

    /** A task's handle awaited from this (plain) thread, after its runtime closed. */
    private static Object Weft_awaitOutside(Task<?> t) {
        return BlockOn.blockOn(t);
    }

    @Test
    void twoRuntimesWithManualClocksFireOnlyTheirOwnTimers() throws Exception {
        ManualClock clockA = new ManualClock();
        ManualClock clockB = new ManualClock(1_000_000_000L);
        try (WeftRuntime a = WeftRuntime.builder().workers(1).clock(clockA).threadNamePrefix(PREFIX + "a-").build();
                WeftRuntime b = WeftRuntime.builder().workers(1).clock(clockB).threadNamePrefix(PREFIX + "b-").build()) {
            assertThat(a.clock()).isSameAs(clockA);
            // made inside each runtime: on its clock from now
            Task<Void> napA = a.spawn(Future.lazy(() -> Time.sleep(Duration.ofHours(1))));
            Task<Void> napB = b.spawn(Future.lazy(() -> Time.sleep(Duration.ofHours(1))));
            // made on this thread, outside any runtime: on the clock of the runtime that polls it
            Task<Void> lateA = a.spawn(Time.sleep(Duration.ofHours(2)));
            a.blockOn(Future.lazy(() -> Future.ready(null))); // a round trip: the sleeps are registered
            b.blockOn(Future.lazy(() -> Future.ready(null)));
            Thread.sleep(50); // real time does not move manual clocks
            assertThat(napA.isDone() || napB.isDone() || lateA.isDone()).isFalse();

            clockA.advance(Duration.ofHours(1));
            a.blockOn(napA); // fires on A's clock ...
            Thread.sleep(50);
            assertThat(napB.isDone()).as("B's sleep fired on A's clock").isFalse(); // ... not on B's
            assertThat(lateA.isDone()).isFalse();

            clockB.advance(Duration.ofMinutes(59));
            Thread.sleep(50);
            assertThat(napB.isDone()).isFalse();
            clockB.advance(Duration.ofMinutes(1));
            b.blockOn(napB);

            clockA.advance(Duration.ofHours(1));
            a.blockOn(lateA);
        }
    }

    @Test
    void blockingWorkAfterCloseIsRefusedNotLost() throws Exception {
        WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix(PREFIX + "refuse-").build();
        dev.weft.blocking.BlockingPool pool = rt.blockingPool();
        rt.close();
        Exception e = assertThrows(RejectedExecutionException.class, () -> BlockOn.blockOn(pool.unblock(() -> 1)));
        assertThat(e).hasMessageContaining("closed");
    }

    @Test
    void shutdownTimeoutIsValidated() {
        assertThrows(IllegalArgumentException.class, () -> WeftRuntime.builder().shutdownTimeout(Duration.ofMillis(-1)));
        // zero: do not wait; a huge timeout saturates instead of overflowing
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).shutdownTimeout(Duration.ZERO).threadNamePrefix(PREFIX + "zero-").build()) {
            assertThat(rt.blockOn(Future.ready(1))).isEqualTo(1);
        } catch (IllegalStateException notStoppedYet) {
            // zero wait: threads may not have ended by the time close looked, and close says so
            assertThat(notStoppedYet).hasMessageContaining("did not stop within PT0S");
        }
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).shutdownTimeout(Duration.ofSeconds(Long.MAX_VALUE))
                .threadNamePrefix(PREFIX + "huge-").build()) {
            assertThat(rt.blockOn(Future.ready(2))).isEqualTo(2);
        }
        assertThrows(IllegalArgumentException.class, () -> {
            try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix(PREFIX + "neg-").build()) {
                rt.shutdown(Duration.ofSeconds(-1));
            }
        });
    }

    @Test
    void closeNamesTheThreadsThatDidNotStop() throws Exception {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        WeftRuntime rt = WeftRuntime.builder().workers(1).shutdownTimeout(Duration.ofMillis(200))
                .threadNamePrefix(PREFIX + "stuck-").build();
        java.util.concurrent.CountDownLatch polling = new java.util.concurrent.CountDownLatch(1);
        rt.spawn(cx -> {
            polling.countDown();
            try {
                release.await(); // a poll that does not return: its worker cannot stop
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Poll.ready(null);
        }).detach();
        polling.await();
        IllegalStateException e = assertThrows(IllegalStateException.class, rt::close);
        assertThat(e).hasMessageContaining("did not stop").hasMessageContaining(PREFIX + "stuck-0");
        release.countDown();
        assertThat(rt.shutdown(Duration.ofSeconds(10))).isEmpty();
    }
}
