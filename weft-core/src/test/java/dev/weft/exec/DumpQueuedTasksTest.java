package dev.weft.exec;

import dev.weft.task.TaskState;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.task.Task;
import dev.weft.task.internal.RawTask;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Tasks spawned and not yet polled are in the dump, statistics on or off, from every queue. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DumpQueuedTasksTest {

    @Test
    void withStatisticsOffTasksNeverPolledAreListedFromTheLifoSlotTheLocalQueueAndTheInjectionQueue() throws Exception {
        CountDownLatch spawned = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Task<?>[] fromWorker = new Task<?>[2];
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).taskStats(false).threadNamePrefix("queued-").build();
                AutoCloseable releaseAtEnd = release::countDown) {
            Task<Void> blocker = rt.spawn(cx -> {
                fromWorker[0] = Task.spawn(Future.pending()); // to the LIFO slot
                fromWorker[1] = Task.spawn(Future.pending()); // to the LIFO slot; the first moves to the local queue
                spawned.countDown();
                try {
                    release.await(); // holds the only worker, on purpose: nothing else is polled meanwhile
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Poll.ready(null);
            });
            assertThat(spawned.await(10, TimeUnit.SECONDS)).isTrue();
            Task<Void> fromOutside = rt.spawn(Future.pending()); // to the injection queue
            List<String> scheduled = rt.dumpTasks().stream().filter(d -> d.state() == TaskState.SCHEDULED).map(TaskDump::id).toList();
            assertThat(scheduled).containsExactlyInAnyOrder(id(fromWorker[0]), id(fromWorker[1]), id(fromOutside));
            assertThat(rt.dumpTasks()).filteredOn(d -> d.state() == TaskState.SCHEDULED)
                    .allSatisfy(d -> assertThat(d.waitsOn()).singleElement().asString().startsWith("leaf "));
            release.countDown();
            rt.blockOn(blocker);
        }
    }

    private static String id(Task<?> t) {
        return ((RawTask<?>) t).id();
    }
}
