package dev.weft.exec;

import dev.weft.task.TaskState;
import static dev.weft.Weft.await;
import static dev.weft.testkit.SelfWaking.yielding;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.sync.Channel;
import dev.weft.task.Task;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A runtime's counters, its MBean and its task dump show what its workers and tasks do. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RuntimeMetricsTest {


    @Test
    void countersAddUpToTheWorkDone() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("metrics-").build()) {
            RuntimeMetrics before = rt.metrics();
            List<Task<Integer>> tasks = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) tasks.add(rt.spawn(yielding(3)));
            for (Task<Integer> t : tasks) assertThat(rt.blockOn(t)).isEqualTo(3);
            RuntimeMetrics after = rt.metrics();
            // every task polled 4 times (3 pending, 1 ready), plus the blockOn roots
            assertThat(after.totalPolls() - before.totalPolls()).isGreaterThanOrEqualTo(4_000);
            assertThat(after.workers()).hasSize(2);
            assertThat(after.totalBusyNanos()).isPositive();
            assertThat(after.liveTasks()).isZero();
            assertThat(after.name()).isEqualTo("metrics-");
            long parks = after.workers().stream().mapToLong(WorkerMetrics::parks).sum();
            assertThat(parks).as("workers went idle between the blockOn calls").isPositive();
        }
    }

    @Test
    void theMBeanShowsTheRuntimeWhileItRunsAndIsGoneAfterClose() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name;
        try (WeftRuntime a = WeftRuntime.builder().workers(1).threadNamePrefix("bean-").build();
                WeftRuntime b = WeftRuntime.builder().workers(3).threadNamePrefix("bean-").build()) {
            assertThat(b.name()).as("a second live runtime of the same prefix").isEqualTo("bean-#2");
            b.awaitManagementBean();
            name = new ObjectName("dev.weft:type=Runtime,name=" + ObjectName.quote(b.name()));
            assertThat(server.getAttribute(name, "Workers")).isEqualTo(3);
            assertThat((String[]) server.getAttribute(name, "WorkerSummaries")).hasSize(3);
            b.blockOn(yielding(5));
            assertThat((Long) server.getAttribute(name, "TotalPolls")).isGreaterThanOrEqualTo(6L);
            Channel<String> ch = Channel.bounded(1);
            Task<String> stuck = b.spawn(ch.receiver().recv());
            while (b.dumpTasks().stream().noneMatch(d -> d.state() == TaskState.IDLE)) Thread.sleep(1); // queued first, then idle
            assertThat((String) server.invoke(name, "dumpTasks", null, null)).contains("idle").contains("leaf ");
            stuck.cancel();
        }
        assertThat(server.isRegistered(name)).isFalse();
    }

    @Test
    void aRuntimeBuiltWithoutItsMBeanIsNotInTheMBeanServerButStillNamedAndMeasured() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("no-bean-").managementBean(false).build()) {
            ObjectName name = new ObjectName("dev.weft:type=Runtime,name=" + ObjectName.quote(rt.name()));
            assertThat(rt.name()).isEqualTo("no-bean-");
            assertThat(server.isRegistered(name)).isFalse();
            rt.blockOn(yielding(3));
            assertThat(rt.metrics().totalPolls()).isGreaterThanOrEqualTo(4L);
        }
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("no-bean-").build()) {
            ObjectName name = new ObjectName("dev.weft:type=Runtime,name=" + ObjectName.quote(rt.name()));
            assertThat(rt.name()).as("the name was freed at close").isEqualTo("no-bean-");
            rt.awaitManagementBean();
            assertThat(server.isRegistered(name)).as("the default registers it").isTrue();
        }
    }

    @Test
    void aRuntimeClosedRightAfterItsBuildLeavesNoMBeanBehind() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        for (int i = 0; i < 20; i++) {
            ObjectName name;
            try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("brief-").build()) {
                name = new ObjectName("dev.weft:type=Runtime,name=" + ObjectName.quote(rt.name()));
            } // closed while its registrar may still be registering the bean
            assertThat(server.isRegistered(name)).as("round " + i).isFalse();
            assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("brief-jmx"));
        }
    }

    @Test
    void theDumpOfAStackfulTaskStuckOnARecvShowsItsStack() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("dump-").build()) {
            Channel<String> ch = Channel.bounded(1);
            Task<String> t = rt.spawn(Weft.async(() -> "outer " + await(Weft.async(() -> "inner " + await(ch.receiver().recv())))));
            List<TaskDump> dump = rt.dumpTasks();
            for (int i = 0; i < 5_000 && dump.stream().noneMatch(d -> d.state() == TaskState.IDLE); i++) {
                Thread.sleep(1);
                dump = rt.dumpTasks();
            }
            TaskDump d = dump.stream().filter(x -> x.state() == TaskState.IDLE).findFirst().orElseThrow();
            String text = d.toString();
            assertThat(text).contains("stackful coroutine").contains("RuntimeMetricsTest.lambda$");
            // both bodies are on the one stack (an unstarted coroutine awaited runs inline)
            assertThat(text.split("RuntimeMetricsTest\\.lambda\\$", -1)).hasSizeGreaterThanOrEqualTo(3);
            rt.blockOn(ch.sender().send("x"));
            assertThat(rt.blockOn(t)).isEqualTo("outer inner x");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!rt.dumpTasks().isEmpty() && System.nanoTime() < deadline) Thread.sleep(1); // the blockOn root ends
            assertThat(rt.dumpTasks()).isEmpty();
        }
    }
}
