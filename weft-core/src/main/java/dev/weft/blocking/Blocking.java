package dev.weft.blocking;

import dev.weft.future.Future;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * The process-wide blocking pool: {@link #unblock(Callable)} runs blocking work off the async
 * workers.
 *
 * {@snippet :
 * byte[] data = Weft.await(Blocking.unblock(() -> java.nio.file.Files.readAllBytes(path)));
 * }
 *
 * <p>The default pool allows {@value #DEFAULT_MAX_THREADS} threads (system property
 * {@code weft.blocking.maxThreads}) and lets a thread idle for 10 s before it exits (system
 * property {@code weft.blocking.keepAliveMillis}). Its threads are named {@code weft-blocking-n}.
 */
public final class Blocking {
    /** The default thread limit, smol's figure. */
    public static final int DEFAULT_MAX_THREADS = 500;

    private Blocking() {}

    /** Created on first use: the holder idiom, so no pool exists until someone needs one. */
    private static final class Default {
        static final BlockingPool POOL = BlockingPool.create(
                Integer.getInteger("weft.blocking.maxThreads", DEFAULT_MAX_THREADS),
                Duration.ofMillis(Long.getLong("weft.blocking.keepAliveMillis", 10_000L)),
                "weft-blocking");
    }

    /** @return the process-wide pool */
    public static BlockingPool defaultPool() {
        return Default.POOL;
    }

    /**
     * Runs {@code callable} on the process-wide pool; see {@link BlockingPool#unblock(Callable)}.
     *
     * @param callable the blocking work
     * @param <T> the result type
     * @return the future of its result (cancel-safe: cancelling before it ran removes the job)
     */
    public static <T> Future<T> unblock(Callable<T> callable) {
        return Default.POOL.unblock(callable);
    }
}
