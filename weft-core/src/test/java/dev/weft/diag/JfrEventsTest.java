package dev.weft.diag;

import static dev.weft.testkit.SelfWaking.yielding;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.blocking.Blocking;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import dev.weft.task.Task;
import dev.weft.task.TaskLocal;
import dev.weft.task.internal.RawTask;
import dev.weft.testkit.ScopedTasks;
import dev.weft.time.MonotonicClock;
import dev.weft.time.internal.TimerEntry;
import dev.weft.time.internal.Timers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A JFR recording of a small workload holds each of Weft's event types, with sane fields. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JfrEventsTest {


    @Test
    void aRecordingOfASmallWorkloadHasEveryWeftEventType(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("weft.jfr");
        try (Recording r = new Recording()) {
            for (String e : List.of("TaskSpawned", "TaskEnded", "WorkerPark", "Steal", "BlockingJob", "ReactorTurn")) {
                r.enable("dev.weft." + e);
            }
            r.enable("dev.weft.LongPoll").withThreshold(Duration.ofMillis(5));
            r.enable("dev.weft.RuntimeMetrics").withPeriod(Duration.ofMillis(100));
            r.start();
            try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("jfr-").build()) {
                // spawned and ended, completed / failed / cancelled
                rt.blockOn(rt.spawn(yielding(2)));
                Task<Integer> failing = rt.spawn(cx -> { throw new IllegalStateException("boom"); });
                try {
                    rt.blockOn(failing);
                } catch (IllegalStateException expected) {
                    // the failure is the outcome
                }
                Task<Void> never = rt.spawn(Future.pending());
                rt.blockOn(Future.lazy(() -> Future.ready(null)));
                never.cancel();
                // a long poll: 20 ms in one poll
                rt.blockOn(rt.spawn(cx -> {
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return Poll.ready(null);
                }));
                // steals: one task spawns many that yield, from one worker; its sibling steals
                rt.blockOn(Future.lazy(() -> {
                    List<Task<Integer>> ts = new ArrayList<>();
                    for (int i = 0; i < 2_000; i++) ts.add(Task.spawn(yielding(20)));
                    return Future.joinAll(ts);
                }));
                // a blocking job
                rt.blockOn(Future.lazy(() -> Blocking.unblock(() -> 42)));
                // reactor turns: a connection, one byte each way
                assertThat(LoopbackByte.exchange(rt)).isEqualTo(1);
                Thread.sleep(300); // periodic metrics events, and idle workers parking
            }
            r.stop();
            r.dump(file);
        }
        Map<String, List<RecordedEvent>> byType = new HashMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (e.getEventType().getName().startsWith("dev.weft.")) {
                byType.computeIfAbsent(e.getEventType().getName(), k -> new ArrayList<>()).add(e);
            }
        }
        assertThat(byType).containsKeys("dev.weft.TaskSpawned", "dev.weft.TaskEnded", "dev.weft.LongPoll",
                "dev.weft.WorkerPark", "dev.weft.Steal", "dev.weft.BlockingJob", "dev.weft.ReactorTurn",
                "dev.weft.RuntimeMetrics");
        assertThat(byType.get("dev.weft.TaskSpawned")).allSatisfy(e -> {
            assertThat(e.getString("taskId")).matches("[0-9a-f]+");
            assertThat(e.getStackTrace()).as("the spawn site").isNotNull();
        });
        List<String> outcomes = byType.get("dev.weft.TaskEnded").stream().map(e -> e.getString("outcome")).toList();
        assertThat(outcomes).contains("completed", "failed", "cancelled");
        assertThat(byType.get("dev.weft.TaskEnded")).filteredOn(e -> "failed".equals(e.getString("outcome")))
                .allSatisfy(e -> assertThat(e.getString("failure")).contains("boom"));
        assertThat(byType.get("dev.weft.TaskEnded")).allSatisfy(e -> assertThat(e.getLong("lifetime")).isGreaterThanOrEqualTo(0));
        assertThat(byType.get("dev.weft.LongPoll")).anySatisfy(e -> assertThat(e.getDuration().toMillis()).isGreaterThanOrEqualTo(19));
        assertThat(byType.get("dev.weft.WorkerPark")).allSatisfy(e -> assertThat(e.getString("worker")).startsWith("jfr-"));
        assertThat(byType.get("dev.weft.Steal")).allSatisfy(e -> assertThat(e.getInt("tasks")).isPositive());
        assertThat(byType.get("dev.weft.BlockingJob")).allSatisfy(e -> assertThat(e.getString("pool")).isEqualTo("jfr-blocking"));
        assertThat(byType.get("dev.weft.ReactorTurn")).allSatisfy(e -> assertThat(e.getInt("readyKeys")).isPositive());
        assertThat(byType.get("dev.weft.RuntimeMetrics")).anySatisfy(e -> {
            assertThat(e.getString("runtime")).isEqualTo("jfr-");
            assertThat(e.getInt("workers")).isEqualTo(2);
            assertThat(e.getLong("polls")).isGreaterThan(40_000);
        });
    }

    /** The ids of what {@link #runScopes} spawned: a task under no scope, then a, b and e. */
    private record Spawned(String plain, String a, String b, String e) {}

    /**
     * On a plain thread, with {@code requestId=r-17} bound: the scope {@code request} (fail-fast)
     * with the child a, and nested in it {@code fan-out} (a supervisor) with the children b, which
     * completes, and e, pending until the close of {@code fan-out} cancels it. Hand-written
     * futures on a plain thread (stackful bodies: {@link #theEndOfEveryChildAStackfulBodySpawnsIsRecordedWithItsScope}).
     */
    private static Spawned runScopes(WeftRuntime rt) throws Exception {
        Task<Integer> plain = rt.spawn(yielding(1));
        rt.blockOn(plain);
        return TaskLocal.where(ScopedTasks.REQUEST_ID, "r-17").call(() -> {
            try (TaskScope<Object, Void> request = TaskScope.open(Joiner.failFast(), c -> c.withName("request").withRuntime(rt))) {
                Task<Integer> a = request.spawn(yielding(1));
                try (TaskScope<Object, List<Throwable>> fanOut = TaskScope.open(Joiner.supervisor(),
                        c -> c.withName("fan-out").withRuntime(rt))) {
                    Task<Integer> b = fanOut.spawn(yielding(2));
                    Task<Void> e = fanOut.spawn(Future.pending());
                    rt.blockOn(b);
                    rt.blockOn(a);
                    return new Spawned(id(plain), id(a), id(b), id(e));
                }
            }
        });
    }

    /**
     * A task's and a steal's events are one per task and per steal (a recording of them costs
     * several microseconds of CPU per task): the JDK's own configurations leave them off, as they
     * do {@code jdk.VirtualThreadStart}, and a recording turns them on only when asked.
     */
    @Test
    void theJdksDefaultAndProfileConfigurationsLeaveThePerTaskAndStealEventsOff(@TempDir Path dir) throws Exception {
        for (String config : List.of("default", "profile")) {
            Path file = dir.resolve(config + ".jfr");
            try (Recording r = new Recording(jdk.jfr.Configuration.getConfiguration(config))) {
                r.enable("dev.weft.RuntimeMetrics").withPeriod(Duration.ofMillis(50)); // what stays on shows up
                r.start();
                try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("jfr-" + config + "-").build()) {
                    for (int i = 0; i < 200; i++) rt.blockOn(rt.spawn(yielding(2)));
                    Thread.sleep(150);
                }
                r.stop();
                r.dump(file);
            }
            List<String> types = RecordingFile.readAllEvents(file).stream().map(e -> e.getEventType().getName())
                    .filter(n -> n.startsWith("dev.weft.")).toList();
            assertThat(types).as(config).contains("dev.weft.RuntimeMetrics")
                    .doesNotContain("dev.weft.TaskSpawned", "dev.weft.TaskEnded", "dev.weft.Steal");
        }
    }

    @Test
    void taskEventsNameTheScopeOfEachChildAndItsTaskLocalBindingsACancelledChildToo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("scopes.jfr");
        Spawned ids;
        try (Recording r = new Recording()) {
            r.enable("dev.weft.TaskSpawned");
            r.enable("dev.weft.TaskEnded");
            r.start();
            try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("jfr-scopes-").build()) {
                ids = runScopes(rt);
            }
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        for (String type : List.of("dev.weft.TaskSpawned", "dev.weft.TaskEnded")) {
            assertThat(event(events, type, ids.a())).satisfies(scoped("request"));
            assertThat(event(events, type, ids.b())).satisfies(scoped("fan-out"));
            assertThat(event(events, type, ids.e())).satisfies(scoped("fan-out"));
            assertThat(event(events, type, ids.plain())).satisfies(e -> {
                assertThat(e.getString("scope")).isNull();
                assertThat(e.getString("context")).isEmpty();
            });
        }
        assertThat(event(events, "dev.weft.TaskEnded", ids.b()).getString("outcome")).isEqualTo("completed");
        assertThat(event(events, "dev.weft.TaskEnded", ids.e()).getString("outcome")).isEqualTo("cancelled");
    }

    @Test
    void withoutItsSpawnRecordedTheEndOfACompletedAndOfACancelledChildNamesItsScope(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("ended.jfr");
        Spawned ids;
        try (Recording r = new Recording()) {
            r.enable("dev.weft.TaskEnded");
            r.disable("dev.weft.TaskSpawned"); // off by default, and off here whatever the default
            r.start();
            try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("jfr-ended-").build()) {
                ids = runScopes(rt);
            }
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        assertThat(events).noneMatch(e -> e.getEventType().getName().equals("dev.weft.TaskSpawned"));
        assertThat(event(events, "dev.weft.TaskEnded", ids.b())).satisfies(scoped("fan-out"));
        // a cancelled task keeps its future until its end event: its scope is known there too
        assertThat(event(events, "dev.weft.TaskEnded", ids.e())).satisfies(e -> {
            assertThat(e.getString("outcome")).isEqualTo("cancelled");
            assertThat(e.getString("scope")).isEqualTo("fan-out");
        });
    }

    /**
     * On JDK 25 a carrier loses the first JFR event it commits after a virtual thread that
     * committed one ran on it: here a stackful body commits each child's spawn, and without the
     * carrier's resync the worker lost the end event of nearly every child (300 bodies with a
     * child each: 301 end events for 600 tasks).
     */
    @Test
    void theEndOfEveryChildAStackfulBodySpawnsIsRecordedWithItsScope(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("stackful.jfr");
        List<String> children = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (Recording r = new Recording()) {
            r.enable("dev.weft.TaskSpawned");
            r.enable("dev.weft.TaskEnded");
            r.start();
            try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("jfr-stackful-").build()) {
                for (int i = 0; i < 100; i++) {
                    rt.blockOn(rt.spawn(Weft.async(() -> {
                        try (TaskScope<Integer, List<Integer>> s = TaskScope.open(Joiner.allInOrder(), c -> c.withName("stackful"))) {
                            children.add(id(s.spawn(yielding(1))));
                            children.add(id(s.spawn(yielding(2))));
                            return Weft.await(s.join()).size();
                        }
                    })));
                }
            }
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        assertThat(children).hasSize(200);
        for (String child : children) {
            assertThat(event(events, "dev.weft.TaskEnded", child)).satisfies(e -> {
                assertThat(e.getString("outcome")).isEqualTo("completed");
                assertThat(e.getString("scope")).isEqualTo("stackful");
            });
        }
        assertThat(events).as("the resync events take the loss: none is recorded")
                .noneMatch(e -> e.getEventType().getName().equals("dev.weft.CarrierResync"));
    }

    private static String id(Task<?> t) {
        return ((RawTask<?>) t).id();
    }

    private static RecordedEvent event(List<RecordedEvent> events, String type, String taskId) {
        List<RecordedEvent> of = events.stream()
                .filter(e -> e.getEventType().getName().equals(type) && taskId.equals(e.getString("taskId"))).toList();
        assertThat(of).as("%s of task %s", type, taskId).hasSize(1);
        return of.getFirst();
    }

    private static Consumer<RecordedEvent> scoped(String scope) {
        return e -> {
            assertThat(e.getString("scope")).as("scope of %s", e).isEqualTo(scope);
            assertThat(e.getString("context")).as("context of %s", e).isEqualTo("requestId=r-17");
        };
    }

    @Test
    void aTimerFiredLaterThanTheLatenessSettingIsRecordedWithItsLatenessAndDeadline(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("late.jfr");
        Timers timers = new Timers(MonotonicClock.system(), () -> {});
        long base = System.nanoTime();
        TimerEntry late = new TimerEntry();
        TimerEntry nearlyOnTime = new TimerEntry();
        try (Recording r = new Recording()) {
            r.enable("dev.weft.TimerLateness"); // the default setting: 5 ms
            r.start();
            assertThat(timers.register(late, base + 2_000_000, () -> {})).isTrue();
            assertThat(timers.register(nearlyOnTime, base + 12_000_000, () -> {})).isTrue();
            // fired at +14 ms: 12 ms late and 2 ms late (each within the wheel's 1 ms tick)
            assertThat(timers.fireExpired(base + 14_000_000)).isEqualTo(2);
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("dev.weft.TimerLateness")).toList();
        assertThat(events).as("only the timer later than 5 ms").hasSize(1);
        RecordedEvent e = events.get(0);
        assertThat(e.getDuration("lateness").toNanos()).isBetween(11_000_000L, 12_000_000L);
        assertThat(e.getLong("deadline") - base).isBetween(2_000_000L, 3_000_000L);
    }
}
