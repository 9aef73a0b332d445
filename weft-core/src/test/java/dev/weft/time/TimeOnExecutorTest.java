package dev.weft.time;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.time.internal.Timers;
import dev.weft.task.Task;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Sleeps as tasks on the work-stealing executor: its idle workers drive the timers. */
@Timeout(60)
class TimeOnExecutorTest {

    /** Sleeps from its first poll; counts an early wake-up. */
    private static final class SleepTask implements Future<Void> {
        private final long delayMs;
        private final AtomicInteger early;
        private volatile Sleep sleep;

        SleepTask(long delayMs, AtomicInteger early) {
            this.delayMs = delayMs;
            this.early = early;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (sleep == null) sleep = Time.sleep(Duration.ofMillis(delayMs));
            if (sleep.poll(cx).isPending()) return Poll.pending();
            if (System.nanoTime() - sleep.deadline() < 0) early.incrementAndGet();
            return Poll.ready(null);
        }

        @Override
        public void cancel() {
            if (sleep != null) sleep.cancel();
        }

        /** Read from the test thread while the task runs: the volatile entry state answers. */
        boolean isRegistered() {
            Sleep s = sleep;
            return s != null && s.isRegistered();
        }
    }

    @Test
    void twentyThousandSleepingTasksOnTwoWorkersAllWakeNoneEarly() {
        int n = 20_000;
        AtomicInteger early = new AtomicInteger();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("time-test-").build()) {
            List<Task<Void>> tasks = new ArrayList<>(n);
            for (int i = 0; i < n; i++) tasks.add(rt.spawn(new SleepTask((i * 7919L) % 300, early)));
            for (Task<Void> t : tasks) rt.blockOn(t);
        }
        assertThat(early).hasValue(0);
    }

    @Test
    void cancellingSleepingTasksRemovesTheirTimers() {
        AtomicInteger early = new AtomicInteger();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("time-test-").build()) {
            List<Task<Void>> tasks = new ArrayList<>();
            List<SleepTask> sleepers = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                SleepTask s = new SleepTask(60_000, early);
                sleepers.add(s);
                tasks.add(rt.spawn(s));
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (sleepers.stream().filter(SleepTask::isRegistered).count() < 1000 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(sleepers).allMatch(SleepTask::isRegistered);
            int withMine = rt.<Integer>blockOn(cx -> Poll.ready(Timers.current().size()));
            assertThat(withMine).isGreaterThanOrEqualTo(1000); // the runtime's own wheel holds them
            for (Task<Void> t : tasks) t.cancel();
            assertThat(sleepers).noneMatch(SleepTask::isRegistered);
            int after = rt.<Integer>blockOn(cx -> Poll.ready(Timers.current().size()));
            assertThat(after).isLessThanOrEqualTo(withMine - 1000);
            for (Task<Void> t : tasks) {
                try {
                    rt.blockOn(t);
                    throw new AssertionError("cancelled task completed");
                } catch (CancellationException expected) {
                    // the cancelled task's outcome
                }
            }
        }
    }
}
