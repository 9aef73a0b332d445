package dev.weft.diag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.weft.exec.BlockedWorker;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * What a blocked-worker detector must do, as checks that take the detector's reports: the
 * runtime's own ({@link WeftRuntime#blockedWorkers()}) in {@link BlockedWorkerTest}, and the broken
 * variants of {@link BrokenWatchers}, which these checks must catch.
 */
final class BlockedWorkerChecks {
    /** A block long enough that a report seen before it ends was sampled while the worker was held. */
    static final long LONG_BLOCK_MS = 3_000;

    private BlockedWorkerChecks() {}

    /** A poll that sleeps {@code millis} once, in a line of its own; {@code line} gets that line. */
    static Future<Integer> sleepingPoll(long millis, AtomicInteger line) {
        return cx -> {
            line.set(new Throwable().getStackTrace()[0].getLineNumber() + 1);
            Thread.sleep(millis); // the blocking call the reports must name
            return Poll.ready(1);
        };
    }

    /** The same as {@link #sleepingPoll}, from another line: a second call site. */
    static Future<Integer> otherSleepingPoll(long millis, AtomicInteger line) {
        return cx -> {
            line.set(new Throwable().getStackTrace()[0].getLineNumber() + 1);
            Thread.sleep(millis); // a second call site
            return Poll.ready(2);
        };
    }

    /** A task that spins for {@code totalMs} of CPU, in slices of about a millisecond, yielding between them. */
    static Future<Integer> busyYielding(long totalMs) {
        return new Future<>() {
            final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(totalMs);

            @Override
            public Poll<Integer> poll(Context cx) {
                long sliceEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
                while (System.nanoTime() < sliceEnd) Thread.onSpinWait();
                if (System.nanoTime() >= end) return Poll.ready(0);
                cx.waker().wake();
                return Poll.pending();
            }
        };
    }

    /**
     * A long sleep in a poll is reported while the worker is still held (before the sleep ends),
     * within {@code within} of its start, naming the line of the sleep in this file.
     */
    static void assertReportedWhileStuck(WeftRuntime rt, Supplier<List<BlockedWorker>> reports, Duration within) {
        AtomicInteger line = new AtomicInteger();
        long start = System.nanoTime();
        Task<Integer> t = rt.spawn(sleepingPoll(LONG_BLOCK_MS, line));
        awaitOrFail(() -> !reports.get().isEmpty() || t.isDone(), Duration.ofMillis(LONG_BLOCK_MS * 2), "a report");
        long seenAfterMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        boolean stillBlocked = !t.isDone();
        assertThat(reports.get()).as("reports before the sleep ended").isNotEmpty();
        assertThat(stillBlocked).as("the report came while the worker was still held (after %d ms)", seenAfterMs).isTrue();
        assertThat(seenAfterMs).as("ms from the block's start to its report").isLessThan(within.toMillis());
        BlockedWorker r = reports.get().get(0);
        assertThat(r.callSite().getFileName()).isEqualTo("BlockedWorkerChecks.java");
        assertThat(r.callSite().getLineNumber()).isEqualTo(line.get());
        assertThat(r.stack()).anySatisfy(f -> assertThat(f.getClassName() + "." + f.getMethodName()).isEqualTo("java.lang.Thread.sleep"));
        assertThat(r.worker()).isIn(rt.threads().stream().map(Thread::getName).toList());
        rt.blockOn(t);
    }

    /** An idle runtime, a task that yields every millisecond for a while, and short blocks give no report. */
    static void assertNoFalseReports(WeftRuntime rt, Supplier<List<BlockedWorker>> reports, Duration threshold) {
        long idle = threshold.toMillis() * 6;
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(idle)); // the workers are parked all along
        assertThat(reports.get()).as("reports of idle workers").isEmpty();
        rt.blockOn(busyYielding(threshold.toMillis() * 6));
        assertThat(reports.get()).as("reports of a busy task that yields").isEmpty();
        AtomicInteger line = new AtomicInteger();
        for (int i = 0; i < 5; i++) rt.blockOn(sleepingPoll(threshold.toMillis() / 5, line));
        assertThat(reports.get()).as("reports of polls below the threshold").isEmpty();
    }

    /** Waits for {@code condition}, parking between looks; fails after {@code bound}. */
    static void awaitOrFail(BooleanSupplier condition, Duration bound, String what) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) fail("timed out waiting for " + what);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }
}
