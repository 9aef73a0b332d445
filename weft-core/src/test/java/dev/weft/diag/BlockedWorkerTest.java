package dev.weft.diag;

import static dev.weft.diag.BlockedWorkerChecks.assertNoFalseReports;
import static dev.weft.diag.BlockedWorkerChecks.assertReportedWhileStuck;
import static dev.weft.diag.BlockedWorkerChecks.otherSleepingPoll;
import static dev.weft.diag.BlockedWorkerChecks.sleepingPoll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.exec.BlockedWorker;
import dev.weft.exec.WeftRuntime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime reports a poll that holds a worker longer than its threshold, sampled while the worker
 * is held, once per call site; idle workers, busy tasks that yield and short polls are never
 * reported. Timings are generous for a loaded two-core machine: the blocks last ten or thirty times
 * the threshold, and nothing asserts a small wall-clock figure.
 */
class BlockedWorkerTest {
    private static final Duration THRESHOLD = Duration.ofMillis(100);

    private static WeftRuntime runtime(Duration threshold) {
        return WeftRuntime.builder().workers(2).threadNamePrefix("blocked-").managementBean(false)
                .blockedWorkerThreshold(threshold).build();
    }

    @Test
    void aSleepInAPollIsReportedOnceWhileTheWorkerIsStillHeldNamingTheLineOfTheSleep() {
        try (WeftRuntime rt = runtime(THRESHOLD)) {
            assertReportedWhileStuck(rt, rt::blockedWorkers, Duration.ofMillis(1_500));
            List<BlockedWorker> reports = rt.blockedWorkers();
            assertThat(reports).hasSize(1);
            assertThat(rt.metrics().blockedPolls()).isEqualTo(1);
            assertThat(reports.get(0).message())
                    .startsWith("worker blocked-")
                    .contains(" in a poll, at dev.weft.diag.BlockedWorkerChecks.lambda$sleepingPoll$")
                    .contains("await(Time.sleep(duration)) instead of Thread.sleep");
        }
    }

    @Test
    void aSecondBlockAtTheSameCallSiteIsCountedButNotReportedAgain() {
        try (WeftRuntime rt = runtime(THRESHOLD)) {
            AtomicInteger line = new AtomicInteger();
            rt.blockOn(sleepingPoll(1_000, line));
            rt.blockOn(sleepingPoll(1_000, line));
            assertThat(rt.blockedWorkers()).hasSize(1);
            assertThat(rt.metrics().blockedPolls()).isEqualTo(2);
        }
    }

    @Test
    void aBlockAtAnotherCallSiteIsReportedToo() {
        try (WeftRuntime rt = runtime(THRESHOLD)) {
            AtomicInteger first = new AtomicInteger();
            AtomicInteger second = new AtomicInteger();
            rt.blockOn(sleepingPoll(1_000, first));
            rt.blockOn(otherSleepingPoll(1_000, second));
            assertThat(rt.blockedWorkers()).extracting(r -> r.callSite().getLineNumber())
                    .containsExactly(first.get(), second.get());
        }
    }

    @Test
    void idleWorkersBusyTasksThatYieldAndShortPollsAreNotReported() {
        try (WeftRuntime rt = runtime(THRESHOLD)) {
            assertNoFalseReports(rt, rt::blockedWorkers, THRESHOLD);
            assertThat(rt.metrics().blockedPolls()).isZero();
        }
    }

    @Test
    void aZeroThresholdTurnsDetectionOffAndStartsNoWatcher() {
        try (WeftRuntime rt = runtime(Duration.ZERO)) {
            rt.blockOn(sleepingPoll(500, new AtomicInteger()));
            assertThat(rt.blockedWorkers()).isEmpty();
            assertThat(rt.metrics().blockedPolls()).isZero();
            assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("blocked-watch"));
        }
    }

    @Test
    void aWatcherThatReportsIdleWorkersIsCaught() throws Exception {
        try (WeftRuntime rt = runtime(Duration.ZERO); var broken = new BrokenWatchers(rt, BrokenWatchers.Kind.REPORTS_IDLE, 100)) {
            assertThatThrownBy(() -> assertNoFalseReports(rt, broken::reports, THRESHOLD))
                    .isInstanceOf(AssertionError.class).hasMessageContaining("reports of "); // idle workers, reported in any phase
        }
    }

    @Test
    void aWatcherThatSamplesAfterThePollReturnedIsCaught() throws Exception {
        try (WeftRuntime rt = runtime(Duration.ZERO);
                var broken = new BrokenWatchers(rt, BrokenWatchers.Kind.SAMPLES_AFTER_RETURN, 100)) {
            assertThatThrownBy(() -> assertReportedWhileStuck(rt, broken::reports, Duration.ofMillis(1_500)))
                    .isInstanceOf(AssertionError.class);
        }
    }

    @Test
    void theReportIsAJfrEventWithTheCallSiteAndTheStack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("blocked.jfr");
        AtomicInteger line = new AtomicInteger();
        try (Recording r = new Recording()) {
            r.enable("dev.weft.BlockedWorker");
            r.start();
            try (WeftRuntime rt = runtime(THRESHOLD)) {
                rt.blockOn(sleepingPoll(1_000, line));
            }
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("dev.weft.BlockedWorker")).toList();
        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.getString("worker")).startsWith("blocked-");
            assertThat(e.getString("callSite")).endsWith("(BlockedWorkerChecks.java:" + line.get() + ")");
            assertThat(e.getString("stack")).contains("java.lang.Thread.sleep(");
            assertThat(e.getDuration("blocked")).isGreaterThanOrEqualTo(THRESHOLD);
        });
    }

    @Test
    void aNegativeOrSubMillisecondThresholdIsRefused() {
        assertThatThrownBy(() -> WeftRuntime.builder().blockedWorkerThreshold(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("zero (off) or at least 1 ms");
        assertThatThrownBy(() -> WeftRuntime.builder().blockedWorkerThreshold(Duration.ofNanos(10)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
