package dev.weft.coro;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class CoroutineBasicsTest {

    @Test
    void mechanismIsSuspendingWithTheBuildFlags() {
        assertThat(Coroutine.mechanism()).isEqualTo(Mechanism.SUSPENDING);
    }

    @Test
    void bodyDoesNotRunUntilPolled() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        Future<Integer> f = Weft.async(() -> runs.incrementAndGet());
        assertThat(runs.get()).isZero();
        assertThat(f.poll(Context.noop())).isEqualTo(Poll.ready(1));
        assertThat(runs.get()).isEqualTo(1);
    }

    @Test
    void readyAwaitDoesNotSuspend() throws Exception {
        Future<Integer> f = Weft.async(() -> await(Future.ready(40)) + await(Future.ready(2)));
        assertThat(f.poll(Context.noop())).isEqualTo(Poll.ready(42));
    }

    @Test
    void pendingAwaitSuspendsAndTheWakeResumes() throws Exception {
        Gate<String> gate = new Gate<>();
        CountingWaker task = new CountingWaker();
        Context cx = Context.of(task);
        Future<String> f = Weft.async(() -> "got " + await(gate));
        assertThat(f.poll(cx).isPending()).isTrue();
        assertThat(gate.hasWaiter()).isTrue();
        assertThat(task.wakes.get()).isZero();
        assertThat(f.poll(cx).isPending()).as("a spurious poll answers pending at once").isTrue();
        assertThat(gate.polls.get()).as("and does not resume the body").isEqualTo(1);
        Thread opener = Thread.ofPlatform().start(() -> gate.open("x"));
        opener.join();
        assertThat(task.wakes.get()).isEqualTo(1);
        assertThat(f.poll(cx)).isEqualTo(Poll.ready("got x"));
        assertThat(gate.polls.get()).isEqualTo(2);
    }

    @Test
    void awaitOnAPlainThreadBlocks() {
        Gate<Integer> gate = new Gate<>();
        Thread.ofPlatform().start(() -> {
            while (!gate.hasWaiter()) Thread.onSpinWait();
            gate.open(7);
        });
        assertThat(Coroutine.inCoroutine()).isFalse();
        assertThat(await(gate)).isEqualTo(7);
    }

    @Test
    void awaitOnAPlainVirtualThreadBlocks() throws Exception {
        Gate<Integer> gate = new Gate<>();
        int[] got = new int[1];
        boolean[] inside = new boolean[1];
        Thread vt = Thread.ofVirtual().start(() -> {
            inside[0] = Coroutine.inCoroutine();
            got[0] = await(gate);
        });
        while (!gate.hasWaiter()) Thread.onSpinWait();
        gate.open(9);
        assertThat(vt.join(java.time.Duration.ofSeconds(10))).isTrue();
        assertThat(got[0]).isEqualTo(9);
        assertThat(inside[0]).isFalse();
    }

    @Test
    void insideABodyInCoroutineIsTrueAndBlockingCodesBodyRunsOnASpareCarrier() {
        Thread[] seen = new Thread[2];
        boolean inside = Weft.blockOn(Weft.async(() -> {
            seen[0] = Coroutine.carrierThread();
            seen[1] = Thread.currentThread();
            return Coroutine.inCoroutine();
        }));
        assertThat(inside).isTrue();
        // not the blocking thread itself: carrying a virtual thread would clear its interrupts
        assertThat(seen[0]).isNotSameAs(Thread.currentThread());
        assertThat(seen[0].isVirtual()).isFalse();
        assertThat(seen[0].getName()).startsWith("weft-coro-carrier-");
        assertThat(seen[1].isVirtual()).isTrue();
    }

    @Test
    void uncheckedExceptionOfAwaitedFutureComesOutOfAwaitAsItIs() {
        Gate<Integer> gate = new Gate<>();
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        Future<String> f = Weft.async(() -> {
            try {
                await(gate);
                return "no";
            } catch (IllegalArgumentException e) {
                return e == boom ? "same object" : "other";
            }
        });
        Thread.ofPlatform().start(() -> {
            while (!gate.hasWaiter()) Thread.onSpinWait();
            gate.fail(boom);
        });
        assertThat(Weft.blockOn(f)).isEqualTo("same object");
    }

    @Test
    void checkedExceptionOfAwaitedFutureArrivesAsItWasThrownAndIsCaughtByItsType() {
        IOException io = new IOException("disk");
        dev.weft.future.Fallible<Integer, IOException> failing = cx -> { throw io; };
        Future<Throwable> f = Weft.async(() -> {
            try {
                await(failing);
                return null;
            } catch (IOException e) { // await(Fallible) declares it
                return e;
            }
        });
        assertThat(Weft.blockOn(f)).isSameAs(io);
    }

    @Test
    void bodyExceptionIsTheOutcome() throws Exception {
        IOException io = new IOException("body");
        Future<Integer> f = Weft.async(() -> { throw io; });
        assertThatThrownBy(() -> f.poll(Context.noop())).isSameAs(io);
        IllegalStateException ise = new IllegalStateException("x");
        assertThatThrownBy(() -> Weft.blockOn(Weft.async(() -> { throw ise; }))).isSameAs(ise);
        assertThatThrownBy(() -> Weft.blockOn(Weft.async(() -> { throw io; }))).isSameAs(io);
    }

    @Test
    void bodyExceptionAfterASuspensionReachesTheExecutor() throws Exception {
        try (TestExecutor ex = new TestExecutor("exc", 2, TestExecutor.Placement.SHARED)) {
            Gate<Integer> gate = new Gate<>();
            var r = ex.spawn(Weft.async(() -> {
                int v = await(gate);
                throw new ArithmeticException("after " + v);
            }));
            while (!gate.hasWaiter()) Thread.onSpinWait();
            gate.open(3);
            assertThatThrownBy(() -> r.get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(ArithmeticException.class).hasMessage("after 3");
        }
    }

    @Test
    void yieldingFutureGivesTheWorkerBackOnceThenIsPolledAgain() throws Exception {
        CountingWaker task = new CountingWaker();
        Context cx = Context.of(task);
        Future<String> f = Weft.async(() -> {
            await(Future.yieldNow());
            return "after yield";
        });
        assertThat(f.poll(cx).isPending()).isTrue();
        assertThat(task.wakes.get()).as("the coroutine asks to be polled again").isEqualTo(1);
        assertThat(f.poll(cx)).isEqualTo(Poll.ready("after yield"));
    }

    @Test
    void aSelfWakeDuringAPollIsNotLostToAnAwaitInsideThatPoll() throws Exception {
        // The outer future wakes its coroutine, then awaits a yield inside its own poll (one waker
        // for both awaits) and answers pending: only that first wake says "poll me again".
        Future<String> wakesThenAwaitsInside = new Future<>() {
            private boolean polled;

            @Override
            public Poll<String> poll(Context cx) {
                if (polled) return Poll.ready("polled again");
                polled = true;
                cx.waker().wake();
                await(Future.yieldNow());
                return Poll.pending();
            }
        };
        CountingWaker task = new CountingWaker();
        Context cx = Context.of(task);
        Future<String> f = Weft.async(() -> await(wakesThenAwaitsInside));
        Poll<String> p = f.poll(cx);
        for (int i = 0; i < 10 && p.isPending(); i++) {
            assertThat(task.wakes.get()).as("each pending poll so far asked for another").isEqualTo(i + 1);
            p = f.poll(cx);
        }
        assertThat(p).isEqualTo(Poll.ready("polled again"));
    }

    @Test
    void aBodyWhoseAwaitsAreAlwaysReadyStillLetsOtherTasksRun() throws Exception {
        java.util.List<String> order = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        try (TestExecutor ex = new TestExecutor("budget", 1, TestExecutor.Placement.SHARED)) {
            java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
            ex.spawn(cx -> { // holds the only worker until both coroutines are queued
                release.await();
                return Poll.ready(null);
            });
            var busy = ex.spawn(Weft.async(() -> {
                long sum = 0;
                for (int i = 0; i < 10_000; i++) sum += await(Future.ready(i));
                order.add("busy done");
                return sum;
            }));
            var other = ex.spawn(Weft.async(() -> order.add("other ran")));
            release.countDown();
            assertThat(busy.get(10, TimeUnit.SECONDS)).isEqualTo(49_995_000L);
            other.get(10, TimeUnit.SECONDS);
        }
        assertThat(order).containsExactly("other ran", "busy done");
    }

    /** A waker counting its wakes. */
    static final class CountingWaker implements dev.weft.future.Waker {
        final AtomicInteger wakes = new AtomicInteger();

        @Override
        public void wake() {
            wakes.incrementAndGet();
        }
    }
}
