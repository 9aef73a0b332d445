package dev.weft.task.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Poll;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** When a task joins its executor's list of waiting tasks, and that it always leaves it. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class RawTaskTrackingTest {

    /** Records what the task asks of its executor; {@code onTrack} runs inside track(). */
    private static final class Recorder implements Schedule {
        final List<String> calls = new ArrayList<>();
        Runnable onTrack = () -> {};

        @Override
        public void schedule(RawTask<?> task, boolean yielded) {
            calls.add("schedule");
        }

        @Override
        public boolean track(RawTask<?> task) {
            calls.add("track");
            onTrack.run();
            return true;
        }

        @Override
        public void release(RawTask<?> task, boolean tracked) {
            calls.add("release tracked=" + tracked);
        }

        @Override
        public void uncaught(Throwable error) {
            calls.add("uncaught");
        }
    }

    @Test
    void aTaskFinishedInItsFirstPollIsNeverTracked() {
        Recorder r = new Recorder();
        new RawTask<>(cx -> Poll.ready(1), r, true).run();
        assertThat(r.calls).containsExactly("release tracked=false");
    }

    @Test
    void aTaskLeftWaitingIsTrackedOnceAndReleasedAsTracked() {
        Recorder r = new Recorder();
        int[] polls = {0};
        RawTask<Integer> t = new RawTask<>(cx -> ++polls[0] < 3 ? Poll.pending() : Poll.ready(7), r, true);
        t.run();
        t.wake();
        t.run();
        t.wake();
        t.run();
        assertThat(r.calls).containsExactly("track", "schedule", "schedule", "release tracked=true");
    }

    @Test
    void aTaskCancelledWhileItIsBeingTrackedIsStillReleasedAsTracked() throws Exception {
        Recorder r = new Recorder();
        RawTask<Void> t = new RawTask<>(cx -> Poll.pending(), r, true);
        r.onTrack = () -> {
            Thread canceller = new Thread(t::shutdown); // sets CLOSED while this thread owns the poll
            canceller.start();
            try {
                canceller.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        };
        t.run();
        assertThat(t.isCompleted()).isTrue();
        assertThat(r.calls).containsExactly("track", "release tracked=true");
    }
}
