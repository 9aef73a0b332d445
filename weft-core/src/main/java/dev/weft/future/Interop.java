package dev.weft.future;

import dev.weft.exec.BlockOn;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Bridges between Weft futures and {@link java.util.concurrent.CompletableFuture}, with
 * cancellation carried across in both directions.
 *
 * {@snippet :
 * CompletableFuture<Integer> cf = Interop.toCompletableFuture(Future.ready(41).map(x -> x + 1));
 * int v = cf.join();                                   // 42
 * Future<Integer> back = Interop.fromStage(cf);        // same as Future.fromStage(cf)
 * }
 *
 * <p>Memory consistency effects: actions of the future before it completes happen-before actions
 * dependent on the returned {@code CompletableFuture}; completing a stage happens-before the poll
 * of {@link #fromStage(CompletionStage)} that sees the result.
 */
public final class Interop {
    private Interop() {}

    /**
     * A future that completes when {@code stage} does, with its value or its exception (a
     * {@link java.util.concurrent.CompletionException}'s cause is unwrapped; a cancelled stage
     * throws {@link java.util.concurrent.CancellationException}). Woken by the completion of the
     * stage, on the completing thread. Cancelling the future cancels the stage through
     * {@code toCompletableFuture().cancel(false)} when the stage supports it. Cancel-safe.
     *
     * @param stage the stage to wait for
     * @param <T> the value type
     * @return a future of the stage's outcome
     */
    public static <T> Future<T> fromStage(CompletionStage<T> stage) {
        return new FromStage<>(stage);
    }

    /**
     * Runs {@code future} on a new virtual thread ({@link BlockOn#blockOn(Future)}) and returns a
     * {@code CompletableFuture} of its outcome. Exceptions arrive as {@code blockOn} throws them
     * (unchecked as they are, checked wrapped in {@link java.util.concurrent.CompletionException}).
     * If the returned {@code CompletableFuture} is completed by anyone else first (cancelled,
     * completed, timed out), the virtual thread is interrupted and {@code blockOn} cancels the
     * future on that same thread, so {@code cancel()} never runs concurrently with a poll.
     *
     * @param future the future to run; owned by the virtual thread from now on
     * @param <T> the output type
     * @return a {@code CompletableFuture} completed with the future's outcome
     */
    public static <T> CompletableFuture<T> toCompletableFuture(Future<T> future) {
        Objects.requireNonNull(future, "future");
        CompletableFuture<T> cf = new CompletableFuture<>();
        Thread runner = Thread.ofVirtual().name("weft-to-completable-future").unstarted(() -> {
            try {
                cf.complete(BlockOn.blockOn(future));
            } catch (Throwable t) {
                cf.completeExceptionally(t);
            }
        });
        cf.whenComplete((v, t) -> {
            if (Thread.currentThread() != runner) runner.interrupt();
        });
        runner.start();
        return cf;
    }
}
