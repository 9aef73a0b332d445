package dev.weft.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.task.Task;
import dev.weft.testkit.ThrowingWaker;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Nothing thrown by user code ends a worker: throwing wakers, throwing cancel hooks and {@code
 * Error}s from polls are contained and surfaced exactly once.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ContainmentTest {

    /** A future that is pending until {@link #open()}, then ready with 1. */
    static final class Gate implements Future<Integer> {
        private volatile boolean open;
        private volatile Waker waker;

        @Override
        public Poll<Integer> poll(Context cx) {
            waker = cx.waker();
            return open ? Poll.ready(1) : Poll.pending();
        }

        void open() {
            open = true;
            Waker w = waker;
            if (w != null) w.wake();
        }
    }

    private static void assertWorkersAliveAndServing(WeftRuntime rt) throws Exception {
        for (Thread w : rt.threads()) assertThat(w.isAlive()).as(w.getName()).isTrue();
        List<Task<Integer>> probes = new ArrayList<>();
        for (int i = 0; i < 100; i++) probes.add(rt.spawn(TestFutures.yieldThen(i)));
        assertThat(rt.blockOn(TestFutures.sumAll(probes))).isEqualTo(99L * 100 / 2);
    }

    @Test
    void anAwaiterWakerThatThrowsIsReportedOnceAndTheWorkerLivesOn() throws Exception {
        List<Throwable> seen = Collections.synchronizedList(new ArrayList<>());
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).onUncaughtException(seen::add).build()) {
            Gate gate = new Gate();
            Task<Integer> t = rt.spawn(gate);
            RuntimeException boom = new RuntimeException("awaiter waker");
            ThrowingWaker awaiter = new ThrowingWaker(boom);
            while (t.poll(awaiter.context()).isPending() && gate.waker == null) Thread.onSpinWait();
            assertThat(t.poll(awaiter.context()).isPending()).isTrue(); // the awaiter is registered
            gate.open(); // the worker completes the task and wakes the throwing awaiter
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (seen.isEmpty() && System.nanoTime() < deadline) Thread.sleep(1);
            assertThat(seen).containsExactly(boom);
            assertThat(awaiter.wakes()).isEqualTo(1);
            assertThat(t.poll(awaiter.context())).isEqualTo(Poll.ready(1));
            assertWorkersAliveAndServing(rt);
        }
    }

    @Test
    void errorsThrownByPollsFailTheirTasksNotTheWorkers() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            OutOfMemoryError oom = new OutOfMemoryError("simulated: the poll's allocation failed");
            Task<Object> oomTask = rt.spawn(cx -> { throw oom; });
            Task<Object> sofTask = rt.spawn(new Future<>() {
                @Override
                public Poll<Object> poll(Context cx) {
                    return recurse(cx, 0);
                }

                private Poll<Object> recurse(Context cx, long depth) {
                    return depth < Long.MAX_VALUE ? recurse(cx, depth + 1) : Poll.pending();
                }
            });
            Task<Object> linkage = rt.spawn(cx -> { throw new NoClassDefFoundError("simulated/Missing"); });
            assertThatThrownBy(() -> rt.blockOn(oomTask)).isSameAs(oom);
            assertThatThrownBy(() -> rt.blockOn(sofTask)).isInstanceOf(StackOverflowError.class);
            assertThatThrownBy(() -> rt.blockOn(linkage)).isInstanceOf(NoClassDefFoundError.class);
            assertWorkersAliveAndServing(rt);
        }
    }

    @Test
    void aThrowingCancelHookIsReportedOnceAndTheTaskStillEndsCancelled() throws Exception {
        List<Throwable> seen = Collections.synchronizedList(new ArrayList<>());
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).onUncaughtException(seen::add).build()) {
            RuntimeException boom = new RuntimeException("cancel hook");
            CountDownLatch polled = new CountDownLatch(1);
            Task<Void> t = rt.spawn(new Future<>() {
                @Override
                public Poll<Void> poll(Context cx) {
                    polled.countDown();
                    return Poll.pending();
                }

                @Override
                public void cancel() {
                    throw boom;
                }
            });
            assertThat(polled.await(10, TimeUnit.SECONDS)).isTrue();
            rt.blockOn(t.cancelAndJoin());
            assertThat(seen).containsExactly(boom);
            assertThatThrownBy(() -> rt.blockOn(t)).isInstanceOf(CancellationException.class);
            assertWorkersAliveAndServing(rt);
        }
    }

    @Test
    void twoThreadsCancellingOneRunningTaskRunItsHookOnce() throws Exception {
        for (int round = 0; round < 200; round++) {
            try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
                AtomicInteger hooks = new AtomicInteger();
                CountDownLatch running = new CountDownLatch(1);
                Task<Void> t = rt.spawn(new Future<>() {
                    @Override
                    public Poll<Void> poll(Context cx) {
                        running.countDown();
                        cx.waker().wake(); // stay busy: polled again and again
                        return Poll.pending();
                    }

                    @Override
                    public void cancel() {
                        hooks.incrementAndGet();
                    }
                });
                assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
                CountDownLatch go = new CountDownLatch(1);
                Thread a = new Thread(() -> { awaitQuietly(go); t.cancel(); });
                Thread b = new Thread(() -> { awaitQuietly(go); t.cancel(); });
                a.start();
                b.start();
                go.countDown();
                a.join(10_000);
                b.join(10_000);
                rt.blockOn(t.cancelAndJoin());
                assertThat(hooks.get()).as("round %d", round).isEqualTo(1);
            }
        }
    }

    @Test
    void detachRacingAnAwaitSurfacesTheFailureExactlyOnce() throws Exception {
        AtomicInteger hook = new AtomicInteger();
        RuntimeException boom = new RuntimeException("raced");
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).onUncaughtException(e -> hook.incrementAndGet()).build()) {
            int rounds = 2_000;
            int awaitedFailures = 0;
            for (int i = 0; i < rounds; i++) {
                Task<Void> t = rt.spawn(cx -> { throw boom; });
                while (!t.isDone()) Thread.onSpinWait();
                CountDownLatch go = new CountDownLatch(1);
                Thread d = new Thread(() -> { awaitQuietly(go); t.detach(); });
                d.start();
                go.countDown();
                Throwable got;
                try {
                    t.poll(Context.of(() -> {}));
                    got = null;
                } catch (Throwable e) {
                    got = e;
                }
                d.join(10_000);
                if (got == boom) awaitedFailures++;
                else assertThat(got).isInstanceOf(IllegalStateException.class).hasMessageContaining("detached");
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (hook.get() + awaitedFailures < rounds && System.nanoTime() < deadline) Thread.sleep(1);
            assertThat(hook.get() + awaitedFailures).as("each failure surfaced once (hook %d, awaits %d)", hook.get(), awaitedFailures).isEqualTo(rounds);
        }
    }

    private static void awaitQuietly(CountDownLatch l) {
        try {
            l.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
