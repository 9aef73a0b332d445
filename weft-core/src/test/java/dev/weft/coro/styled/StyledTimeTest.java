package dev.weft.coro.styled;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.sync.Channel;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Timer tests of {@code dev.weft.time} (sleeps that never wake early, a timeout that fires and
 * cancels its inner future, one that is met) rewritten as coroutines on a 2-worker runtime.
 */
@Timeout(60)
class StyledTimeTest {

    @Test
    void sleepingCoroutinesNeverWakeBeforeTheirDeadlinesAndAllFinish() {
        int coroutines = 2000;
        int sleeps = 3;
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("styled-sleep-").build()) {
            List<Task<Integer>> tasks = new ArrayList<>();
            for (int i = 0; i < coroutines; i++) {
                long millis = (i * 7919L) % 50;
                tasks.add(rt.spawn(Weft.async(() -> {
                    int early = 0;
                    for (int k = 0; k < sleeps; k++) {
                        long deadline = System.nanoTime() + millis * 1_000_000;
                        await(Time.sleep(Duration.ofMillis(millis)));
                        if (System.nanoTime() - deadline < 0) early++;
                    }
                    return early;
                })));
            }
            for (Task<Integer> t : tasks) assertThat(rt.blockOn(t)).as("wakes before the deadline").isZero();
        }
    }

    @Test
    void aTimeoutFiresAndCancelsItsInnerReceiveSoTheMessageGoesToTheNextReceive() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("styled-timeout-").build()) {
            Channel<String> ch = Channel.bounded(1);
            String got = rt.blockOn(Weft.async(() -> {
                assertThatThrownBy(() -> await(Time.timeout(ch.receiver().recv(), Duration.ofMillis(30))))
                        .isInstanceOf(TimeoutException.class);
                await(ch.sender().send("later"));
                return await(ch.receiver().recv());
            }));
            assertThat(got).isEqualTo("later");
        }
    }

    @Test
    void aTimeoutThatIsMetGivesTheValue() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("styled-timeout-met-").build()) {
            Channel<Integer> ch = Channel.bounded(1);
            rt.spawn(Weft.async(() -> {
                await(Time.sleep(Duration.ofMillis(10)));
                await(ch.sender().send(42));
                return null;
            })).detach();
            int v = rt.blockOn(Weft.async(() -> await(Time.timeout(ch.receiver().recv(), Duration.ofSeconds(20)))));
            assertThat(v).isEqualTo(42);
        }
    }
}
