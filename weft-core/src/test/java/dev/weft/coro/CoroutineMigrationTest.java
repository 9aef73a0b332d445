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

@Timeout(30)
class CoroutineMigrationTest {

    @Test
    void aCoroutineSuspendedOnOneWorkerResumesOnAnother() throws Exception {
        // ROUND_ROBIN placement: the n-th schedule of the task runs on worker n mod 2.
        try (TestExecutor ex = new TestExecutor("mig", 2, TestExecutor.Placement.ROUND_ROBIN)) {
            List<Gate<Integer>> gates = new ArrayList<>();
            for (int i = 0; i < 4; i++) gates.add(new Gate<>());
            CompletableFuture<List<String>> r = ex.spawn(Weft.async(() -> {
                List<String> carriers = new ArrayList<>();
                Thread self = Thread.currentThread();
                int local = 0;
                for (Gate<Integer> g : gates) {
                    carriers.add(Coroutine.carrierThread().getName());
                    local += await(g);
                    if (Thread.currentThread() != self) throw new AssertionError("thread identity changed");
                }
                carriers.add(Coroutine.carrierThread().getName() + " sum=" + local);
                return carriers;
            }));
            for (int i = 0; i < gates.size(); i++) {
                Gate<Integer> g = gates.get(i);
                ex.awaitIdleAnd(g::hasWaiter); // suspended, its poll returned: one wake = one schedule
                g.open(i + 1);
            }
            assertThat(r.get(10, TimeUnit.SECONDS))
                    .containsExactly("mig-0", "mig-1", "mig-0", "mig-1", "mig-0 sum=10");
        }
    }

    @Test
    void onTheWorkStealingRuntimeTheCarrierIsAWorkerAndTheBodyItsOwnVirtualThread() throws Exception {
        Gate<Integer> gate = new Gate<>();
        try (dev.weft.exec.WeftRuntime rt = dev.weft.exec.WeftRuntime.builder().workers(2).threadNamePrefix("rtmig-").build()) {
            dev.weft.task.Task<String> t = rt.spawn(Weft.async(() -> {
                Thread carrier = Coroutine.carrierThread();
                boolean workerBefore = rt.threads().contains(carrier);
                int v = await(gate);
                boolean workerAfter = rt.threads().contains(Coroutine.carrierThread());
                return workerBefore + " " + workerAfter + " " + Thread.currentThread().isVirtual() + " " + v;
            }));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!gate.hasWaiter() && System.nanoTime() < deadline) Thread.onSpinWait();
            gate.open(8);
            assertThat(Weft.blockOn(t)).isEqualTo("true true true 8");
        }
    }
}
