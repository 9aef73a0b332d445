package dev.weft.task.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.CoopThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A task woken by the very executor thread polling it, during that poll, is re-queued once when
 * the poll ends, without a CAS on its state: the wake is recorded in the thread
 * ({@code CoopThread.wokenInPoll}). These tests run tasks on a {@link CoopThread}, as workers do.
 */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class RawTaskSelfWakeTest {

    /** Runs {@code body} on an executor-like thread and returns that thread's record afterwards. */
    private static Object onCoopThread(Runnable body) throws InterruptedException {
        AtomicReference<Object> left = new AtomicReference<>("not run");
        CoopThread t = new CoopThread(() -> {
            body.run();
            left.set(((CoopThread) Thread.currentThread()).wokenInPoll());
        }, "self-wake-test");
        t.start();
        t.join();
        return left.get();
    }

    @Test
    void wakesByThePollerDuringItsPollRequeueTheTaskExactlyOnceAsAYield() throws Exception {
        RecordingSchedule r = new RecordingSchedule();
        RawTask<Integer> t = new RawTask<>(cx -> {
            for (int i = 0; i < 3; i++) cx.waker().wake();
            return Poll.pending();
        }, r, true);
        Object left = onCoopThread(t::run);
        assertThat(r.calls).containsExactly("schedule " + t.hashCode() + " yielded=true");
        assertThat(left).isNull();
    }

    @Test
    void aCancelHookThatWakesItsOwnTaskLeavesNoRecordOnTheThread() throws Exception {
        RecordingSchedule r = new RecordingSchedule();
        AtomicReference<RawTask<Integer>> self = new AtomicReference<>();
        RawTask<Integer> t = new RawTask<>(new Future<>() {
            @Override
            public Poll<Integer> poll(Context cx) {
                self.get().cancel(); // from inside its own poll: cancelled when the poll returns
                return Poll.pending();
            }

            @Override
            public void cancel() {
                self.get().wake(); // a hook that wakes the task it belongs to
            }
        }, r, true);
        self.set(t);
        Object left = onCoopThread(t::run);
        assertThat(t.isCompleted()).isTrue();
        assertThat(r.calls).isEmpty();
        assertThat(left).as("the thread's self-wake record after the poll").isNull();
    }

    @Test
    void aNestedPollOfAnotherTaskKeepsBothTasksWakesApart() throws Exception {
        RecordingSchedule r = new RecordingSchedule();
        RawTask<Integer> inner = new RawTask<>(cx -> {
            cx.waker().wake();
            return Poll.pending();
        }, r, true);
        AtomicReference<RawTask<Integer>> outerRef = new AtomicReference<>();
        RawTask<Integer> outer = new RawTask<>(cx -> {
            cx.waker().wake(); // recorded for the outer task
            inner.run(); // polled inside: its own wake must not be taken for the outer's
            outerRef.get().wake(); // the outer again, after the nested poll
            return Poll.pending();
        }, r, true);
        outerRef.set(outer);
        Object left = onCoopThread(outer::run);
        assertThat(r.calls).containsExactlyInAnyOrder(
                "schedule " + inner.hashCode() + " yielded=true",
                "schedule " + outer.hashCode() + " yielded=true");
        assertThat(left).isNull();
    }
}
