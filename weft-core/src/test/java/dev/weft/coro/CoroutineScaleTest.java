package dev.weft.coro;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class CoroutineScaleTest {
    private static final int COUNT = Integer.getInteger("weft.coro.scale", Boolean.getBoolean("weft.stress") ? 1_000_000 : 100_000);

    @Test
    void oneHundredThousandCoroutinesEachAwaitASleepAndAOneshotOnTwoWorkers() throws Exception {
        List<Gate<Integer>> oneshots = new ArrayList<>(COUNT);
        for (int i = 0; i < COUNT; i++) oneshots.add(new Gate<>());
        List<CompletableFuture<Integer>> results = new ArrayList<>(COUNT);
        try (TestExecutor ex = new TestExecutor("scale", 2, TestExecutor.Placement.SHARED)) {
            for (int i = 0; i < COUNT; i++) {
                Gate<Integer> oneshot = oneshots.get(i);
                int id = i;
                results.add(ex.spawn(Weft.async(() -> {
                    await(new TestSleep(1 + id % 10, TimeUnit.MILLISECONDS));
                    return await(oneshot) - id;
                })));
            }
            Thread sender = Thread.ofPlatform().name("sender").start(() -> {
                for (int i = 0; i < COUNT; i++) oneshots.get(i).open(i + 1);
            });
            long ok = 0;
            for (CompletableFuture<Integer> r : results) {
                if (r.get(100, TimeUnit.SECONDS) == 1) ok++;
            }
            sender.join();
            assertThat(ok).isEqualTo(COUNT);
        }
    }
}
