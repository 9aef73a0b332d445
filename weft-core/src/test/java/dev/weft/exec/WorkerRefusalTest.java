package dev.weft.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.future.Future;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Every call that would block a worker is refused in the name of the call the user made, with what
 * to do instead: an await in a {@code map} lambda says {@code Weft.await(...)}, not the
 * {@code blockOn} it would have become.
 */
class WorkerRefusalTest {
    private static final String BLOCKING_ADVICE = "; run blocking calls with await(Blocking.unblock(() -> ...))";

    /** @return what {@code call} threw when made inside a poll on a worker of a fresh runtime */
    private static String refusalOnAWorker(Supplier<?> call) {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("refusing-").managementBean(false).build()) {
            try {
                rt.blockOn(Future.ready(0).map(x -> call.get()));
                throw new AssertionError("not refused");
            } catch (IllegalStateException e) {
                return e.getMessage();
            }
        }
    }

    @Test
    void anAwaitInAMapLambdaOnAWorkerNamesWeftAwaitAndWhereToAwaitInstead() {
        assertThat(refusalOnAWorker(() -> Weft.await(Future.ready(1)))).isEqualTo(
                "Weft.await(...) called on worker refusing-0 outside an async body would block it, and every task queued"
                        + " on it: inside a task, await the future in a Weft.async body, or return it to be polled (chain"
                        + " it with map or then)" + BLOCKING_ADVICE);
    }

    @Test
    void weftBlockOnOnAWorkerNamesWeftBlockOn() {
        assertThat(refusalOnAWorker(() -> Weft.blockOn(Future.ready(1))))
                .startsWith("Weft.blockOn(...) called on worker refusing-0 would block it, and every task queued on it: ")
                .endsWith(BLOCKING_ADVICE);
    }

    @Test
    void weftRunOnAWorkerNamesWeftRunAndTaskSpawn() {
        assertThat(refusalOnAWorker(() -> Weft.run(Future.ready(1))))
                .startsWith("Weft.run(...) called on worker refusing-0 would block it")
                .contains("spawn it on the current runtime with Task.spawn");
    }

    @Test
    void runtimeBlockOnOnAWorkerNamesWeftRuntimeBlockOn() {
        try (WeftRuntime other = WeftRuntime.builder().workers(1).managementBean(false).build()) {
            assertThat(refusalOnAWorker(() -> other.blockOn(Future.ready(1))))
                    .startsWith("WeftRuntime.blockOn(...) called on worker refusing-0 would block it");
        }
    }

    @Test
    void aLocalExecutorRunOnAWorkerNamesLocalExecutorRun() {
        try (LocalExecutor local = new LocalExecutor()) {
            assertThat(refusalOnAWorker(() -> local.run(Future.ready(1))))
                    .startsWith("LocalExecutor.run(...) called on worker refusing-0 would block it")
                    .contains("Task.spawn");
        }
    }
}
