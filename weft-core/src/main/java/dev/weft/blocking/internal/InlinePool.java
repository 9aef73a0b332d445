package dev.weft.blocking.internal;

import dev.weft.blocking.BlockingPool;
import dev.weft.future.Fallible;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * Blocking work run without threads: a simulation's blocking pool runs each job on its own thread
 * at a simulated time instead. {@link #pool(InlinePool)} wraps one into a {@link BlockingPool}, so
 * that everything that takes a pool ({@code Blocking.unblock}, {@code AsyncFiles}, {@code Unblock})
 * works unchanged inside a simulation.
 *
 * {@snippet :
 * BlockingPool pool = InlinePool.pool(new MyInlineJobs());
 * }
 */
public interface InlinePool {
    /**
     * Takes {@code callable} as a blocking job.
     *
     * @param callable the work
     * @param <T> its result type
     * @return the future of its result
     */
    <T> Fallible<T, Exception> unblock(Callable<T> callable);

    /**
     * @param jobs how jobs are run
     * @return a pool whose every job goes to {@code jobs}; it has no threads
     */
    static BlockingPool pool(InlinePool jobs) {
        return Factory.get().apply(Objects.requireNonNull(jobs, "jobs"));
    }

    /**
     * The one way to make an inline {@link BlockingPool}, which that class installs when it is
     * initialised (its constructors are private; the JDK's "shared secrets" idiom).
     */
    final class Factory {
        private static volatile Function<InlinePool, BlockingPool> factory;

        private Factory() {}

        /**
         * Called once, by {@code BlockingPool}'s static initialiser.
         *
         * @param f makes an inline pool
         */
        public static void install(Function<InlinePool, BlockingPool> f) {
            if (factory != null) throw new IllegalStateException("the inline-pool factory is installed already");
            factory = f;
        }

        static Function<InlinePool, BlockingPool> get() {
            try {
                Class.forName(BlockingPool.class.getName(), true, BlockingPool.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            return factory;
        }
    }
}
