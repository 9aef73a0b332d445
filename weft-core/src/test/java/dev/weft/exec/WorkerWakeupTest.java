package dev.weft.exec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * No work is left queued while a worker sleeps: tasks that one worker queued and cannot run itself
 * (it is stuck in a long poll) are run by its sibling.
 *
 * <p>This once broke in about half of the passes of W1 (a million spawns): a spawner announced a
 * task only if its queue had been empty before the push, and a thief could take the last older task
 * and park before the push was visible (or park without searching, and so without re-checking).
 * The spawner's later pushes found a non-empty queue and announced nothing, and its sibling slept.
 * With that code this test fails in its first rounds.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WorkerWakeupTest {
    private static final int ROUNDS = 30;
    private static final int SPAWNS = 100_000;
    private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(5);

    @Test
    void tasksQueuedByAWorkerStuckInALongPollAreRunByItsSibling() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("wakeup-").build()) {
            for (int round = 0; round < ROUNDS; round++) {
                AtomicInteger ran = new AtomicInteger();
                int seen = rt.blockOn(cx -> {
                    for (int i = 0; i < SPAWNS; i++) {
                        Task.spawn(c -> {
                            ran.incrementAndGet();
                            return Poll.ready(null);
                        }).detach();
                    }
                    // This worker now stays in this poll: only its sibling can run the tasks. The
                    // last one sits in this worker's LIFO slot, which no sibling may take.
                    long deadline = System.nanoTime() + PATIENCE_NANOS;
                    while (ran.get() < SPAWNS - 1 && System.nanoTime() - deadline < 0) Thread.sleep(1);
                    return Poll.ready(ran.get());
                });
                int r = round;
                assertTrue(seen >= SPAWNS - 1, () -> "round " + r + ": only " + seen + " of " + (SPAWNS - 1)
                        + " stealable tasks ran in 5 s while their worker was busy: " + rt.executor());
            }
        }
    }
}
