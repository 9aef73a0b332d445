package dev.weft.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Coop;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The runtime's entry points: current(), spawning from inside and outside, Weft.run. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RuntimeTest {

    @Test
    void currentIsTheRuntimeRunningTheTaskAndOutsideItFailsClearly() {
        IllegalStateException e = assertThrows(IllegalStateException.class, Runtime::current);
        assertTrue(e.getMessage().contains("not inside a Weft runtime"), e.getMessage());
        assertEquals(null, Runtime.currentOrNull());
        try (Runtime rt = Runtime.builder().workers(2).threadNamePrefix("current-").build()) {
            assertSame(rt, rt.blockOn(cx -> Poll.ready(Runtime.current())));
            String name = rt.blockOn(cx -> Poll.ready(Thread.currentThread().getName()));
            assertTrue(name.startsWith("current-"), name);
        }
    }

    @Test
    void tasksSpawnedFromInsideRunAndAreAwaited() {
        try (Runtime rt = Runtime.builder().workers(2).build()) {
            long sum = rt.blockOn(new Future<Long>() {
                private Future<Long> all;

                @Override
                public Poll<Long> poll(dev.weft.future.Context cx) throws Exception {
                    if (all == null) {
                        List<Task<Integer>> hs = new ArrayList<>();
                        for (int i = 0; i < 10_000; i++) hs.add(Task.spawn(TestFutures.yieldThen(i + 1)));
                        all = TestFutures.sumAll(hs);
                    }
                    return all.poll(cx);
                }
            });
            assertEquals(10_000L * 10_001 / 2, sum);
        }
    }

    @Test
    void eachTaskPollGetsAFreshBudget() {
        try (Runtime rt = Runtime.builder().workers(1).build()) {
            int inside = rt.blockOn(cx -> Poll.ready(Coop.remaining()));
            assertEquals(Coop.BUDGET, inside);
            assertEquals(Integer.MAX_VALUE, Coop.remaining());
        }
    }

    @Test
    void blockOnFromAWorkerOfTheSameRuntimeIsRefused() {
        try (Runtime rt = Runtime.builder().workers(2).build()) {
            Task<String> t = rt.spawn(cx -> {
                try {
                    rt.blockOn(Future.ready(1));
                    return Poll.ready("allowed");
                } catch (IllegalStateException e) {
                    return Poll.ready(e.getMessage());
                }
            });
            assertTrue(rt.blockOn(t).contains("worker of this runtime"));
        }
    }

    @Test
    void weftRunAndSpawnUseTheDefaultRuntime() {
        assertEquals(42, Weft.run(Future.ready(42)));
        Task<String> t = Weft.spawn(cx -> Poll.ready(Thread.currentThread().getName()));
        assertTrue(Weft.await(t).startsWith("weft-default-"));
        Runtime dflt = Weft.run(cx -> Poll.ready(Runtime.current()));
        Task<Runtime> inner = Weft.run(cx -> Poll.ready(Weft.spawn(cx2 -> Poll.ready(Runtime.current()))));
        assertSame(dflt, Weft.await(inner));
    }
}
