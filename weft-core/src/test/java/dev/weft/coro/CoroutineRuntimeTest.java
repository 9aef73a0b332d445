package dev.weft.coro;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.task.Task;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class CoroutineRuntimeTest {

    @Test
    void runtimeCurrentInsideACoroutineBodyIsTheRuntimeRunningIt() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("coro-rt-").build()) {
            WeftRuntime seen = rt.blockOn(Weft.async(() -> {
                await(dev.weft.time.Time.sleep(Duration.ofMillis(1))); // resumed on a worker
                return WeftRuntime.currentOrNull();
            }));
            assertThat(seen).isSameAs(rt);
        }
    }

    @Test
    void taskSpawnInsideACoroutineBodySpawnsOnThatRuntime() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("coro-spawn-").build()) {
            String worker = rt.blockOn(Weft.async(() -> {
                Task<String> child = Task.spawn(Future.lazy(() -> Future.ready(Thread.currentThread().getName())));
                return await(child);
            }));
            assertThat(worker).startsWith("coro-spawn-");
        }
    }
}
