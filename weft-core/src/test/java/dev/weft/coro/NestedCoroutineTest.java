package dev.weft.coro;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Coroutine futures polled from virtual threads: inside another coroutine, and blockOn on a VT. */
@Timeout(30)
class NestedCoroutineTest {

    /** Polls two futures until both are ready: a tiny join, so the inner coroutines interleave. */
    record Both<A, B>(Future<A> a, Future<B> b, Object[] out) implements Future<String> {
        @Override
        public Poll<String> poll(Context cx) throws Exception {
            if (out[0] == null && a.poll(cx) instanceof Poll.Ready<A>(A v)) out[0] = v;
            if (out[1] == null && b.poll(cx) instanceof Poll.Ready<B>(B v)) out[1] = v;
            return out[0] != null && out[1] != null ? Poll.ready(out[0] + "+" + out[1]) : Poll.pending();
        }
    }

    @Test
    void aCoroutineAwaitsCoroutinesThatSuspend() throws Exception {
        Gate<String> g1 = new Gate<>();
        Gate<String> g2 = new Gate<>();
        try (TestExecutor ex = new TestExecutor("nest", 2, TestExecutor.Placement.SHARED)) {
            CompletableFuture<String> r = ex.spawn(Weft.async(() -> {
                String inner = await(Weft.async(() -> {
                    await(Future.yieldNow());
                    return "inner " + await(Future.ready("x"));
                }));
                String both = await(new Both<>(Weft.async(() -> await(g1)), Weft.async(() -> await(g2)), new Object[2]));
                return inner + " / " + both;
            }));
            ex.awaitIdleAnd(() -> g1.hasWaiter() && g2.hasWaiter());
            g2.open("b");
            g1.open("a");
            assertThat(r.get(10, TimeUnit.SECONDS)).isEqualTo("inner x / a+b");
        }
    }

    /**
     * The wakes of both gates reach the outer coroutine while its await is still inside the poll
     * of {@code Both} (parked while a spare carrier steps an inner coroutine): that await must
     * poll again instead of suspending on what it read before. A protocol that let the task's
     * poll take such a wake without a trace lost it here within a few rounds.
     */
    @Test
    void wakesThatArriveWhileTheAwaitIsStillPollingAreNotLost() throws Exception {
        for (int round = 0; round < 200; round++) {
            Gate<String> g1 = new Gate<>();
            Gate<String> g2 = new Gate<>();
            Future<String> a = Weft.async(() -> await(g1));
            Future<String> b = Weft.async(() -> await(g2));
            try (TestExecutor ex = new TestExecutor("nest-wake", 2, TestExecutor.Placement.SHARED)) {
                CompletableFuture<String> r = ex.spawn(Weft.async(() -> await(new Both<>(a, b, new Object[2]))));
                ex.awaitIdleAnd(() -> g1.hasWaiter() && g2.hasWaiter());
                g2.open("b");
                g1.open("a");
                assertThat(r.get(5, TimeUnit.SECONDS)).as("round %d: %s %s", round, a, b).isEqualTo("a+b");
            }
        }
    }

    @Test
    void awaitingAnUnstartedCoroutineRunsItInlineOnTheSameStack() throws Exception {
        Gate<Integer> gate = new Gate<>();
        try (TestExecutor ex = new TestExecutor("inline", 2, TestExecutor.Placement.SHARED)) {
            CompletableFuture<String> r = ex.spawn(Weft.async(() -> {
                Thread outer = Thread.currentThread();
                Future<Thread> inner = Weft.async(() -> {
                    await(gate); // suspends the outer coroutine
                    return Thread.currentThread();
                });
                boolean same = await(inner) == outer;
                String failure;
                try {
                    await(Weft.async(() -> { throw new java.io.IOException("inner failed"); }));
                    failure = "none";
                } catch (Exception e) { // a plain future's checked failure: as thrown, undeclared
                    failure = e.getMessage();
                }
                return same + " " + failure;
            }));
            ex.awaitIdleAnd(gate::hasWaiter);
            gate.open(1);
            assertThat(r.get(10, TimeUnit.SECONDS)).isEqualTo("true inner failed");
        }
    }

    @Test
    void aTimeoutInsideACoroutineCancelsTheInnerCoroutineAndItsFinallyRuns() throws Exception {
        Gate<Integer> never = new Gate<>();
        java.util.List<String> log = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        try (dev.weft.exec.WeftRuntime rt = dev.weft.exec.WeftRuntime.builder().workers(2).build()) {
            String r = rt.blockOn(Weft.async(() -> {
                Future<Integer> inner = Weft.async(() -> {
                    try {
                        return await(never);
                    } finally {
                        log.add("inner finally");
                    }
                });
                try {
                    await(dev.weft.time.Time.timeout(inner, Duration.ofMillis(20)));
                    return "no timeout";
                } catch (java.util.concurrent.TimeoutException e) {
                    return e.getClass().getSimpleName();
                }
            }));
            assertThat(r).isEqualTo("TimeoutException");
        }
        assertThat(log).containsExactly("inner finally");
        assertThat(never.cancels.get()).isEqualTo(1);
    }

    @Test
    void blockOnACoroutineFromAPlainVirtualThread() throws Exception {
        Gate<Integer> gate = new Gate<>();
        int[] got = new int[1];
        Thread vt = Thread.ofVirtual().start(() -> got[0] = Weft.blockOn(Weft.async(() -> await(gate) * 2)));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!gate.hasWaiter() && System.nanoTime() < deadline) Thread.onSpinWait();
        gate.open(21);
        assertThat(vt.join(Duration.ofSeconds(10))).isTrue();
        assertThat(got[0]).isEqualTo(42);
    }
}
