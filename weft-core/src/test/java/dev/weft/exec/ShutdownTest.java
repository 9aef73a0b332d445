package dev.weft.exec;

import dev.weft.exec.internal.BlockOn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Closing a runtime with live tasks: threads gone, tasks cancelled, later spawns refused. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ShutdownTest {

    private static long threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(prefix) && t.isAlive())
                .count();
    }

    @Test
    void closeCancelsLiveTasksJoinsItsThreadsAndRefusesLaterSpawns() {
        String prefix = "shutdown-test-";
        int before = Thread.activeCount();
        assertEquals(0, threadsNamed(prefix));
        WeftRuntime rt = WeftRuntime.builder().workers(3).threadNamePrefix(prefix).build();
        assertEquals(3, rt.threads().size());
        // the 3 workers, and 4 parked spacer threads in each of the 2 gaps between them
        // (WorkerSpacers); close must end them all
        assertEquals(8, threadsNamed(prefix + "spacer-"));
        // and the fallback thread of the runtime's own timer and I/O driver
        assertEquals(1, threadsNamed(prefix + "driver"));
        // and the watcher that reports blocked workers (BlockedWorkerWatch)
        assertEquals(1, threadsNamed(prefix + "watch"));
        assertEquals(3 + 8 + 1 + 1, threadsNamed(prefix));
        AtomicInteger cancels = new AtomicInteger();
        List<Task<Void>> idle = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) idle.add(rt.spawn(TestFutures.pendingForever(cancels)));
        AtomicInteger spinnerCancels = new AtomicInteger();
        List<Task<Void>> spinners = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            spinners.add(rt.spawn(new Future<Void>() {
                @Override
                public Poll<Void> poll(dev.weft.future.Context cx) {
                    cx.waker().wake(); // yields forever: always queued or running
                    return Poll.pending();
                }

                @Override
                public void cancel() {
                    spinnerCancels.incrementAndGet();
                }
            }));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (rt.liveTasks() != 1_010 && System.nanoTime() < deadline) Thread.onSpinWait();
        rt.close();
        for (Thread w : rt.threads()) assertFalse(w.isAlive(), w.getName());
        assertEquals(0, threadsNamed(prefix));
        assertTrue(Thread.activeCount() <= before, "threads before " + before + ", after " + Thread.activeCount());
        assertEquals(1_000, cancels.get());
        assertEquals(10, spinnerCancels.get());
        assertEquals(0, rt.liveTasks());
        for (Task<Void> t : idle) {
            assertTrue(t.isDone());
            assertThrows(CancellationException.class, () -> BlockOn.blockOn(t));
        }
        for (Task<Void> t : spinners) assertThrows(CancellationException.class, () -> BlockOn.blockOn(t));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> rt.spawn(Future.ready(1)));
        assertEquals("runtime is closed", e.getMessage());
        assertThrows(IllegalStateException.class, () -> rt.executor().execute(() -> {}));
        rt.close(); // idempotent
    }
}
