package dev.weft.coro;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import java.util.ArrayList;
import java.util.List;
import dev.weft.exec.WeftRuntime;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class CoroutineScaleTest {
    private static final int COUNT = Integer.getInteger("weft.coro.scale", Boolean.getBoolean("weft.stress") ? 1_000_000 : 100_000);

    @Test
    void oneHundredThousandCoroutinesEachAwaitASleepAndAOneshotOnTwoWorkers() throws Exception {
        List<Gate<Integer>> oneshots = new ArrayList<>(COUNT);
        for (int i = 0; i < COUNT; i++) oneshots.add(new Gate<>());
        List<Task<Integer>> results = new ArrayList<>(COUNT);
        // the work-stealing executor with 2 workers
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("scale-").build()) {
            for (int i = 0; i < COUNT; i++) {
                Gate<Integer> oneshot = oneshots.get(i);
                int id = i;
                results.add(rt.spawn(Weft.async(() -> {
                    await(Time.sleep(Duration.ofMillis(1 + id % 10)));
                    return await(oneshot) - id;
                })));
            }
            Thread sender = Thread.ofPlatform().name("sender").start(() -> {
                for (int i = 0; i < COUNT; i++) oneshots.get(i).open(i + 1);
            });
            long ok = 0;
            for (Task<Integer> r : results) {
                if (Weft.blockOn(r) == 1) ok++; // this test thread waits for each task's handle
            }
            sender.join();
            assertThat(ok).isEqualTo(COUNT);
        }
    }
}
