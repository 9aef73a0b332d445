package dev.weft.future;

import java.util.concurrent.CompletionStage;

/**
 * The bridge from {@link java.util.concurrent.CompletionStage} to Weft futures, with
 * cancellation carried across. The other direction, which must run the future somewhere, is
 * {@link dev.weft.exec.Completions#toCompletableFuture} in the executor layer.
 *
 * {@snippet :
 * CompletableFuture<Integer> cf = CompletableFuture.supplyAsync(() -> 42);
 * Future<Integer> f = Interop.fromStage(cf);        // same as Future.fromStage(cf)
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
}
