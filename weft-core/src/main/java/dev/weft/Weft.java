package dev.weft;

import dev.weft.exec.BlockOn;
import dev.weft.exec.Runtime;
import dev.weft.future.Future;
import dev.weft.task.Task;

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

    /**
     * Runs {@code future} on the default runtime and blocks the caller until it completes. The
     * default runtime has {@code availableProcessors} workers (daemon threads named
     * {@code weft-default-N}); it is created on first use and shared by every later call, and never
     * closed.
     *
     * @param future what to run
     * @param <T> the output type
     * @return the output of {@code future}
     * @throws java.util.concurrent.CompletionException wrapping a checked exception of the future;
     *     unchecked exceptions are thrown as they are
     * @throws IllegalStateException if called on a worker of the default runtime
     */
    public static <T> T run(Future<T> future) {
        return DefaultRuntime.INSTANCE.blockOn(future);
    }

    /**
     * Spawns {@code future} on the current runtime if the caller is one of its workers, else on the
     * default runtime (see {@link #run(Future)}).
     *
     * @param future what to run
     * @param <T> the output type
     * @return the task's handle
     */
    public static <T> Task<T> spawn(Future<T> future) {
        Runtime rt = Runtime.currentOrNull();
        return (rt != null ? rt : DefaultRuntime.INSTANCE).spawn(future);
    }

    /** Holds the default runtime; created when first used (class initialization is lazy). */
    private static final class DefaultRuntime {
        static final Runtime INSTANCE = Runtime.builder().threadNamePrefix("weft-default-").build();
    }
}
