package dev.weft.coro;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Blocking JDK calls inside a body park the coroutine and free the worker. */
@Timeout(30)
class CoroutineBlockingTest {

    @Test
    void blockingLatchAndSleepInABodyFreeTheOnlyWorkerAndStillComplete() throws Exception {
        try (TestExecutor ex = new TestExecutor("sleep", 1, TestExecutor.Placement.SHARED)) {
            Gate<Integer> sleeperStarted = new Gate<>();
            CountDownLatch release = new CountDownLatch(1);
            CompletableFuture<String> sleeper = ex.spawn(Weft.async(() -> {
                sleeperStarted.open(1);
                release.await(); // a blocking j.u.c call
                Thread.sleep(20);
                return "slept";
            }));
            CompletableFuture<String> other = ex.spawn(Weft.async(() -> "ran while blocked " + await(sleeperStarted)));
            assertThat(other.get(10, TimeUnit.SECONDS)).isEqualTo("ran while blocked 1");
            assertThat(sleeper).as("the body is still blocked: 'other' did not wait for it").isNotDone();
            release.countDown();
            assertThat(sleeper.get(10, TimeUnit.SECONDS)).isEqualTo("slept");
        }
    }

    @Test
    void blockingSocketReadAndLockInABodyComplete() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                TestExecutor ex = new TestExecutor("sock", 1, TestExecutor.Placement.SHARED)) {
            ReentrantLock lock = new ReentrantLock();
            lock.lock();
            CompletableFuture<String> reader = ex.spawn(Weft.async(() -> {
                try (Socket s = new Socket(server.getInetAddress(), server.getLocalPort())) {
                    InputStream in = s.getInputStream();
                    byte[] buf = new byte[5];
                    int n = in.readNBytes(buf, 0, 5); // blocks until the server writes
                    lock.lock(); // blocks until the test thread unlocks
                    try {
                        return new String(buf, 0, n, java.nio.charset.StandardCharsets.US_ASCII);
                    } finally {
                        lock.unlock();
                    }
                }
            }));
            try (Socket accepted = server.accept()) {
                assertThat(ex.spawn(Weft.async(() -> "worker free")).get(10, TimeUnit.SECONDS)).isEqualTo("worker free");
                OutputStream out = accepted.getOutputStream();
                out.write("hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                out.flush();
                assertThat(ex.spawn(Weft.async(() -> "still free")).get(10, TimeUnit.SECONDS)).isEqualTo("still free");
                lock.unlock();
                assertThat(reader.get(10, TimeUnit.SECONDS)).isEqualTo("hello");
            }
        }
    }

    @Test
    void virtualThreadsStartedByABodyRunOnTheJdkSchedulerNotOnTheCoroutine() throws Exception {
        try (TestExecutor ex = new TestExecutor("child", 1, TestExecutor.Placement.SHARED)) {
            CompletableFuture<String> r = ex.spawn(Weft.async(() -> {
                String[] seen = new String[1];
                Thread child = Thread.ofVirtual().start(() -> {
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    seen[0] = "child in coroutine: " + Coroutine.inCoroutine();
                });
                child.join(); // blocks the body (parks it), not the worker
                return seen[0];
            }));
            assertThat(r.get(10, TimeUnit.SECONDS)).isEqualTo("child in coroutine: false");
        }
    }
}
