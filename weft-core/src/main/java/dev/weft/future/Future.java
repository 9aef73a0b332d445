package dev.weft.future;

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
 *       exceptionally; whoever awaits it sees that exception (unchecked ones as they are, checked
 *       ones wrapped in {@link java.util.concurrent.CompletionException} with the original as
 *       cause).</li>
 *   <li><b>Cancellation is drop.</b> Java has no destructor, so a future that registered anything
 *       (a timer entry, reactor interest, a place in a wait queue) undoes it in {@link #cancel()}.
 *       Whoever owns a future that is not complete and will never be polled again calls
 *       {@code cancel()} exactly once, never concurrently with {@code poll}.</li>
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
     * again (its task was cancelled, or a combinator abandoned it). Undo every registration here.
     * Never called concurrently with {@link #poll(Context)}, and never after the future completed.
     * The default does nothing, which is right for futures that registered nothing.
     */
    default void cancel() {}

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
}
