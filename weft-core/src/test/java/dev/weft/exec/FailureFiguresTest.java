package dev.weft.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.io.IOException;
import java.util.BitSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * 10^6 tasks (10^7 with {@code -Dweft.stress=true}), one in ten throwing an unchecked exception, a
 * checked one or an {@code Error}, half of those awaited and half detached: no worker is lost, and
 * each failure is surfaced exactly once (to its awaiter, or to the runtime's hook).
 */
class FailureFiguresTest {
    private static final int TASKS = Boolean.getBoolean("weft.stress") ? 10_000_000 : 1_000_000;

    /** Fails with a throwable that carries its task's index, of the kind the index picks. */
    record Thrower(int index) implements Future<Integer> {
        @Override
        public Poll<Integer> poll(Context cx) throws Exception {
            if (index % 10 != 0) return Poll.ready(index);
            switch ((index / 10) % 3) {
                case 0 -> throw new IndexedException(index);
                case 1 -> throw new IOException(Integer.toString(index));
                default -> throw new IndexedError(index);
            }
        }
    }

    static final class IndexedException extends RuntimeException {
        IndexedException(int i) {
            super(Integer.toString(i), null, false, false);
        }
    }

    static final class IndexedError extends Error {
        IndexedError(int i) {
            super(Integer.toString(i), null, false, false);
        }
    }

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void aMillionTasksATenthThrowingLoseNoWorkerAndSurfaceEachFailureOnce() throws Exception {
        ConcurrentHashMap<Integer, Integer> surfaced = new ConcurrentHashMap<>();
        AtomicInteger hookCalls = new AtomicInteger();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).threadNamePrefix("failure-figures-")
                .onUncaughtException(e -> {
                    hookCalls.incrementAndGet();
                    surfaced.merge(Integer.parseInt(e.getMessage()), 1, Integer::sum);
                }).build()) {
            int batch = 10_000;
            BitSet okSeen = new BitSet(TASKS);
            for (int start = 0; start < TASKS; start += batch) {
                @SuppressWarnings("unchecked")
                Task<Integer>[] handles = new Task[batch];
                for (int i = 0; i < batch; i++) {
                    int index = start + i;
                    Task<Integer> t = rt.spawn(new Thrower(index));
                    if (index % 20 == 10) t.detach(); // half of the failing ones nobody awaits
                    else handles[i] = t;
                }
                for (int i = 0; i < batch; i++) {
                    if (handles[i] == null) continue;
                    int index = start + i;
                    try {
                        int v = rt.blockOn(handles[i]);
                        assertThat(v).isEqualTo(index);
                        okSeen.set(index);
                    } catch (Exception | IndexedError e) {
                        assertThat(e).isInstanceOfAny(IndexedException.class, IOException.class, IndexedError.class);
                        surfaced.merge(Integer.parseInt(e.getMessage()), 1, Integer::sum);
                    }
                }
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (surfaced.size() < TASKS / 10 && System.nanoTime() < deadline) Thread.sleep(5);
            for (Thread w : rt.threads()) assertThat(w.isAlive()).as(w.getName()).isTrue();
            assertThat(okSeen.cardinality()).isEqualTo(TASKS - TASKS / 10);
            assertThat(surfaced).as("failures surfaced").hasSize(TASKS / 10);
            assertThat(surfaced.values()).as("each exactly once").allMatch(n -> n == 1);
            assertThat(hookCalls.get()).as("detached failures through the hook").isEqualTo(TASKS / 20);
        }
    }
}
