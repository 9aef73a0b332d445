package dev.weft.future;

import static dev.weft.testkit.Polls.assertPending;
import static dev.weft.testkit.Polls.assertReady;
import static dev.weft.testkit.Polls.pollOnce;
import static dev.weft.testkit.Polls.pollThrows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.testkit.CountingWaker;
import dev.weft.testkit.ProbeFuture;
import java.io.IOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class FromStageTest {
    private final CountingWaker w = new CountingWaker();

    @Test
    void fromStageIsWokenByCompletionOnAnotherThread() throws Exception {
        CompletableFuture<String> cf = new CompletableFuture<>();
        Future<String> f = Future.fromStage(cf);
        assertPending(pollOnce(f, w));
        Thread t = Thread.ofPlatform().start(() -> cf.complete("hi"));
        t.join();
        assertThat(w.wakes()).isEqualTo(1);
        assertReady(pollOnce(f, w), "hi");
    }

    @Test
    void fromStageOfACompletedStageIsReadyAtOnce() {
        assertReady(pollOnce(Future.fromStage(CompletableFuture.completedFuture(3)), w), 3);
        assertReady(pollOnce(Future.fromStage(CompletableFuture.<String>completedFuture(null)), w), null);
        assertThat(w.wakes()).isZero();
    }

    @Test
    void fromStageUnderAwait() {
        CompletableFuture<Integer> cf = CompletableFuture.supplyAsync(() -> 6 * 7);
        int v = Weft.await(Future.fromStage(cf));
        assertThat(v).isEqualTo(42);
    }

    @Test
    void fromStageUnwrapsTheCauseOfAFailedStage() {
        IOException io = new IOException("io");
        CompletableFuture<Integer> cf = new CompletableFuture<>();
        CompletableFuture<Integer> dependent = cf.thenApply(x -> x + 1);
        cf.completeExceptionally(io);
        assertThat(pollThrows(Future.fromStage(dependent), w)).isSameAs(io);
        IllegalStateException ise = new IllegalStateException();
        assertThatThrownBy(() -> Weft.await(Future.fromStage(CompletableFuture.failedFuture(ise)))).isSameAs(ise);
    }

    @Test
    void cancellingTheWeftFutureCancelsTheCompletableFuture() {
        CompletableFuture<Integer> cf = new CompletableFuture<>();
        Future<Integer> f = Future.fromStage(cf);
        assertPending(pollOnce(f, w));
        f.cancel();
        assertThat(cf.isCancelled()).isTrue();
        assertThat(w.wakes()).as("a cancelled future wakes nobody").isZero();
    }

    @Test
    void aCancelledStageThrowsCancellationException() {
        CompletableFuture<Integer> cf = new CompletableFuture<>();
        Future<Integer> f = Future.fromStage(cf);
        assertPending(pollOnce(f, w));
        cf.cancel(false);
        assertThat(pollThrows(f, w)).isInstanceOf(CancellationException.class);
    }

    @Test
    void toCompletableFutureCompletesWithTheOutput() throws Exception {
        ProbeFuture<String> p = new ProbeFuture<>("p");
        CompletableFuture<String> cf = dev.weft.exec.Completions.toCompletableFuture(p.map(s -> s + "!"));
        Thread.ofPlatform().start(() -> {
            while (p.polls() == 0) Thread.onSpinWait();
            p.complete("done");
        });
        assertThat(cf.get(10, TimeUnit.SECONDS)).isEqualTo("done!");
        p.assertNoMisuse();
    }

    @Test
    void toCompletableFutureCarriesExceptions() {
        IllegalStateException ise = new IllegalStateException();
        CompletableFuture<Integer> a = dev.weft.exec.Completions.toCompletableFuture(Future.pollFn(cx -> { throw ise; }));
        assertThatThrownBy(() -> a.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class).cause().isSameAs(ise);
        IOException io = new IOException();
        ProbeFuture<Integer> p = new ProbeFuture<>("p");
        p.fail(io);
        CompletableFuture<Integer> b = dev.weft.exec.Completions.toCompletableFuture(p);
        assertThatThrownBy(() -> b.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class).cause().isSameAs(io);
        assertThatThrownBy(b::join).isInstanceOf(CompletionException.class).cause().isSameAs(io); // the JDK wraps
    }

    @Test
    void cancellingTheCompletableFutureCancelsTheWeftFutureOnItsPollingThread() throws Exception {
        AtomicReference<Thread> pollThread = new AtomicReference<>();
        AtomicReference<Thread> cancelThread = new AtomicReference<>();
        ProbeFuture<Integer> p = new ProbeFuture<>("p");
        p.onCancel(() -> cancelThread.set(Thread.currentThread()));
        Future<Integer> recording = new Future<>() {
            @Override
            public Poll<Integer> poll(Context cx) throws Exception {
                pollThread.set(Thread.currentThread());
                return p.poll(cx);
            }

            @Override
            public void cancel() {
                p.cancel();
            }
        };
        CompletableFuture<Integer> cf = dev.weft.exec.Completions.toCompletableFuture(recording.map(x -> x + 1).then(Future::ready));
        while (p.polls() == 0) Thread.onSpinWait();
        assertThat(cf.cancel(true)).isTrue();
        p.awaitCancelled(10);
        assertThat(p.cancels()).isEqualTo(1);
        assertThat(cancelThread.get()).isSameAs(pollThread.get());
        assertThat(pollThread.get().isVirtual()).isTrue();
        pollThread.get().join();
        p.assertNoMisuse();
        assertThat(cf.isCancelled()).isTrue();
    }

    @Test
    void completingTheCompletableFutureFromOutsideStopsTheWeftFuture() throws Exception {
        ProbeFuture<Integer> p = new ProbeFuture<>("p");
        CompletableFuture<Integer> cf = dev.weft.exec.Completions.toCompletableFuture(p);
        while (p.polls() == 0) Thread.onSpinWait();
        cf.complete(5);
        p.awaitCancelled(10);
        assertThat(p.cancels()).isEqualTo(1);
        assertThat(cf.join()).isEqualTo(5);
    }
}
