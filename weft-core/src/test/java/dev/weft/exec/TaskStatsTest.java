package dev.weft.exec;

import dev.weft.task.TaskState;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import dev.weft.task.TaskStatistics;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Per-task statistics: off by default; on, each task's spawn site, polls, wakes and times. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TaskStatsTest {

    /** Wakes itself and answers pending on its first {@code n} polls, then waits for nothing, forever. */
    private static Future<Void> yieldsThenWaitsForever(int n) {
        int[] left = {n};
        return cx -> {
            if (left[0]-- > 0) cx.waker().wake();
            return Poll.pending();
        };
    }

    /** Polls {@code rt}'s dump until one entry matches, for at most 10 s. */
    private static TaskDump awaitEntry(WeftRuntime rt, Predicate<TaskDump> p) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            for (TaskDump t : rt.dumpTasks()) if (p.test(t)) return t;
            Thread.sleep(5);
        }
        throw new AssertionError("no such entry in " + rt.dumpTasks());
    }

    @Test
    void statisticsAreOffByDefaultAndTheDumpHasNone() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("nostats-").build()) {
            assertThat(rt.taskStats()).isEqualTo(Boolean.getBoolean("weft.taskStats"));
        }
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).taskStats(false).threadNamePrefix("nostats-").build()) {
            Task<Void> t = rt.spawn(yieldsThenWaitsForever(0));
            rt.blockOn(Future.lazy(() -> Future.ready(null)));
            assertThat(rt.dumpTasks()).allSatisfy(d -> {
                assertThat(d.stats()).isNull();
                assertThat(d.inStateNanos()).isEqualTo(-1);
            });
            t.cancel();
        }
    }

    @Test
    void aSelfWakingTaskCountsEachPollAndWakeAndItsSpawnSiteIsTheTest() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).taskStats(true).threadNamePrefix("stats-").build()) {
            Task<Void> t = rt.spawn(yieldsThenWaitsForever(50));
            TaskDump d = awaitEntry(rt, e -> e.stats() != null && e.stats().polls() == 51 && e.state() == TaskState.IDLE);
            TaskStatistics s = d.stats();
            assertThat(s.selfWakes()).isEqualTo(50);
            assertThat(s.wakes()).isEqualTo(50);
            assertThat(s.spawnSite()).startsWith(TaskStatsTest.class.getName() + ".aSelfWakingTask").contains("TaskStatsTest.java:");
            assertThat(s.busyNanos()).isPositive();
            assertThat(s.busyNanos() + s.scheduledNanos() + s.idleNanos()).isLessThanOrEqualTo(s.ageNanos() + 1_000_000);
            assertThat(s.sinceFirstPollNanos()).isPositive();
            assertThat(s.sinceLastPollNanos()).isBetween(0L, s.sinceFirstPollNanos());
            assertThat(d.inStateNanos()).isEqualTo(s.inStateNanos()).isNotNegative();
            t.cancel();
        }
    }

    @Test
    void aTaskNeverPolledYetIsInTheDumpAndItsQueueTimeCountsAsScheduled() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).taskStats(true).threadNamePrefix("starved-").build();
                AutoCloseable releaseAtEnd = release::countDown) {
            Task<Void> blocker = rt.spawn(cx -> {
                try {
                    release.await(); // holds the only worker: a poll that blocks, on purpose
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Poll.ready(null);
            });
            awaitEntry(rt, e -> e.state() == TaskState.RUNNING);
            Task<Void> starved = rt.spawn(yieldsThenWaitsForever(0));
            TaskDump d = awaitEntry(rt, e -> e.state() == TaskState.SCHEDULED && e.stats().ageNanos() > 50_000_000);
            assertThat(d.stats().polls()).isZero();
            assertThat(d.stats().sinceFirstPollNanos()).isEqualTo(-1);
            assertThat(d.stats().scheduledNanos()).isGreaterThan(50_000_000);
            assertThat(d.toString()).contains("spawned at " + TaskStatsTest.class.getName());
            release.countDown();
            rt.blockOn(blocker);
            TaskDump after = awaitEntry(rt, e -> e.stats() != null && e.stats().polls() == 1 && e.state() == TaskState.IDLE);
            assertThat(after.stats().scheduledNanos()).isGreaterThan(50_000_000);
            assertThat(rt.dumpTasks()).noneSatisfy(e -> assertThat(e.stats().longestPollNanos()).isGreaterThan(50_000_000))
                    .as("the blocker finished: only the starved task is left");
            starved.cancel();
        }
    }

    @Test
    void theMBeanTaskTableHasEachTasksRowWithItsSpawnSiteAndTheWorkerTableEachWorker() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).taskStats(true).threadNamePrefix("table-").build()) {
            Task<Void> t = rt.spawn(yieldsThenWaitsForever(3));
            awaitEntry(rt, e -> e.stats().polls() == 4);
            rt.awaitManagementBean();
            ObjectName name = new ObjectName("dev.weft:type=Runtime,name=" + ObjectName.quote("table-"));
            assertThat((Boolean) server.getAttribute(name, "TaskStats")).isTrue();
            CompositeData[] rows = (CompositeData[]) server.invoke(name, "taskTable", null, null);
            assertThat(rows).hasSize(1);
            assertThat(rows[0].get("id")).isEqualTo(((dev.weft.task.internal.RawTask<?>) t).id());
            assertThat(rows[0].get("state")).isEqualTo("idle");
            assertThat(rows[0].get("polls")).isEqualTo(4L);
            assertThat(rows[0].get("selfWakes")).isEqualTo(3L);
            assertThat((Long) rows[0].get("busyNanos")).isPositive();
            assertThat((String) rows[0].get("spawnSite")).startsWith(TaskStatsTest.class.getName());
            assertThat((String) rows[0].get("waitsOn")).startsWith("leaf ");
            CompositeData[] workers = (CompositeData[]) server.getAttribute(name, "WorkerTable");
            assertThat(workers).extracting(w -> w.get("name")).containsExactly("table-0", "table-1");
            assertThat(List.of(workers)).allSatisfy(w -> assertThat((Long) w.get("busyNanos")).isNotNegative());
            t.cancel();
        }
    }
}
