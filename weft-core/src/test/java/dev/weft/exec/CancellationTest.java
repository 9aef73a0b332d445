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

    private static Runtime runtime(int workers) {
        return Runtime.builder().workers(workers).threadNamePrefix("cancel-test-").build();
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
        try (Runtime rt = runtime(2)) {
            CheckingFuture f = new CheckingFuture(1, 1, 0);
            Task<Integer> t = rt.spawn(f);
            awaitPolled(f);
            t.cancel();
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
        try (Runtime rt = runtime(1)) {
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
    void cancellingARunningTaskWaitsForThePollThenRunsTheHookOnce() throws Exception {
        try (Runtime rt = runtime(2)) {
            CountDownLatch inPoll = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicBoolean pollEnded = new AtomicBoolean();
            AtomicInteger cancels = new AtomicInteger();
            AtomicInteger hookDuringPoll = new AtomicInteger();
            AtomicBoolean polling = new AtomicBoolean();
            Task<String> t = rt.spawn(new Future<String>() {
                @Override
                public Poll<String> poll(Context cx) throws Exception {
                    polling.set(true);
                    inPoll.countDown();
                    release.await(10, TimeUnit.SECONDS);
                    pollEnded.set(true);
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
            AtomicBoolean cancelReturned = new AtomicBoolean();
            Thread canceller = Thread.ofPlatform().start(() -> {
                t.cancel();
                cancelReturned.set(pollEnded.get());
            });
            canceller.join(100);
            assertTrue(canceller.isAlive(), "cancel() returned while the poll was still running");
            release.countDown();
            canceller.join(10_000);
            assertFalse(canceller.isAlive());
            assertTrue(cancelReturned.get(), "cancel() returned before the poll ended");
            assertEquals(1, cancels.get());
            assertEquals(0, hookDuringPoll.get());
            assertThrows(CancellationException.class, () -> rt.blockOn(t));
        }
    }

    @Test
    void cancellingACompletedTaskDoesNothing() {
        try (Runtime rt = runtime(2)) {
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
        try (Runtime rt = runtime(2)) {
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
