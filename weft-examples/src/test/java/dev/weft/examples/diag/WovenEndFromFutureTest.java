package dev.weft.examples.diag;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.AsyncStream;
import dev.weft.future.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A woven body that awaits a future answering a stream's end (that future's bug: futures answer
 * ready or pending) fails with an error that says so, as a task, a blocking await and a stackful
 * body do, instead of suspending on it for ever.
 */
@Timeout(30)
class WovenEndFromFutureTest {
    private static final Future<String> ANSWERS_THE_END = cx -> AsyncStream.end();

    private static Future<String> awaitsIt() {
        return Weft.async(() -> "never " + await(ANSWERS_THE_END));
    }

    @Test
    void theErrorReachesTheBodysOwnCatchAsABlockingAwaitsWould() {
        Future<String> body = Weft.async(() -> {
            try {
                return await(ANSWERS_THE_END);
            } catch (IllegalStateException e) {
                return "caught: " + e.getMessage();
            }
        });
        assertThat(body).as("woven by the plugin").isInstanceOf(WovenFuture.class);
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            assertThat(rt.blockOn(rt.spawn(body))).startsWith("caught: ").contains("answered the end of a stream");
        }
    }

    @Test
    void aWovenBodyAwaitingAFutureThatAnswersTheEndFailsInsteadOfSuspendingForEver() {
        assertThat(awaitsIt()).as("woven by the plugin").isInstanceOf(WovenFuture.class);
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            assertThatThrownBy(() -> rt.blockOn(rt.spawn(awaitsIt()))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("answered the end of a stream");
        }
    }
}
