package dev.weft.diag;

import static dev.weft.testkit.SelfWaking.yielding;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.blocking.Blocking;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import dev.weft.testkit.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Weft's JFR events stay unloaded in a JVM that never records (loading the first event class
 * starts JFR's machinery: most of a fresh runtime's start), and are recorded once JFR starts, also
 * when it starts after the runtime. Each case runs in a child JVM: this test JVM has JFR up already
 * ({@link JfrEventsTest}).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FlightRecorderGateTest {

    /** A small workload through every evented path: spawns and their ends, yields and steals, parks, a timer, the blocking pool, reactor turns. */
    static void workload(WeftRuntime rt) throws Exception {
        rt.blockOn(Future.lazy(() -> {
            List<Task<Integer>> ts = new ArrayList<>();
            for (int i = 0; i < 200; i++) ts.add(Task.spawn(yielding(20)));
            return Future.joinAll(ts);
        }));
        rt.blockOn(rt.spawn(Time.sleep(Duration.ofMillis(20))));
        rt.blockOn(Future.lazy(() -> Blocking.unblock(() -> 42)));
        if (LoopbackByte.exchange(rt) != 1) throw new IllegalStateException("the server read no byte");
    }

    /** The child of {@link #aRuntimeInAJvmThatNeverRecordsLoadsNoEventClass}: the workload, then "done". */
    public static final class NeverRecords {
        public static void main(String[] args) throws Exception {
            try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
                workload(rt);
            }
            System.out.println("done");
        }
    }

    /** The child of {@link #eventsAreRecordedWhenJfrStartsAfterTheRuntime}: prints event counts by type. */
    public static final class RecordsLater {
        public static void main(String[] args) throws Exception {
            Path file = Path.of(args[0]);
            try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
                workload(rt); // JFR not up yet
                try (Recording r = new Recording()) {
                    r.enable("dev.weft.TaskSpawned");
                    r.enable("dev.weft.ReactorTurn");
                    r.enable("dev.weft.RuntimeMetrics").withPeriod(Duration.ofMillis(50));
                    r.start();
                    workload(rt);
                    Thread.sleep(300); // a few periods of the metrics event
                    r.stop();
                    r.dump(file);
                }
            }
            long spawned = 0;
            long turns = 0;
            long metrics = 0;
            for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
                switch (e.getEventType().getName()) {
                    case "dev.weft.TaskSpawned" -> spawned++;
                    case "dev.weft.ReactorTurn" -> turns++;
                    case "dev.weft.RuntimeMetrics" -> metrics++;
                    default -> { }
                }
            }
            System.out.println("spawned=" + spawned + " turns=" + turns + " metrics=" + metrics);
        }
    }

    @Test
    void aRuntimeInAJvmThatNeverRecordsLoadsNoEventClass() throws Exception {
        String out = runChild(List.of("-Xlog:class+load=info:stdout"), NeverRecords.class);
        assertThat(out).contains("done");
        List<String> weftEvents = Arrays.stream(out.split("\\R"))
                .filter(l -> l.matches(".*\\bdev\\.weft\\.\\S*Event\\b.*"))
                .toList();
        assertThat(weftEvents).as("Weft event classes loaded without JFR").isEmpty();
        assertThat(out).as("the workload loaded the runtime's classes").contains("dev.weft.task.internal.RawTask ");
    }

    @Test
    void eventsAreRecordedWhenJfrStartsAfterTheRuntime(@TempDir Path dir) throws Exception {
        String out = runChild(List.of(), RecordsLater.class, dir.resolve("late.jfr").toString()).strip();
        String[] counts = out.substring(out.lastIndexOf("spawned=")).split(" ");
        assertThat(Long.parseLong(counts[0].substring("spawned=".length()))).as(out).isGreaterThanOrEqualTo(200);
        assertThat(Long.parseLong(counts[1].substring("turns=".length()))).as(out).isPositive();
        assertThat(Long.parseLong(counts[2].substring("metrics=".length()))).as(out).isPositive();
    }

    private static String runChild(List<String> jvmArgs, Class<?> main, String... args) throws Exception {
        return ChildJvm.run(jvmArgs, main, args).out();
    }
}
