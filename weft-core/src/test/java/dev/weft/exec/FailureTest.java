package dev.weft.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Exceptions thrown by tasks are their outcome: the workers survive and nothing is lost. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FailureTest {

    @Test
    void aThrowingTaskLeavesTheWorkersRunningAndItsHandleRethrowsTheOriginal() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("fail-test-").build()) {
            IllegalStateException boom = new IllegalStateException("boom");
            IOException io = new IOException("io");
            List<Task<Integer>> ok = new ArrayList<>();
            List<Task<Integer>> bad = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                bad.add(rt.spawn(cx -> { throw boom; }));
                int v = i;
                ok.add(rt.spawn(TestFutures.yieldThen(v)));
            }
            Task<Integer> checked = rt.spawn(cx -> { throw io; });
            long sum = rt.blockOn(TestFutures.sumAll(ok));
            assertEquals(99L * 100 / 2, sum);
            for (Task<Integer> t : bad) assertSame(boom, assertThrows(IllegalStateException.class, () -> rt.blockOn(t)));
            assertSame(io, assertThrows(IOException.class, () -> rt.blockOn(checked)), "the checked failure, unwrapped");
            for (Thread w : rt.threads()) assertTrue(w.isAlive(), w.getName());
            assertEquals(5, rt.blockOn(Future.ready(5)));
        }
    }

    @Test
    void aDetachedTaskFailureReachesTheRuntimeHook() throws Exception {
        CompletableFuture<Throwable> seen = new CompletableFuture<>();
        RuntimeException boom = new RuntimeException("detached boom");
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).onUncaughtException(seen::complete).build()) {
            rt.spawn(cx -> {
                Thread.sleep(20); // fail after detach() most of the time; the other order is tested below
                throw boom;
            }).detach();
            assertSame(boom, seen.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void detachingAnAlreadyFailedTaskReportsItOnceAndAnAwaitedFailureIsNotReported() throws Exception {
        List<Throwable> seen = java.util.Collections.synchronizedList(new ArrayList<>());
        RuntimeException boom = new RuntimeException("early");
        RuntimeException awaited = new RuntimeException("awaited");
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).onUncaughtException(seen::add).build()) {
            Task<Void> t = rt.spawn(cx -> { throw boom; });
            while (!t.isDone()) Thread.onSpinWait();
            t.detach();
            assertEquals(List.of(boom), seen);
            Task<Void> u = rt.spawn(cx -> { throw awaited; });
            assertSame(awaited, assertThrows(RuntimeException.class, () -> rt.blockOn(u)));
            u.detach();
            rt.executor().execute(() -> { throw boom; });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (seen.size() < 2 && System.nanoTime() < deadline) Thread.onSpinWait();
            assertEquals(List.of(boom, boom), seen);
        }
    }

    @Test
    void aPlainRunnableRunsOnTheExecutor() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("exec-run-").build()) {
            CompletableFuture<String> where = new CompletableFuture<>();
            rt.executor().execute(() -> where.complete(Thread.currentThread().getName()));
            assertTrue(where.get(10, TimeUnit.SECONDS).startsWith("exec-run-"));
        }
    }
}
