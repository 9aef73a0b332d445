package dev.weft.coro;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.future.Future;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Seed 001's demonstration: {@code nest()} suspends from inside a call two levels deep, and the
 * same function {@code func()} runs in two coroutines on separate stacks; one worker runs them
 * round robin, so the output interleaves in a fixed order.
 */
@Timeout(30)
class SeedDemoTest {
    private final List<String> out = Collections.synchronizedList(new ArrayList<>());

    private void nestYield() {
        await(Future.yieldNow()); // two levels below the coroutine body: nest() -> nestYield() -> await
    }

    private Void nest(String tag) {
        for (int i = 0; i < 3; i++) {
            out.add("nest " + tag + " " + i);
            nestYield();
        }
        return null;
    }

    private Void func(String tag) {
        int local = 100 * tag.length(); // a local that must survive each suspension on this stack
        for (int i = 0; i < 3; i++) {
            out.add("func " + tag + " " + i + " " + (local + i));
            await(Future.yieldNow());
        }
        return null;
    }

    @Test
    void nestedSuspensionAndTwoStacksInterleaveInOrder() throws Exception {
        try (TestExecutor ex = new TestExecutor("seed", 1, TestExecutor.Placement.SHARED)) {
            java.util.concurrent.CountDownLatch queued = new java.util.concurrent.CountDownLatch(1);
            ex.spawn(cx -> { // holds the only worker until all four coroutines are queued, in order
                queued.await();
                return dev.weft.future.Poll.ready(null);
            });
            CompletableFuture<Void> main = ex.spawn(Weft.async(() -> {
                for (int i = 0; i < 3; i++) {
                    out.add("main m " + i);
                    await(Future.yieldNow());
                }
                return null;
            }));
            CompletableFuture<Void> n = ex.spawn(Weft.async(() -> nest("n")));
            CompletableFuture<Void> f1 = ex.spawn(Weft.async(() -> func("a")));
            CompletableFuture<Void> f2 = ex.spawn(Weft.async(() -> func("bb")));
            queued.countDown();
            CompletableFuture.allOf(main, n, f1, f2).get(20, TimeUnit.SECONDS);
        }
        assertThat(out).containsExactly(
                "main m 0", "nest n 0", "func a 0 100", "func bb 0 200",
                "main m 1", "nest n 1", "func a 1 101", "func bb 1 201",
                "main m 2", "nest n 2", "func a 2 102", "func bb 2 202");
    }

    @Test
    void sameInterleavingOnWeftsLocalExecutor() {
        try (dev.weft.exec.LocalExecutor ex = new dev.weft.exec.LocalExecutor()) {
            List<dev.weft.task.Task<Void>> tasks = new ArrayList<>();
            ex.run(cx -> {
                if (tasks.isEmpty()) { // spawned from the running thread: its local FIFO queue
                    tasks.add(ex.spawn(Weft.async(() -> {
                        for (int i = 0; i < 3; i++) {
                            out.add("main m " + i);
                            await(Future.yieldNow());
                        }
                        return null;
                    })));
                    tasks.add(ex.spawn(Weft.async(() -> nest("n"))));
                    tasks.add(ex.spawn(Weft.async(() -> func("a"))));
                    tasks.add(ex.spawn(Weft.async(() -> func("bb"))));
                }
                for (dev.weft.task.Task<Void> t : tasks) if (t.poll(cx).isPending()) return dev.weft.future.Poll.pending();
                return dev.weft.future.Poll.ready(null);
            });
        }
        assertThat(out).containsExactly(
                "main m 0", "nest n 0", "func a 0 100", "func bb 0 200",
                "main m 1", "nest n 1", "func a 1 101", "func bb 1 201",
                "main m 2", "nest n 2", "func a 2 102", "func bb 2 202");
    }

    @Test
    void handPolledLoopDrivesTwoCoroutinesInTurn() throws Exception {
        Future<Void> a = Weft.async(() -> func("a"));
        Future<Void> b = Weft.async(() -> func("bb"));
        dev.weft.future.Context cx = dev.weft.future.Context.noop();
        boolean aDone = false, bDone = false;
        for (int round = 0; round < 10 && !(aDone && bDone); round++) {
            if (!aDone) aDone = a.poll(cx).isReady();
            if (!bDone) bDone = b.poll(cx).isReady();
        }
        assertThat(aDone && bDone).isTrue();
        assertThat(out).containsExactly(
                "func a 0 100", "func bb 0 200", "func a 1 101", "func bb 1 201", "func a 2 102", "func bb 2 202");
    }
}
