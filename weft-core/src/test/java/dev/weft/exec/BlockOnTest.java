package dev.weft.exec;

import dev.weft.exec.internal.BlockOn;
import static dev.weft.testkit.Polls.isBlocked;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.testkit.ProbeFuture;
import java.io.IOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class BlockOnTest {

    @Test
    void readyFutureReturnsItsValueAfterOnePoll() {
        ProbeFuture<Integer> p = new ProbeFuture<>("p");
        p.complete(42);
        assertThat(BlockOn.blockOn(p)).isEqualTo(42);
        assertThat(p.polls()).isEqualTo(1);
    }

    @Test
    void wakeFromAnotherThreadCompletesIt() throws Exception {
        ProbeFuture<String> p = new ProbeFuture<>("p");
        Thread t = Thread.ofPlatform().start(() -> {
            while (p.polls() == 0) Thread.onSpinWait();
            p.complete("woken");
        });
        assertThat(BlockOn.blockOn(p)).isEqualTo("woken");
        t.join();
        p.assertNoMisuse();
    }

    @Test
    void worksOnAVirtualThread() throws Exception {
        AtomicReference<String> out = new AtomicReference<>();
        ProbeFuture<String> p = new ProbeFuture<>("p");
        Thread vt = Thread.ofVirtual().start(() -> out.set(BlockOn.blockOn(p.map(s -> s + "!"))));
        while (p.polls() == 0) Thread.onSpinWait();
        p.complete("v");
        vt.join();
        assertThat(out.get()).isEqualTo("v!");
    }

    @Test
    void exceptionsReachTheCallerAsTheRuleSays() {
        IllegalStateException ise = new IllegalStateException();
        assertThatThrownBy(() -> BlockOn.blockOn(Future.pollFn(cx -> { throw ise; }))).isSameAs(ise);
        IOException io = new IOException();
        ProbeFuture<Integer> p = new ProbeFuture<>("p");
        p.fail(io);
        assertThatThrownBy(() -> Weft.await(p)).isSameAs(io); // checked, and still not wrapped
    }

    @Test
    void interruptWhileParkedCancelsTheFutureOnceAndRestoresTheFlag() throws Exception {
        ProbeFuture<Integer> p = new ProbeFuture<>("p");
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> flagAfter = new AtomicReference<>();
        AtomicReference<Thread> cancelledOn = new AtomicReference<>();
        p.onCancel(() -> cancelledOn.set(Thread.currentThread()));
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                BlockOn.blockOn(p);
            } catch (Throwable e) {
                thrown.set(e);
            }
            flagAfter.set(Thread.currentThread().isInterrupted());
        });
        while (p.polls() == 0 || !isBlocked(t)) Thread.onSpinWait();
        t.interrupt();
        t.join();
        assertThat(thrown.get()).isInstanceOf(CancellationException.class).hasCauseInstanceOf(InterruptedException.class);
        assertThat(p.cancels()).isEqualTo(1);
        assertThat(cancelledOn.get()).isSameAs(t);
        assertThat(flagAfter.get()).isTrue();
        p.assertNoMisuse();
    }

    /** A future that wakes itself at every poll leaves a wake token each time: the interrupt must still win. */
    @Test
    void anInterruptCancelsAFutureThatWakesItselfAtEveryPoll() throws Exception {
        java.util.concurrent.atomic.AtomicInteger polls = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicBoolean cancelled = new java.util.concurrent.atomic.AtomicBoolean();
        Future<Integer> busy = new Future<>() {
            @Override
            public Poll<Integer> poll(Context cx) {
                polls.incrementAndGet();
                cx.waker().wake();
                return Poll.pending();
            }

            @Override
            public void cancel() {
                cancelled.set(true);
            }
        };
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                BlockOn.blockOn(busy);
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        while (polls.get() < 1000) Thread.onSpinWait();
        t.interrupt();
        t.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(t.isAlive()).as("still polling after the interrupt").isFalse();
        assertThat(thrown.get()).isInstanceOf(CancellationException.class).hasCauseInstanceOf(InterruptedException.class);
        assertThat(cancelled).isTrue();
    }

    @Test
    void anInterruptedThreadDoesNotStartABlockOnAndKeepsItsInterrupt() {
        ProbeFuture<Integer> p = new ProbeFuture<>("p");
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> BlockOn.blockOn(p)).isInstanceOf(CancellationException.class)
                    .hasCauseInstanceOf(InterruptedException.class);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
            assertThatThrownBy(() -> BlockOn.blockOn(Future.ready(1))).as("every later await throws too")
                    .isInstanceOf(CancellationException.class);
        } finally {
            Thread.interrupted();
        }
        assertThat(p.polls()).as("not polled: the await never started").isZero();
        assertThat(p.cancels()).as("nor cancelled: it was never polled").isZero();
        assertThat(BlockOn.blockOn(Future.ready(2))).as("once the status is cleared").isEqualTo(2);
    }

    /**
     * A nested blockOn (inside a poll driven by blockOn on the same thread) must not consume the
     * outer future's wake: here the outer future is woken while the inner one is still pending.
     */
    @Test
    void nestedBlockOnInsidePollDoesNotLoseTheOuterWake() throws Exception {
        CountDownLatch outerWoken = new CountDownLatch(1);
        ProbeFuture<String> inner = new ProbeFuture<>("inner");
        Future<String> outer = new Future<>() {
            int polls;

            @Override
            public Poll<String> poll(Context cx) {
                if (++polls > 1) return Poll.ready("outer done after " + polls + " polls");
                Waker outerWaker = cx.waker();
                Thread.ofPlatform().start(() -> {
                    while (inner.polls() == 0) Thread.onSpinWait();
                    outerWaker.wake();
                    outerWoken.countDown();
                    inner.complete("inner");
                });
                String in = BlockOn.blockOn(inner);
                assertThat(in).isEqualTo("inner");
                return Poll.pending();
            }
        };
        assertThat(BlockOn.blockOn(outer)).isEqualTo("outer done after 2 polls");
        assertThat(outerWoken.await(1, TimeUnit.SECONDS)).isTrue();
    }
}
