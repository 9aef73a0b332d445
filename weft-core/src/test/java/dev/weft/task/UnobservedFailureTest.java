package dev.weft.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.exec.WeftRuntime;
import dev.weft.exec.internal.FailureLog;
import dev.weft.future.Future;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * No failure of a task is lost, and none is reported twice: a failed task whose handle is dropped
 * before anyone awaited it is reported once through the runtime's failure hook, when the handle
 * becomes unreachable; one whose failure an await took is never reported; a detached one is
 * reported when it fails. The default hook ({@link FailureLog}) logs a line naming the task.
 */
@Timeout(60)
class UnobservedFailureTest {

    private static Future<Integer> failing(String message) {
        return cx -> {
            throw new IllegalStateException(message);
        };
    }

    @Test
    void aFailureWhoseHandleWasDroppedUnawaitedIsReportedOnceWhenTheHandleIsCollected() {
        List<Throwable> hooked = new CopyOnWriteArrayList<>();
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).onUncaughtException(hooked::add).build()) {
            Task<Integer> awaited = rt.spawn(failing("awaited"));
            assertThatThrownBy(() -> rt.blockOn(awaited)).hasMessage("awaited");
            spawnAndDrop(rt, failing("dropped"));
            awaitCollected(() -> hooked.stream().anyMatch(t -> "dropped".equals(t.getMessage())));
            for (int i = 0; i < 3; i++) gc();
            assertThat(hooked).extracting(Throwable::getMessage).containsExactly("dropped");
            assertThat(awaited.isDone()).isTrue(); // the awaited task is still reachable here, and was never reported
        }
    }

    @Test
    void theDefaultHookLogsTheTaskThatFailedAndWasDetached() {
        List<String> lines = new CopyOnWriteArrayList<>();
        List<Throwable> thrown = new CopyOnWriteArrayList<>();
        System.Logger recording = new System.Logger() {
            @Override
            public String getName() {
                return "dev.weft";
            }

            @Override
            public boolean isLoggable(Level level) {
                return true;
            }

            @Override
            public void log(Level level, java.util.ResourceBundle bundle, String msg, Throwable t) {
                lines.add(level + " " + msg);
                thrown.add(t);
            }

            @Override
            public void log(Level level, java.util.ResourceBundle bundle, String format, Object... params) {
                lines.add(level + " " + format);
            }
        };
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).onUncaughtException(new FailureLog(recording)).build()) {
            rt.spawn(new NamedFailure()).detach();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (lines.isEmpty() && System.nanoTime() < deadline) Thread.onSpinWait();
        }
        assertThat(lines).singleElement().satisfies(l -> assertThat(l).startsWith("WARNING task ")
                .contains("NamedFailure").contains("detached").contains("boom"));
        assertThat(thrown).singleElement().satisfies(t -> assertThat(t).hasMessage("boom"));
    }

    /** A future whose class names it in the report. */
    static final class NamedFailure implements Future<Integer> {
        @Override
        public dev.weft.future.Poll<Integer> poll(dev.weft.future.Context cx) {
            throw new IllegalStateException("boom");
        }

        @Override
        public String toString() {
            return "NamedFailure";
        }
    }

    /** Spawns, waits for the end, and keeps no reference to the handle. */
    private static void spawnAndDrop(WeftRuntime rt, Future<Integer> f) {
        Task<Integer> t = rt.spawn(f);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!t.isDone() && System.nanoTime() < deadline) Thread.onSpinWait();
        assertThat(t.isDone()).isTrue();
    }

    private static void awaitCollected(BooleanSupplier done) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("the dropped failure was not reported within 20 s");
            gc();
        }
    }

    private static void gc() {
        System.gc();
        try {
            Thread.sleep(10); // the cleaner thread runs the report after the collection
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
