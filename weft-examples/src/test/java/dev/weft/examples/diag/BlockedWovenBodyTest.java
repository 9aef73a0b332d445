package dev.weft.examples.diag;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.coro.Coroutine;
import dev.weft.coro.WovenFuture;
import dev.weft.exec.BlockedWorker;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.task.Task;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@code Thread.sleep} in a woven body (this class is woven by the plugin's {@code weave-tests})
 * holds its worker, and the runtime reports it while it does, naming this file and the line of the
 * sleep; the same sleep in a stackful body parks the body's virtual thread and frees the worker, so
 * nothing is reported.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BlockedWovenBodyTest {

    static Future<Integer> sleepyBody(long millis) {
        return Weft.async(() -> {
            int v = await(Future.ready(1));
            Thread.sleep(millis); // SLEEP-IN-WOVEN-BODY
            return v;
        });
    }

    /** @return the line of this test's source that carries {@code marker} */
    private static int lineOf(String marker) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("src/test/java/dev/weft/examples/diag/BlockedWovenBodyTest.java"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("// " + marker)) return i + 1;
        }
        throw new AssertionError("no marker " + marker);
    }

    private static WeftRuntime runtime() {
        return WeftRuntime.builder().workers(2).threadNamePrefix("woven-sleep-").managementBean(false)
                .blockedWorkerThreshold(Duration.ofMillis(100)).build();
    }

    @Test
    void aSleepInAWovenBodyIsReportedWhileItHoldsTheWorkerNamingItsLine() throws Exception {
        try (WeftRuntime rt = runtime()) {
            Future<Integer> body = sleepyBody(3_000);
            assertThat(body).as("the body must be woven").isInstanceOf(WovenFuture.class);
            Task<Integer> t = rt.spawn(body);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(6);
            while (rt.blockedWorkers().isEmpty() && !t.isDone() && System.nanoTime() < deadline) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            }
            assertThat(t.isDone()).as("the report came while the worker was held").isFalse();
            assertThat(rt.blockedWorkers()).hasSize(1);
            BlockedWorker r = rt.blockedWorkers().get(0);
            assertThat(r.callSite().getFileName()).isEqualTo("BlockedWovenBodyTest.java");
            assertThat(r.callSite().getLineNumber()).isEqualTo(lineOf("SLEEP-IN-WOVEN-BODY"));
            assertThat(rt.blockOn(t)).isEqualTo(1);
            assertThat(rt.metrics().wovenBodies()).isZero(); // made on the test's thread, not on a worker
        }
    }

    @Test
    void theSameSleepInAStackfulBodyFreesTheWorkerAndIsNotReported() {
        try (WeftRuntime rt = runtime()) {
            int v = rt.blockOn(Coroutine.async(() -> {
                Thread.sleep(1_000);
                return 2;
            }));
            assertThat(v).isEqualTo(2);
            assertThat(rt.blockedWorkers()).isEmpty();
            assertThat(rt.metrics().blockedPolls()).isZero();
        }
    }
}
