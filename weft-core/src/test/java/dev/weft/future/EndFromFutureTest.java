package dev.weft.future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.coro.Coroutine;
import dev.weft.exec.WeftRuntime;
import dev.weft.task.Task;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A future that answers a stream's end (a bug: futures answer ready or pending) fails where it is
 * driven or awaited (by a task, a blocking await, a stackful body; woven bodies: in weft-examples),
 * with an error that says so, instead of being taken for pending and waited on for ever.
 */
@Timeout(30)
class EndFromFutureTest {
    private static final Future<String> ANSWERS_THE_END = cx -> AsyncStream.end();

    @Test
    void aTaskWhoseFutureAnswersTheEndOfAStreamFailsInsteadOfWaitingForEver() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            Task<String> t = rt.spawn(ANSWERS_THE_END);
            assertThatThrownBy(() -> rt.blockOn(t)).hasStackTraceContaining("answered the end of a stream");
        }
    }

    @Test
    void aStackfulBodyAwaitingSuchAFutureFailsAtThatAwait() {
        Future<String> body = Coroutine.async(() -> {
            try {
                return Weft.await(ANSWERS_THE_END);
            } catch (IllegalStateException e) {
                return "caught: " + e.getMessage();
            }
        });
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            assertThat(rt.blockOn(rt.spawn(body))).startsWith("caught: ").contains("answered the end of a stream");
        }
    }

    @Test
    void blockingOnSuchAFutureThrowsInsteadOfParkingForEver() {
        assertThatThrownBy(() -> Weft.blockOn(ANSWERS_THE_END)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("answered the end of a stream");
    }
}
