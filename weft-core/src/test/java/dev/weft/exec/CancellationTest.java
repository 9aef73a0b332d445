package dev.weft.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Cancelling a task in each state: the cancel() hook runs exactly once, never with a poll. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CancellationTest {

    private static WeftRuntime runtime(int workers) {
        return WeftRuntime.builder().workers(workers).threadNamePrefix("cancel-test-").build();
    }

    private static void awaitPolled(CheckingFuture f) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (f.polls.get() == 0) {
            if (System.nanoTime() > deadline) throw new AssertionError("never polled: " + f);
            Thread.onSpinWait();
        }
        while (f.inPoll.get() != 0) Thread.onSpinWait();
    }

    @Test
    void cancellingAnIdleTaskRunsTheHookOnceAtOnce() {
        try (WeftRuntime rt = runtime(2)) {
            CheckingFuture f = new CheckingFuture(1, 1, 0);
            Task<Integer> t = rt.spawn(f);
            awaitPolled(f);
            // the poll counted may still be ending (RUNNING): then cancel() only marks the task and
            // its worker runs the hook right after; cancelAndJoin waits for that
            rt.blockOn(t.cancelAndJoin());
            assertEquals(1, f.cancels.get());
            assertTrue(t.isDone());
            assertThrows(CancellationException.class, () -> rt.blockOn(t));
            f.progress().set(1);
            f.waker().wake(); // a wake after cancellation does nothing
            t.cancel(); // and so does a second cancel
            assertEquals(1, f.polls.get());
            assertEquals(1, f.cancels.get());
            assertEquals(0, f.violations());
            assertEquals(0, rt.liveTasks());
        }
    }

    @Test
    void cancellingAScheduledTaskRunsTheHookOnceAndNeverPollsIt() throws Exception {
        try (WeftRuntime rt = runtime(1)) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch blocking = new CountDownLatch(1);
            Task<Void> blocker = rt.spawn(cx -> {
                blocking.countDown();
                release.await(10, TimeUnit.SECONDS);
                return Poll.ready(null);
            });
            assertTrue(blocking.await(10, TimeUnit.SECONDS));
            CheckingFuture f = new CheckingFuture(2, 0, 0);
            Task<Integer> t = rt.spawn(f); // queued behind the blocked worker
            t.cancel();
            release.countDown();
            rt.blockOn(blocker);
            assertThrows(CancellationException.class, () -> rt.blockOn(t));
            assertEquals(0, f.polls.get());
            assertEquals(1, f.cancels.get());
            assertEquals(0, f.violations());
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void cancellingARunningTaskReturnsAtOnceAndTheHookRunsOnceAfterThePoll() throws Exception {
        try (WeftRuntime rt = runtime(2)) {
            CountDownLatch inPoll = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger cancels = new AtomicInteger();
            AtomicInteger hookDuringPoll = new AtomicInteger();
            AtomicBoolean polling = new AtomicBoolean();
            AtomicBoolean releasedBeforeCancelReturned = new AtomicBoolean();
            Task<String> t = rt.spawn(new Future<String>() {
                @Override
                public Poll<String> poll(Context cx) throws Exception {
                    polling.set(true);
                    inPoll.countDown();
                    // released only after cancel() returned: a cancel() that waited for this poll
                    // would never return, and the wait below would run out
                    if (!release.await(10, TimeUnit.SECONDS)) releasedBeforeCancelReturned.set(true);
                    polling.set(false);
                    cx.waker().wake(); // would re-queue it, but it is cancelled
                    return Poll.pending();
                }

                @Override
                public void cancel() {
                    if (polling.get()) hookDuringPoll.incrementAndGet();
                    cancels.incrementAndGet();
                }
            });
            assertTrue(inPoll.await(10, TimeUnit.SECONDS));
            CountDownLatch cancelReturned = new CountDownLatch(1);
            Thread.ofPlatform().daemon().start(() -> { // while the poll blocks on the latch
                t.cancel();
                cancelReturned.countDown();
            });
            assertTrue(cancelReturned.await(5, TimeUnit.SECONDS), "cancel() waited for the running poll");
            assertEquals(0, cancels.get(), "the hook ran while the poll was still running");
            release.countDown();
            rt.blockOn(t.cancelAndJoin());
            assertFalse(releasedBeforeCancelReturned.get(), "cancel() waited for the poll");
            assertEquals(1, cancels.get());
            assertEquals(0, hookDuringPoll.get());
            assertThrows(CancellationException.class, () -> rt.blockOn(t));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void twoRunningTasksThatCancelEachOtherBothEndCancelled() throws Exception {
        // one task on each of two one-worker runtimes, so both polls surely run at once; each
        // cancels the other from inside its poll (a cancel that waited for the other's poll to end
        // would deadlock here: each would wait for the other)
        for (int round = 0; round < 20; round++) {
            try (WeftRuntime a = runtime(1); WeftRuntime b = runtime(1)) {
                java.util.concurrent.CyclicBarrier bothPolling = new java.util.concurrent.CyclicBarrier(2);
                AtomicInteger cancels = new AtomicInteger();
                @SuppressWarnings("unchecked")
                Task<Void>[] tasks = new Task[2];
                CountDownLatch spawned = new CountDownLatch(1);
                for (int i = 0; i < 2; i++) {
                    int other = 1 - i;
                    tasks[i] = (i == 0 ? a : b).spawn(new Future<Void>() {
                        @Override
                        public Poll<Void> poll(Context cx) throws Exception {
                            spawned.await(10, TimeUnit.SECONDS);
                            bothPolling.await(10, TimeUnit.SECONDS);
                            tasks[other].cancel();
                            return Poll.pending();
                        }

                        @Override
                        public void cancel() {
                            cancels.incrementAndGet();
                        }
                    });
                }
                spawned.countDown();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (!(tasks[0].isDone() && tasks[1].isDone()) && System.nanoTime() < deadline) Thread.sleep(1);
                assertTrue(tasks[0].isDone() && tasks[1].isDone(), "round " + round + ": the mutual cancel deadlocked");
                assertThrows(CancellationException.class, () -> a.blockOn(tasks[0]));
                assertThrows(CancellationException.class, () -> b.blockOn(tasks[1]));
                assertEquals(2, cancels.get(), "round " + round);
            }
        }
    }

    @Test
    void cancellingACompletedTaskDoesNothing() {
        try (WeftRuntime rt = runtime(2)) {
            CheckingFuture f = new CheckingFuture(7, 0, 0);
            Task<Integer> t = rt.spawn(f);
            assertEquals(7, rt.blockOn(t));
            t.cancel();
            assertEquals(0, f.cancels.get());
            assertEquals(7, rt.blockOn(t));
            assertEquals(0, f.violations());
        }
    }

    @Test
    void aTaskCancellingItselfDuringItsPollIsCancelledRightAfterThatPoll() throws Exception {
        try (WeftRuntime rt = runtime(2)) {
            AtomicInteger cancels = new AtomicInteger();
            AtomicInteger polls = new AtomicInteger();
            @SuppressWarnings("unchecked")
            Task<Void>[] self = new Task[1];
            CountDownLatch spawned = new CountDownLatch(1);
            self[0] = rt.spawn(new Future<Void>() {
                @Override
                public Poll<Void> poll(Context cx) throws Exception {
                    polls.incrementAndGet();
                    spawned.await(10, TimeUnit.SECONDS);
                    self[0].cancel(); // from inside its own poll: must not wait for itself
                    cx.waker().wake();
                    return Poll.pending();
                }

                @Override
                public void cancel() {
                    cancels.incrementAndGet();
                }
            });
            spawned.countDown();
            assertThrows(CancellationException.class, () -> rt.blockOn(self[0]));
            assertEquals(1, polls.get());
            assertEquals(1, cancels.get());
        }
    }
}
