package dev.weft;

import dev.weft.exec.BlockOn;
import dev.weft.future.Future;

/**
 * The front door: the static entry points most code needs.
 *
 * {@snippet :
 * import static dev.weft.Weft.await;
 *
 * int answer = await(Future.ready(42)); // on a plain thread, await blocks until ready
 * }
 */
public final class Weft {
    private Weft() {}

    /**
     * Waits for {@code future} and returns its output. One call for every place:
     * <ol>
     *   <li>on an ordinary platform or virtual thread it blocks that thread
     *       ({@link #blockOn(Future)});</li>
     *   <li>inside a coroutine it suspends the coroutine and frees the worker (coming with the
     *       {@code coro} layer);</li>
     *   <li>inside a method rewritten by the weaver it becomes a state transition (coming with the
     *       weaver).</li>
     * </ol>
     *
     * @param future what to wait for
     * @param <T> the output type
     * @return the output of {@code future}
     * @throws java.util.concurrent.CompletionException wrapping a checked exception of the future;
     *     unchecked exceptions are thrown as they are
     */
    public static <T> T await(Future<T> future) {
        return BlockOn.blockOn(future);
    }

    /**
     * Runs {@code future} to completion on the calling thread. See {@link BlockOn}.
     *
     * @param future what to run
     * @param <T> the output type
     * @return the output of {@code future}
     */
    public static <T> T blockOn(Future<T> future) {
        return BlockOn.blockOn(future);
    }
}
