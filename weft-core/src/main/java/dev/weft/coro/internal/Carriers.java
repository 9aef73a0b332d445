package dev.weft.coro.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Spare platform threads that run coroutine steps which cannot run on the thread at hand: a step
 * asked for from a virtual thread (a coroutine polled or cancelled from inside another coroutine
 * body, or {@code blockOn} on a plain virtual thread: a virtual thread cannot carry another one),
 * and the last steps of a cancelled coroutine that was blocked in a JDK call.
 *
 * <p>A cached pool of daemon threads named {@code weft-coro-carrier-N}: idle threads end after 60 s.
 * Thread-safe (the JDK pool is).
 */
final class Carriers {
    private static final AtomicInteger COUNT = new AtomicInteger();
    private static final ThreadFactory FACTORY = r -> {
        Thread t = new Thread(r, "weft-coro-carrier-" + COUNT.incrementAndGet());
        t.setDaemon(true);
        return t;
    };
    private static final ExecutorService POOL = Executors.newCachedThreadPool(FACTORY);

    private Carriers() {}

    /**
     * Runs {@code step} on a spare platform thread.
     *
     * @param step the work
     */
    static void run(Runnable step) {
        POOL.execute(step);
    }
}
