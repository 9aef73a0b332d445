package dev.weft.blocking;

import dev.weft.blocking.internal.PoolKey;
import dev.weft.future.Fallible;
import dev.weft.internal.Drivers;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * Blocking work off the async workers: {@link #unblock(Callable)} runs it on the blocking pool of
 * the runtime whose worker calls it (each runtime has its own, sized by its builder and stopped
 * by its {@code close()}), or, outside any runtime, on the shared pool.
 *
 * {@snippet :
 * byte[] data = Weft.await(Blocking.unblock(() -> java.nio.file.Files.readAllBytes(path)));
 * }
 *
 * <p>The shared pool allows {@value #DEFAULT_MAX_THREADS} threads (system property
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

    /** @return the shared pool, for blocking work started outside any runtime */
    public static BlockingPool defaultPool() {
        return Default.POOL;
    }

    /**
     * @return the blocking pool of the runtime whose worker runs the calling code, or, outside any
     *     runtime, the {@linkplain #defaultPool() shared} one
     */
    public static BlockingPool currentPool() {
        BlockingPool p = Drivers.currentOrNull(PoolKey.KEY);
        return p != null ? p : Default.POOL;
    }

    /**
     * Runs {@code callable} on the {@linkplain #currentPool() current pool}; see
     * {@link BlockingPool#unblock(Callable)}.
     *
     * @param callable the blocking work
     * @param <T> the result type
     * @return the future of its result (cancelling before it ran removes the job, cancelling it while it
     *     runs interrupts its thread: see {@link BlockingPool#unblock(Callable)})
     */
    public static <T> Fallible<T, Exception> unblock(Callable<T> callable) {
        return currentPool().unblock(callable);
    }
}
