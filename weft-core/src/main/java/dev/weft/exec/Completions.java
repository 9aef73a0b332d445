package dev.weft.exec;

import dev.weft.exec.internal.BlockOn;
import dev.weft.future.Future;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * Weft futures as {@link CompletableFuture}s: the direction of {@code CompletionStage} interop that
 * has to run the future somewhere ({@link dev.weft.future.Future#fromStage} is the other one).
 *
 * {@snippet :
 * CompletableFuture<Integer> cf = Completions.toCompletableFuture(Future.ready(41).map(x -> x + 1));
 * int v = cf.join();                                   // 42
 * }
 *
 * <p>Memory consistency effects: actions of the future before it completes happen-before actions
 * dependent on the returned {@code CompletableFuture}.
 */
public final class Completions {
    private Completions() {}

    /**
     * Runs {@code future} on a new virtual thread ({@link BlockOn#blockOn(Future)}) and returns a
     * {@code CompletableFuture} of its outcome. Exceptions arrive as {@code blockOn} throws them
     * (as they are; the {@code CompletableFuture} completes exceptionally with that exception).
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
