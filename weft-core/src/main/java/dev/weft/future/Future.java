package dev.weft.future;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A value that will be there later, computed step by step each time it is polled.
 *
 * <p>This is Rust's {@code Future} for Java. An executor (or {@code Weft.blockOn}) calls
 * {@link #poll(Context)}; the future does as much work as it can without blocking and answers
 * either {@link Poll#ready(Object) ready} with its output, or {@link Poll#pending() pending} after
 * arranging for {@code cx.waker()} to be woken when it can make progress. Nothing happens between
 * polls: a future is inert until polled.
 *
 * <h2>The contract</h2>
 * <ul>
 *   <li><b>One poll at a time.</b> A future is never polled by two threads at once; successive polls
 *       may come from different threads, and each poll happens-after the previous one.</li>
 *   <li><b>No lost wake-ups.</b> Before returning pending, a future has registered the waker of the
 *       current context (the latest one: the waker may change between polls) and re-checked its
 *       condition after registering.</li>
 *   <li><b>Spurious polls are harmless.</b> A future may be polled without having been woken and
 *       must then just answer again.</li>
 *   <li><b>Not after completion.</b> Once it returned ready or threw, a future is not polled again;
 *       if it is anyway it may throw {@link IllegalStateException}.</li>
 *   <li><b>Errors are outcomes.</b> An exception thrown by {@code poll} completes the future
 *       exceptionally; whoever awaits it sees that exception as it was thrown, checked ones too
 *       (declared by {@code Weft.await} when the future is a {@link Fallible}).</li>
 *   <li><b>Cancellation is drop, and it is waited for.</b> Java has no destructor, so a future that
 *       registered anything (a timer entry, reactor interest, a place in a wait queue) undoes it in
 *       {@link #cancel()}. Whoever owns a future that is not complete and will never be polled
 *       again calls {@code cancel()} exactly once, never concurrently with {@code poll}, and then
 *       polls {@link #pollCancel(Context)} until it is ready before counting the future as
 *       ended.</li>
 * </ul>
 *
 * {@snippet :
 * // A future that is ready on its third poll, waking itself so it is polled again.
 * final class Countdown implements Future<String> {
 *     private int left = 3;
 *     @Override public Poll<String> poll(Context cx) {
 *         if (--left == 0) return Poll.ready("done");
 *         cx.waker().wake();
 *         return Poll.pending();
 *     }
 * }
 * String s = dev.weft.Weft.blockOn(new Countdown()); // "done"
 * }
 *
 * @param <T> the output type
 */
@FunctionalInterface
public interface Future<T> {

    /**
     * Makes as much progress as possible without blocking.
     *
     * @param cx the context of the polling task; its waker is the one to register when pending
     * @return ready with the output, or pending after registering {@code cx.waker()}
     * @throws Exception if the computation failed; this completes the future
     */
    Poll<T> poll(Context cx) throws Exception;

    /**
     * Called exactly once by the owner when this future, not yet complete, will never be polled
     * again (its task was cancelled, or a combinator abandoned it). Undo every registration here,
     * and do as much of the rest of cancelling as can be done at once; {@link #pollCancel(Context)}
     * does what must wait. Never called concurrently with {@link #poll(Context)}, and never after
     * the future completed. The default does nothing, which is right for futures that registered
     * nothing.
     */
    default void cancel() {}

    /**
     * After {@link #cancel()}: ready once this future has finished cancelling, that is once every
     * {@code finally} block, {@code close()} and cancel hook below it has run. Most futures finish
     * inside {@code cancel()} and keep this default (ready at once). Those that cannot answer
     * pending until they have: a stackful coroutine whose body was blocked in a JDK call when it was
     * cancelled, a woven body whose cleanup awaits a shielded future
     * ({@code Time.cleanup}, or a task scope closing), a task handle whose task is still unwinding,
     * and every combinator holding one of these.
     *
     * <p>The owner that cancelled a future polls this until it is ready, as it polls
     * {@link #poll(Context)}: with its own context (the waker is registered when the answer is
     * pending), never concurrently with anything else on this future, and never again once ready.
     * Only then does it count the future as ended: a task completes, {@code cancelAndJoin} returns,
     * a race answers with its winner, a timeout throws, a scope closes. Every owner in Weft does
     * so; an owner that does not (code written before this method) leaves what could not finish
     * at once to finish on its own where it can (a stackful body unwinds on a spare thread).
     *
     * <p>Never throws: what a body throws while it unwinds does not change what its canceller sees;
     * the future that ran that body reports it to the runtime's failure hook.
     *
     * @param cx the context of the owner; its waker is woken when this future can make progress
     * @return ready once cancelling is complete, else pending
     */
    default Poll<Void> pollCancel(Context cx) {
        return Poll.ready(null);
    }

    /**
     * A future that is ready at once with {@code value}.
     *
     * @param value the output
     * @param <T> the output type
     * @return a future whose every poll is ready
     */
    static <T> Future<T> ready(T value) {
        return new ReadyFuture<>(value);
    }

    /**
     * A future that is never ready and never wakes anyone.
     *
     * {@snippet :
     * Future<String> f = Future.pending();
     * assert f.poll(Context.noop()).isPending();
     * }
     *
     * @param <T> the output type
     * @return the shared pending future
     */
    static <T> Future<T> pending() {
        return PendingFuture.instance();
    }

    /**
     * A future whose every poll calls {@code fn}: the quickest way to write a leaf future. The
     * function must follow the contract of {@link #poll(Context)} (register {@code cx.waker()}
     * before answering pending). What wakes it and whether it is cancel-safe depend on {@code fn};
     * it throws what {@code fn} throws.
     *
     * {@snippet :
     * int[] calls = {0};
     * Future<Integer> f = Future.pollFn(cx -> {
     *     if (++calls[0] == 2) return Poll.ready(calls[0]);
     *     cx.waker().wake();
     *     return Poll.pending();
     * });
     * }
     *
     * @param fn what each poll does
     * @param <T> the output type
     * @return a future calling {@code fn} on each poll
     */
    static <T> Future<T> pollFn(Function<? super Context, ? extends Poll<T>> fn) {
        return new PollFn<>(fn);
    }

    /**
     * A future that calls {@code supplier} on its first poll and then behaves as the future it
     * returned. Nothing runs before the first poll. Cancelling it cancels the made future, if any.
     *
     * {@snippet :
     * Future<Long> f = Future.lazy(() -> Future.ready(System.nanoTime())); // the time of the first poll
     * }
     *
     * @param supplier makes the future, once
     * @param <T> the output type
     * @return the lazy future
     */
    static <T> Future<T> lazy(Supplier<? extends Future<T>> supplier) {
        return new Lazy<>(supplier);
    }

    /**
     * A future that is pending once, after waking its own task, and then ready: lets other tasks
     * run. Woken by itself; throws nothing; cancel-safe.
     *
     * {@snippet :
     * Future<Void> y = Future.yieldNow();
     * }
     *
     * @return a new yielding future
     */
    static Future<Void> yieldNow() {
        return new YieldNow();
    }

    /**
     * Applies {@code fn} to the output of this future. Woken when this future is; throws what this
     * future or {@code fn} throws (unchanged); cancel-safe when this future is (cancelling cancels
     * this future).
     *
     * {@snippet :
     * Future<String> s = Future.ready(41).map(x -> "v" + (x + 1)); // "v42"
     * }
     *
     * @param fn the function
     * @param <R> the new output type
     * @return the mapped future
     */
    default <R> Future<R> map(Function<? super T, ? extends R> fn) {
        return new Map<>(this, fn);
    }

    /**
     * Runs this future, then the future {@code fn} makes of its output (flat-map). Woken when the
     * future currently polled is; throws what either future or {@code fn} throws (unchanged);
     * cancelling cancels whichever of the two futures is running.
     *
     * {@snippet :
     * Future<Integer> f = Future.ready(20).then(x -> Future.ready(x * 2 + 2)); // 42
     * }
     *
     * @param fn makes the second future
     * @param <R> the output type of the second future
     * @return the chained future
     */
    default <R> Future<R> then(Function<? super T, ? extends Future<R>> fn) {
        return new Then<>(this, fn);
    }

    /**
     * Completes with {@code handler}'s answer if this future throws an instance of {@code type};
     * any other throwable passes through unchanged. Woken when this future is; cancelling cancels
     * this future.
     *
     * {@snippet :
     * Future<Integer> f = Future.<Integer>pollFn(cx -> { throw new IllegalStateException("no"); })
     *         .catching(IllegalStateException.class, e -> -1); // -1
     * }
     *
     * @param type the throwable type to recover from
     * @param handler makes the output from the throwable
     * @param <X> the throwable type
     * @return the recovering future
     */
    default <X extends Throwable> Future<T> catching(Class<X> type, Function<? super X, ? extends T> handler) {
        return new Catching<>(this, type, handler);
    }

    /**
     * Completes with {@code handler}'s answer if this future throws anything:
     * {@code catching(Throwable.class, handler)}.
     *
     * {@snippet :
     * Future<Integer> f = Future.<Integer>pollFn(cx -> { throw new RuntimeException(); }).recover(t -> 0);
     * }
     *
     * @param handler makes the output from the throwable
     * @return the recovering future
     */
    default Future<T> recover(Function<? super Throwable, ? extends T> handler) {
        return catching(Throwable.class, handler);
    }

    /**
     * Runs two futures together (both polled with the same context) and completes with both
     * outputs. Woken when either is. If one throws, the other is cancelled (if not finished) and,
     * once it is done cancelling, the exception passes on unchanged. Cancelling cancels the unfinished ones; the output of one
     * that already finished is lost.
     *
     * {@snippet :
     * Pair<Integer, String> p = dev.weft.Weft.await(Future.join(Future.ready(1), Future.ready("a")));
     * }
     *
     * @param a the first future
     * @param b the second future
     * @param <A> the first output type
     * @param <B> the second output type
     * @return a future of both outputs
     */
    static <A, B> Future<Pair<A, B>> join(Future<A> a, Future<B> b) {
        return new Join<>(a, b);
    }

    /**
     * Runs all futures together and completes with their outputs in list order. Each child has its
     * own waker, so a poll costs O(children woken). If one throws, every other unfinished one is
     * cancelled exactly once and never polled again, and once they are done cancelling the
     * exception passes on unchanged.
     * Cancelling cancels the unfinished ones (outputs already produced are lost).
     *
     * {@snippet :
     * List<Integer> all = dev.weft.Weft.await(Future.joinAll(List.of(Future.ready(1), Future.ready(2))));
     * }
     *
     * @param futures the futures; an empty list gives an empty output at once
     * @param <T> the output type
     * @return a future of all outputs (an unmodifiable list, {@code null} elements allowed)
     */
    static <T> Future<List<T>> joinAll(List<? extends Future<? extends T>> futures) {
        return new JoinAll<>(futures);
    }

    /**
     * Runs the futures together; the first to finish, with an output or an exception, wins. Every
     * other one is cancelled exactly once and never polled again, and the race answers once they
     * are done cancelling (their {@code finally} blocks ran; what those throw goes to the failure
     * hook, the winner stays the winner). Woken when any is; not cancel-safe beyond what the
     * children are (cancelling cancels them all).
     *
     * {@snippet :
     * String s = dev.weft.Weft.await(Future.race(Future.pending(), Future.ready("fast"))); // "fast"
     * }
     *
     * @param futures at least one future
     * @param <T> the output type
     * @return a future of the winner's output
     * @throws IllegalArgumentException if no future is given
     */
    @SafeVarargs
    static <T> Future<T> race(Future<? extends T>... futures) {
        List<Future<? extends T>> list = new ArrayList<>(futures.length);
        for (Future<? extends T> f : futures) list.add(f);
        return new Race<>(list);
    }

    /**
     * {@link #race(Future[])} over a list.
     *
     * @param futures at least one future
     * @param <T> the output type
     * @return a future of the winner's output
     * @throws IllegalArgumentException if the list is empty
     */
    static <T> Future<T> race(List<? extends Future<? extends T>> futures) {
        return new Race<>(futures);
    }

    /**
     * Like {@link #race(List)}, but tells which future won: completes with its index in the list
     * and its output; the others are cancelled exactly once, and it answers once they are done
     * cancelling. An exception of the first future to finish passes on unchanged (the others are
     * cancelled and waited for first).
     *
     * {@snippet :
     * Selected<String> s = dev.weft.Weft.await(Future.select(List.of(Future.pending(), Future.ready("b"))));
     * }
     *
     * @param futures at least one future
     * @param <T> the output type
     * @return a future of the winner's index and output
     * @throws IllegalArgumentException if the list is empty
     */
    static <T> Future<Selected<T>> select(List<? extends Future<? extends T>> futures) {
        return new Select<>(futures);
    }

    /**
     * The bridge from a {@link CompletionStage}: a future that completes when {@code stage} does,
     * with its value or its exception (a {@link java.util.concurrent.CompletionException}'s cause
     * is unwrapped; a cancelled stage throws {@link java.util.concurrent.CancellationException}).
     * Woken by the completion of the stage, on the completing thread. Cancelling the future cancels
     * the stage through {@code toCompletableFuture().cancel(false)} when the stage supports it.
     * Cancel-safe. The other direction, which must run the future somewhere, is
     * {@code dev.weft.exec.Completions.toCompletableFuture}.
     *
     * {@snippet :
     * Future<String> f = Future.fromStage(java.util.concurrent.CompletableFuture.supplyAsync(() -> "hi"));
     * }
     *
     * <p>Memory consistency effects: completing the stage happens-before the poll that sees the
     * result.
     *
     * @param stage the stage
     * @param <T> the value type
     * @return a future completing with the stage
     */
    static <T> Future<T> fromStage(CompletionStage<T> stage) {
        return new FromStage<>(stage);
    }
}
