package dev.weft.task.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import java.io.IOException;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/**
 * The outcome a finished task hands to its awaiter: the future's own {@code Poll.Ready} (an await
 * allocates nothing), or the future's failure, or a cancellation.
 */
class RawTaskOutcomeTest {

    @Test
    void awaitingAFinishedTaskHandsOnTheFuturesOwnReady() throws Exception {
        Poll<String> answer = new Poll.Ready<>("done");
        RawTask<String> t = new RawTask<>(cx -> answer, new RecordingSchedule(), true);
        t.run();
        Poll<String> first = t.poll(Context.noop());
        Poll<String> second = t.poll(Context.noop());
        assertThat(first).isSameAs(answer);
        assertThat(second).isSameAs(answer);
        assertThat(first.value()).isEqualTo("done");
    }

    @Test
    void theBlockingViewHandsOnTheSameReady() throws Exception {
        Poll<Integer> answer = new Poll.Ready<>(7);
        RawTask<Integer> t = new RawTask<>(cx -> answer, new RecordingSchedule(), true);
        t.run();
        assertThat(t.awaitedFromOutside().poll(Context.noop())).isSameAs(answer);
    }

    @Test
    void aFailureIsRethrownAndACancellationReportedInsteadOfAReady() {
        IOException boom = new IOException("boom");
        RawTask<Integer> failed = new RawTask<>(cx -> {
            throw boom;
        }, new RecordingSchedule(), true);
        failed.run();
        assertThatThrownBy(() -> failed.poll(Context.noop())).isSameAs(boom);

        RawTask<Integer> cancelled = new RawTask<>(cx -> Poll.pending(), new RecordingSchedule(), true);
        cancelled.cancel();
        assertThatThrownBy(() -> cancelled.poll(Context.noop())).isInstanceOf(CancellationException.class);
    }

    @Test
    void aReadyOfNullIsOneSharedInstanceAndOtherValuesAreNot() {
        assertThat(Poll.ready(null)).isSameAs(Poll.ready(null));
        assertThat(Poll.ready(null).value()).isNull();
        assertThat(Poll.ready("x")).isNotSameAs(Poll.ready("x")).isEqualTo(Poll.ready("x"));
    }
}
