package dev.weft.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Polling by hand: one poll at a time, with checks. */
public final class Polls {
    private Polls() {}

    /** Polls {@code f} once with {@code w}; a throw is turned into an assertion failure. */
    public static <T> Poll<T> pollOnce(Future<T> f, CountingWaker w) {
        try {
            return f.poll(w.context());
        } catch (Exception e) {
            throw new AssertionError("poll threw " + e, e);
        }
    }

    /** Polls {@code f} once with {@code w} and returns what it threw; fails if it did not throw. */
    public static Exception pollThrows(Future<?> f, CountingWaker w) {
        try {
            Poll<?> p = f.poll(w.context());
            throw new AssertionError("expected poll to throw, got " + p);
        } catch (Exception e) {
            return e;
        }
    }

    /** Polls {@code s} once with {@code w}. */
    public static <T> Poll<T> pollNextOnce(AsyncStream<T> s, CountingWaker w) {
        try {
            return s.pollNext(w.context());
        } catch (Exception e) {
            throw new AssertionError("pollNext threw " + e, e);
        }
    }

    /** Asserts {@code p} is pending. */
    public static void assertPending(Poll<?> p) {
        assertThat(p.isPending()).as("expected Pending, got %s", p).isTrue();
    }

    /** Asserts {@code p} is ready and returns its value. */
    public static <T> T assertReady(Poll<T> p) {
        assertThat(p.isReady()).as("expected Ready, got %s", p).isTrue();
        return p.value();
    }

    /** Asserts {@code p} is ready with {@code expected}. */
    public static <T> void assertReady(Poll<T> p, T expected) {
        assertThat(assertReady(p)).isEqualTo(expected);
    }

    /** Asserts {@code p} is the {@link AsyncStream#end()} (a ready {@code null} is not the end). */
    public static void assertEnd(Poll<?> p) {
        assertThat(AsyncStream.isEnd(p)).as("expected AsyncStream.end(), got %s", p).isTrue();
    }

    /** Polls with a context that records nothing. */
    public static <T> Poll<T> pollNoop(Future<T> f) throws Exception {
        return f.poll(Context.noop());
    }

    /**
     * Whether {@code t} is blocked waiting: parked, or waiting with a timeout (a blockOn thread may
     * be driving the timers in a timed park while it waits), or, driving the shared timer and I/O
     * driver, waiting in its selector (RUNNABLE, in {@code doSelect}).
     */
    public static boolean isBlocked(Thread t) {
        Thread.State s = t.getState();
        if (s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING) return true;
        // a parked thread that drives the shared timer/I-O driver waits in the selector: RUNNABLE
        if (s != Thread.State.RUNNABLE) return false;
        for (StackTraceElement f : t.getStackTrace()) {
            if (f.getClassName().startsWith("sun.nio.ch.") && f.getMethodName().equals("doSelect")) return true;
        }
        return false;
    }

    /** Waits until {@code condition} holds, failing after {@code bound}; yields between checks. */
    public static void awaitCondition(BooleanSupplier condition, Duration bound, String what) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) fail("timed out waiting for " + what);
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
