package dev.weft.coro;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@code synchronized} block around an await: the cases that deadlock or break mutual exclusion
 * with raw continuations (research notes, experiment 1) work here.
 */
@Timeout(30)
class CoroutineMonitorTest {

    @Test
    void secondCoroutineOnTheSameWorkerWaitsForTheMonitorInsteadOfDeadlockingOrEntering() throws Exception {
        Object lock = new Object();
        Gate<Integer> gate = new Gate<>();
        AtomicBoolean holderInside = new AtomicBoolean();
        try (TestExecutor ex = new TestExecutor("mon1", 1, TestExecutor.Placement.SHARED)) {
            CompletableFuture<Integer> holder = ex.spawn(Weft.async(() -> {
                synchronized (lock) {
                    holderInside.set(true);
                    int v = await(gate);
                    holderInside.set(false);
                    return v;
                }
            }));
            CompletableFuture<Boolean> contender = ex.spawn(Weft.async(() -> {
                synchronized (lock) {
                    return holderInside.get(); // must be false: the holder left first
                }
            }));
            while (!gate.hasWaiter()) Thread.onSpinWait();
            // the one worker is free while both coroutines wait: prove it runs a third task
            assertThat(ex.spawn(Weft.async(() -> "worker free")).get(10, TimeUnit.SECONDS)).isEqualTo("worker free");
            assertThat(contender).isNotDone();
            gate.open(4);
            assertThat(holder.get(10, TimeUnit.SECONDS)).isEqualTo(4);
            assertThat(contender.get(10, TimeUnit.SECONDS)).isFalse();
        }
    }

    @Test
    void anInflatedMonitorHeldAcrossAMigrationIsReleased() throws Exception {
        Object lock = new Object();
        Gate<Integer> gate = new Gate<>();
        try (TestExecutor ex = new TestExecutor("mon2", 2, TestExecutor.Placement.ROUND_ROBIN)) {
            CompletableFuture<String> r = ex.spawn(Weft.async(() -> {
                synchronized (lock) {
                    lock.wait(1); // inflates the monitor
                    String before = Coroutine.carrierThread().getName();
                    await(gate);
                    return before + "->" + Coroutine.carrierThread().getName();
                }
            }));
            ex.awaitIdleAnd(gate::hasWaiter);
            gate.open(1);
            String[] moved = r.get(10, TimeUnit.SECONDS).split("->");
            assertThat(moved[0]).as("resumed on the other worker").isNotEqualTo(moved[1]);
        }
        // with a raw continuation the monitor would stay owned forever here
        Thread other = Thread.ofPlatform().start(() -> {
            synchronized (lock) {
                lock.notifyAll();
            }
        });
        assertThat(other.join(Duration.ofSeconds(10))).as("the monitor was released").isTrue();
    }
}
