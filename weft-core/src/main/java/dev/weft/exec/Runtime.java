package dev.weft.exec;

import dev.weft.exec.internal.Scheduler;
import dev.weft.future.Future;
import dev.weft.task.Task;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A running Weft runtime: a work-stealing {@link Executor} with its worker threads. The reactor and
 * timers are driven by whichever worker is idle ({@code dev.weft.internal.IdleDriver}).
 *
 * {@snippet :
 * try (Runtime rt = Runtime.builder()
 *         .workers(2)
 *         .threadNamePrefix("app-")
 *         .onUncaughtException(e -> System.err.println("detached task failed: " + e))
 *         .build()) {
 *     int v = rt.blockOn(Future.ready(42));
 *     Task<String> t = rt.spawn(Future.ready("x"));
 *     System.out.println(rt.blockOn(t) + v);
 * }
 * }
 *
 * <p>Inside a task, {@link #current()} is the runtime running it and
 * {@link Task#spawn(Future)} spawns on it. {@link #close()} cancels the tasks still alive and stops
 * the threads; spawning afterwards throws {@link IllegalStateException} ("runtime is closed").
 * Worker threads are daemon threads, so a runtime that is never closed does not keep the JVM alive.
 * Between each two workers the runtime also starts four parked daemon threads named
 * {@code <prefix>spacer-<n>}: they keep the JVM's per-thread data of two workers off one cache line
 * (coroutines ran up to three times faster on two workers with them); {@link #close()} ends them.
 *
 * <p>Memory consistency effects: actions before a spawn happen-before the task's first poll;
 * everything a task did happens-before {@link #blockOn} returns its output.
 */
public final class Runtime implements AutoCloseable {
    private final Executor executor;
    private final Duration shutdownTimeout;

    private Runtime(Builder b) {
        this.executor = new Executor(new Scheduler(b.workers, b.threadNamePrefix, b.onUncaught, this));
        this.shutdownTimeout = b.shutdownTimeout;
        executor.scheduler().start();
    }

    /** @return a builder with the defaults: availableProcessors workers, prefix "weft-worker-" */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The runtime whose worker is the current thread.
     *
     * @return the current runtime
     * @throws IllegalStateException if the current thread is not a worker of a Weft runtime
     */
    public static Runtime current() {
        Runtime rt = currentOrNull();
        if (rt == null) {
            throw new IllegalStateException("not inside a Weft runtime: " + Thread.currentThread().getName()
                    + " is not a runtime worker (use Runtime.builder().build().spawn(...) or Weft.run(...))");
        }
        return rt;
    }

    /** @return the runtime whose worker is the current thread, or {@code null} */
    public static Runtime currentOrNull() {
        Scheduler s = Scheduler.current();
        return s == null ? null : (Runtime) s.owner();
    }

    /** @return the runtime whose worker is the current thread, if any */
    public static Optional<Runtime> currentOptional() {
        return Optional.ofNullable(currentOrNull());
    }

    /** @return the work-stealing executor */
    public Executor executor() {
        return executor;
    }

    /**
     * Spawns {@code future} as a task of this runtime. See {@link Executor#spawn(Future)}.
     *
     * @param future the future to run
     * @param <T> the output type
     * @return its handle
     * @throws IllegalStateException if this runtime is closed
     */
    public <T> Task<T> spawn(Future<T> future) {
        return executor.spawn(future);
    }

    /**
     * Spawns {@code future} and blocks the calling thread until it completes.
     *
     * @param future the future to run
     * @param <T> the output type
     * @return its output
     * @throws java.util.concurrent.CompletionException wrapping a checked exception of the future
     *     (unchecked ones are thrown as they are)
     * @throws java.util.concurrent.CancellationException if the task was cancelled, or the calling
     *     thread was interrupted (the task is then cancelled)
     * @throws IllegalStateException if called on a worker of this runtime (it would block a worker
     *     that the task may need), or if the runtime is closed
     */
    public <T> T blockOn(Future<T> future) {
        Scheduler s = executor.scheduler();
        if (s.isOwnThread(Thread.currentThread())) {
            throw new IllegalStateException("blockOn called on a worker of this runtime; await instead");
        }
        return BlockOn.blockOn(s.spawnOutside(future, true).awaitedFromOutside());
    }

    /** @return the worker threads, for diagnostics and tests */
    public List<Thread> threads() {
        return executor.scheduler().threads();
    }

    /** @return the number of tasks spawned and not yet finished (a snapshot) */
    public int liveTasks() {
        return executor.scheduler().liveTasks();
    }

    /**
     * Closes the runtime: later spawns fail, the workers finish their current polls and stop
     * (waiting at most the builder's shutdown timeout), then every task still alive is cancelled
     * (its future's {@code cancel()} hook runs). Idempotent.
     */
    @Override
    public void close() {
        executor.scheduler().close(shutdownTimeout.toNanos());
    }

    @Override
    public String toString() {
        return "Runtime[" + executor + "]";
    }

    /**
     * Configures a {@link Runtime}.
     *
     * {@snippet :
     * Runtime rt = Runtime.builder().workers(4).threadNamePrefix("io-").build();
     * }
     */
    public static final class Builder {
        private int workers = java.lang.Runtime.getRuntime().availableProcessors();
        private String threadNamePrefix = "weft-worker-";
        private Consumer<Throwable> onUncaught = Builder::reportToThreadHandler;
        private Duration shutdownTimeout = Duration.ofSeconds(10);

        private Builder() {}

        private static void reportToThreadHandler(Throwable t) {
            Thread cur = Thread.currentThread();
            cur.getUncaughtExceptionHandler().uncaughtException(cur, t);
        }

        /**
         * @param n the number of worker threads, at least 1
         * @return this builder
         */
        public Builder workers(int n) {
            if (n < 1) throw new IllegalArgumentException("workers must be at least 1: " + n);
            this.workers = n;
            return this;
        }

        /**
         * @param prefix worker threads are named prefix + index
         * @return this builder
         */
        public Builder threadNamePrefix(String prefix) {
            this.threadNamePrefix = Objects.requireNonNull(prefix, "prefix");
            return this;
        }

        /**
         * Where exceptions of tasks nobody awaits go (detached tasks, {@code execute} runnables,
         * throwing {@code cancel()} hooks). The default hands them to the current thread's
         * uncaught-exception handler.
         *
         * @param hook receives each such exception, on the thread where the task failed
         * @return this builder
         */
        public Builder onUncaughtException(Consumer<Throwable> hook) {
            this.onUncaught = Objects.requireNonNull(hook, "hook");
            return this;
        }

        /**
         * @param timeout how long {@link Runtime#close()} waits for the worker threads
         * @return this builder
         */
        public Builder shutdownTimeout(Duration timeout) {
            this.shutdownTimeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /** @return a started runtime */
        public Runtime build() {
            return new Runtime(this);
        }
    }
}
