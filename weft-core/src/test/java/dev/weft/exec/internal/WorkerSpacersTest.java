package dev.weft.exec.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The spacer threads of {@link WorkerSpacers}: how many start, and that they always end. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WorkerSpacersTest {

    private static List<Thread> alive(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(prefix) && t.isAlive())
                .toList();
    }

    private static Thread blockedOn(CountDownLatch latch, String name) {
        return new Thread(() -> {
            try {
                latch.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name);
    }

    @Test
    void fourSpacersStartInEachGapBetweenWorkersAndAllEndOnStop() throws Exception {
        String prefix = "spacers-test-";
        CountDownLatch workersDone = new CountDownLatch(1);
        Thread[] workers = new Thread[3];
        for (int i = 0; i < workers.length; i++) workers[i] = blockedOn(workersDone, prefix + "worker-" + i);
        WorkerSpacers spacers = WorkerSpacers.startBetween(workers, prefix);
        try {
            for (Thread w : workers) assertThat(w.isAlive()).as(w.getName()).isTrue();
            assertThat(alive(prefix + "spacer-")).hasSize(2 * WorkerSpacers.PER_GAP);
        } finally {
            workersDone.countDown();
        }
        assertThat(spacers.stop(System.nanoTime() + TimeUnit.SECONDS.toNanos(10))).isTrue();
        assertThat(alive(prefix + "spacer-")).isEmpty();
        for (Thread w : workers) w.join();
    }

    @Test
    void aWorkerThatCannotStartLeavesNoSpacerBehind() throws Exception {
        String prefix = "spacers-fail-test-";
        CountDownLatch workersDone = new CountDownLatch(1);
        Thread first = blockedOn(workersDone, prefix + "worker-0");
        Thread second = blockedOn(workersDone, prefix + "worker-1");
        second.start(); // starting it again fails
        try {
            assertThatThrownBy(() -> WorkerSpacers.startBetween(new Thread[] {first, second}, prefix))
                    .isInstanceOf(IllegalThreadStateException.class);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!alive(prefix + "spacer-").isEmpty() && System.nanoTime() < deadline) Thread.sleep(5);
            assertThat(alive(prefix + "spacer-")).isEmpty();
        } finally {
            workersDone.countDown();
        }
        first.join();
        second.join();
    }
}
