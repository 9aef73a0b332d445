package dev.weft.blocking.internal;

import dev.weft.blocking.BlockingPool;
import dev.weft.future.internal.FailureSink;
import java.time.Duration;
import java.util.Objects;

/**
 * Makes a runtime's own blocking pool: its threads are threads of that runtime, so what is thrown
 * on them where nobody can take it (a child body's {@code finally} that throws while a timeout in
 * blocking code cancels it, a race's loser that throws while it unwinds) goes to the runtime's
 * failure hook, as on its workers, not to the pool thread's uncaught-exception handler (README,
 * "Cancellation", rule 6). A pool made by {@link BlockingPool#create} belongs to no runtime.
 *
 * {@snippet :
 * BlockingPool pool = RuntimePool.create(512, Duration.ofSeconds(10), "weft-blocking", failure -> hook.accept(failure));
 * }
 */
public final class RuntimePool {
    private static volatile Factory factory;

    private RuntimePool() {}

    /** How {@link BlockingPool}, whose constructors are private, makes one (the JDK's "shared secrets" idiom). */
    public interface Factory {
        /**
         * @param maxThreads the most threads at once, at least 1
         * @param keepAlive how long a thread waits for work before it exits
         * @param prefix the thread name prefix
         * @param sink what each pool thread reports to ({@code Wakes.report})
         * @return the pool
         */
        BlockingPool create(int maxThreads, Duration keepAlive, String prefix, FailureSink sink);
    }

    /**
     * Called once, by {@code BlockingPool}'s static initialiser.
     *
     * @param f makes a runtime's pool
     */
    public static void install(Factory f) {
        if (factory != null) throw new IllegalStateException("the runtime-pool factory is installed already");
        factory = f;
    }

    /**
     * @param maxThreads the most threads at once, at least 1
     * @param keepAlive how long a thread waits for work before it exits
     * @param prefix the thread name prefix
     * @param sink the runtime's failure sink, which each pool thread reports to
     * @return the pool (no threads until the first job)
     */
    public static BlockingPool create(int maxThreads, Duration keepAlive, String prefix, FailureSink sink) {
        Objects.requireNonNull(sink, "sink");
        try {
            Class.forName(BlockingPool.class.getName(), true, BlockingPool.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return factory.create(maxThreads, keepAlive, prefix, sink);
    }
}
