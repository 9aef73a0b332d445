package dev.weft.coro;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.future.Context;
import dev.weft.future.Future;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class CoroutineCancellationTest {
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());

    @Test
    void cancelRunsFinallyAndTryWithResourcesBeforeReturningAndNeverPassesTheAwait() throws Exception {
        Gate<Integer> gate = new Gate<>();
        Future<Integer> f = Weft.async(() -> {
            try (AutoCloseable r = () -> log.add("closed")) {
                log.add("before");
                helper(gate);
                log.add("past await");
                return 1;
            } finally {
                log.add("finally");
            }
        });
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        f.cancel();
        assertThat(log).containsExactly("before", "caught CancellationException", "closed", "finally");
        assertThat(gate.cancels.get()).as("the awaited future is cancelled").isEqualTo(1);
        assertThat(gate.hasWaiter()).isFalse();
        gate.open(5);
        assertThat(log).doesNotContain("past await");
    }

    private void helper(Gate<Integer> gate) {
        try {
            await(gate);
        } catch (CancellationException e) {
            log.add("caught CancellationException");
            throw e;
        }
    }

    @Test
    void anAwaitAfterACaughtCancellationThrowsAgainAtOnce() throws Exception {
        Gate<Integer> gate = new Gate<>();
        AtomicInteger readyPolls = new AtomicInteger();
        Future<Integer> ready = cx -> {
            readyPolls.incrementAndGet();
            return dev.weft.future.Poll.ready(1);
        };
        Future<String> f = Weft.async(() -> {
            try {
                await(gate);
            } catch (CancellationException first) {
                log.add("first");
            }
            try {
                await(ready);
                log.add("second await returned");
            } catch (CancellationException second) {
                log.add("second");
            }
            return "end";
        });
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        f.cancel();
        assertThat(log).containsExactly("first", "second");
        assertThat(readyPolls.get()).as("the refused await does not even poll").isZero();
    }

    @Test
    void cancelBeforeTheFirstPollNeverRunsTheBody() {
        AtomicInteger runs = new AtomicInteger();
        Future<Integer> f = Weft.async(runs::incrementAndGet);
        f.cancel();
        assertThat(runs.get()).isZero();
    }

    @Test
    void cancelOnAnExecutorTaskUnwindsOnTheCancellingThread() throws Exception {
        try (TestExecutor ex = new TestExecutor("cancel", 2, TestExecutor.Placement.SHARED)) {
            Gate<Integer> gate = new Gate<>();
            Thread[] unwoundOn = new Thread[1];
            Future<Integer> coroutine = Weft.async(() -> {
                try {
                    return await(gate);
                } finally {
                    unwoundOn[0] = Coroutine.carrierThread();
                }
            });
            // The owner polls once on a worker, then (not concurrently) cancels from this thread.
            ex.spawn(cx -> {
                coroutine.poll(cx);
                return dev.weft.future.Poll.ready(null);
            }).get(10, TimeUnit.SECONDS);
            coroutine.cancel();
            assertThat(unwoundOn[0]).isSameAs(Thread.currentThread());
        }
    }

    @Test
    void aBodyBlockedInSleepIsInterruptedAndFinishesUnwindingOnItsOwn() throws Exception {
        CountDownLatch unwound = new CountDownLatch(1);
        CountDownLatch sleeping = new CountDownLatch(1);
        String[] seen = new String[1];
        Future<Integer> f = Weft.async(() -> {
            try {
                sleeping.countDown();
                Thread.sleep(60_000);
                return 1;
            } catch (InterruptedException e) {
                seen[0] = "interrupted";
                return 2;
            } finally {
                unwound.countDown();
            }
        });
        assertThat(f.poll(Context.noop()).isPending()).isTrue();
        assertThat(sleeping.getCount()).isZero();
        f.cancel();
        assertThat(unwound.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(seen[0]).isEqualTo("interrupted");
    }

    @Test
    void anAwaitInAnInterruptedBodyThrowsAtOnceInsteadOfSuspending() throws Exception {
        Gate<Integer> gate = new Gate<>();
        Future<String> f = Weft.async(() -> {
            Thread.currentThread().interrupt();
            try {
                await(gate);
                return "no";
            } catch (CancellationException e) {
                return (e.getCause() instanceof InterruptedException) + " " + Thread.currentThread().isInterrupted();
            }
        });
        assertThat(f.poll(Context.noop())).isEqualTo(dev.weft.future.Poll.ready("true true"));
        assertThat(gate.polls.get()).isEqualTo(1);
        assertThat(gate.cancels.get()).isEqualTo(1);
    }

    @Test
    void interruptOfASuspendedBodyCancelsTheAwaitAtItsNextWake() throws Exception {
        Gate<Integer> gate = new Gate<>();
        Thread[] body = new Thread[1];
        Future<String> f = Weft.async(() -> {
            body[0] = Thread.currentThread();
            try {
                await(gate);
                return "no";
            } catch (CancellationException e) {
                return (e.getCause() instanceof InterruptedException) + " " + Thread.currentThread().isInterrupted();
            }
        });
        Context cx = Context.noop();
        assertThat(f.poll(cx).isPending()).isTrue();
        body[0].interrupt(); // does not resume the suspended body by itself
        assertThat(f.poll(cx).isPending()).isTrue();
        gate.nudge(); // any wake: the await sees the interrupt before it polls again
        String out = null;
        for (int i = 0; i < 1000 && out == null; i++) {
            var p = f.poll(cx);
            if (p.isReady()) out = p.value();
            else Thread.onSpinWait();
        }
        assertThat(out).isEqualTo("true true");
        assertThat(gate.cancels.get()).isEqualTo(1);
    }
}
