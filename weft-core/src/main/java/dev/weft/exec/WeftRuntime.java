package dev.weft.exec;

import dev.weft.exec.internal.BlockOn;
import dev.weft.exec.internal.BlockedWorkerWatch;
import dev.weft.blocking.Blocking;
import dev.weft.blocking.BlockingPool;
import dev.weft.blocking.internal.PoolKey;
import dev.weft.blocking.internal.RuntimePool;
import dev.weft.exec.internal.FailureLog;
import dev.weft.exec.internal.Scheduler;
import dev.weft.future.Fallible;
import dev.weft.future.Future;
import dev.weft.future.internal.FailureSink;
import dev.weft.internal.Drivers;
import dev.weft.internal.Offload;
import dev.weft.internal.Simulation;
import dev.weft.net.IoPoller;
import dev.weft.net.internal.RuntimeNet;
import dev.weft.task.Task;
import dev.weft.task.TaskState;
import dev.weft.task.internal.RawTask;
import dev.weft.task.internal.ScopeView;
import dev.weft.time.MonotonicClock;
import dev.weft.driver.internal.Driver;
import dev.weft.time.internal.Timers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A running Weft runtime: a work-stealing {@link WorkStealingExecutor} with its worker threads, and the
 * drivers they run on, all its own: a timer wheel on its {@link MonotonicClock}, a reactor (an NIO
 * {@code Selector}, or epoll) and a blocking pool. Idle workers drive the timers and the reactor
 * (one at a time), busy ones look at them every 61 polls without waiting, and a fallback thread
 * {@code <prefix>driver} drives only when no worker has for a while; sleeps,
 * sockets and {@code Blocking.unblock} calls made by its tasks use them. Two runtimes in one JVM
 * share nothing. {@link #close()} stops all of it: workers, fallback thread, selector (and the
 * sockets still registered with it, which the runtime owned), blocking threads.
 *
 * {@snippet :
 * try (WeftRuntime rt = WeftRuntime.builder()
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
public final class WeftRuntime implements AutoCloseable {
    private final WorkStealingExecutor executor;
    private final Duration shutdownTimeout;
    private final Driver driver;
    private final Timers timers;
    private final RuntimeNet net;
    private final BlockingPool blocking;
    private final MonotonicClock clock;
    private final String name;
    private volatile boolean closed; // written under this
    private final RuntimeBean bean;
    private final BlockedWorkerWatch watch; // null: blocked-worker detection is off

    private WeftRuntime(Builder b) {
        Simulation.refuseIfSimulated("a real runtime (its worker threads run outside the simulation's order)");
        this.name = RuntimeBean.claimName(b.threadNamePrefix);
        this.clock = b.clock;
        this.net = RuntimeNet.open(b.poller, b.threadNamePrefix);
        this.driver = new Driver(net.poller(), b.threadNamePrefix + "driver");
        this.timers = new Timers(b.clock, driver::wakeup);
        driver.drive(timers);
        // The pool's threads report to the scheduler's hook, made below: they start with the first job.
        this.blocking = RuntimePool.create(b.blockingThreads, b.blockingKeepAlive, b.threadNamePrefix + "blocking",
                new PoolSink(this));
        Drivers.Builder db = Drivers.builder()
                .put(Timers.KEY, timers)
                .put(PoolKey.KEY, blocking)
                .put(Offload.KEY, blocking::unblock);
        net.register(db);
        Drivers drivers = db.build();
        this.executor = new WorkStealingExecutor(new Scheduler(b.workers, b.threadNamePrefix, b.onUncaught, this, driver, drivers, b.taskStats));
        this.shutdownTimeout = b.shutdownTimeout;
        executor.scheduler().start();
        this.watch = b.blockedWorkerThresholdNanos == 0 ? null
                : BlockedWorkerWatch.start(executor.scheduler(), b.blockedWorkerThresholdNanos, b.threadNamePrefix + "watch");
        this.bean = RuntimeBean.register(this, b.managementBean);
    }

    /** Waits until this runtime's MBean is in the platform MBean server (or its failure was logged). */
    void awaitManagementBean() {
        bean.awaitRegistration();
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
    public static WeftRuntime current() {
        WeftRuntime rt = currentOrNull();
        if (rt == null) {
            throw new IllegalStateException("not inside a Weft runtime: " + Thread.currentThread().getName()
                    + " is not a runtime worker (use WeftRuntime.builder().build().spawn(...) or Weft.run(...))");
        }
        return rt;
    }

    /** @return the runtime whose worker is the current thread, or {@code null} */
    public static WeftRuntime currentOrNull() {
        Scheduler s = Scheduler.current();
        return s == null ? null : (WeftRuntime) s.owner();
    }

    /** @return the work-stealing executor */
    public WorkStealingExecutor executor() {
        return executor;
    }

    /**
     * Spawns {@code future} as a task of this runtime. See {@link WorkStealingExecutor#spawn(Future)}.
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
     * <p>Failures: what the future threw, as it is (a checked one undeclared; the {@code Fallible} overload declares it).
     *
     * @param future the future to run
     * @param <T> the output type
     * @return its output
     * @throws java.util.concurrent.CancellationException if the task was cancelled, or the calling
     *     thread was interrupted (the task is then cancelled, and the call returns once it is
     *     done cancelling); a thread interrupted before the call spawns nothing and throws at once
     * @throws IllegalStateException if called on a worker of this runtime (it would block a worker
     *     that the task may need), or if the runtime is closed
     */
    public <T> T blockOn(Future<T> future) {
        Scheduler s = executor.scheduler();
        BlockOn.refuseOnWorker("WeftRuntime.blockOn(...)", "", BlockOn.INSTEAD);
        BlockOn.refuseIfInterrupted(future); // before the spawn: no task that nobody would await
        return BlockOn.blockOn(s.spawnOutside(future, true).awaitedFromOutside());
    }

    /**
     * Runs {@code future} as a task of this runtime and blocks the caller until it completes, as
     * {@link #blockOn(Future)}, declaring the future's checked failure type.
     *
     * @param future the future to run
     * @param <T> the output type
     * @param <X> the checked exception it may fail with
     * @return its output
     * @throws X what the future threw
     */
    public <T, X extends Exception> T blockOn(Fallible<T, X> future) throws X {
        return blockOn((Future<T>) future);
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
     * A snapshot of this runtime's counters: per worker (polls, steals, parks, LIFO hits, budget
     * yields, local queue depth, busy time) and per runtime (live tasks, injection queue, blocking
     * pool, timers armed, sockets registered). Cheap: racy reads of counters the workers keep.
     *
     * @return the snapshot
     */
    public RuntimeMetrics metrics() {
        Scheduler s = executor.scheduler();
        return new RuntimeMetrics(name, s.workerMetrics(), s.liveTasks(), s.injectionQueueDepth(),
                blocking.threadCount(), blocking.queuedJobs(), timers.size(), closed ? 0 : net.registeredCount(),
                watch == null ? 0 : watch.blockedPolls(), s.wovenBodies(), s.stackfulBodies());
    }

    /**
     * The polls that held a worker longer than the blocked-worker threshold
     * ({@link Builder#blockedWorkerThreshold}), one report per call site, in the order they were
     * found (the first 256 call sites); each was logged when found. Empty if detection is off.
     *
     * @return the reports so far
     */
    public List<BlockedWorker> blockedWorkers() {
        return watch == null ? List.of() : watch.reports();
    }

    /**
     * Every unfinished task of this runtime: running, queued (spawned and not yet polled, or
     * woken), or waiting for a wake, with what it waits on (see {@link TaskDump}); with task
     * statistics on ({@link Builder#taskStats(boolean)}), each task's statistics too. Read racily
     * while the runtime runs: a task may move on meanwhile, and one moving between queues at that
     * moment may be missed (with statistics on, none is: every task is listed from its spawn).
     * Each entry names the task scopes the task is under and its task-local bindings; each scope
     * is read once per dump, so the entries under it agree ({@link TaskDump#tree} shows the tree).
     *
     * @return the dump, running tasks first
     */
    public List<TaskDump> dumpTasks() {
        Scheduler s = executor.scheduler();
        java.util.Map<RawTask<?>, String> running = s.runningTasks();
        java.util.Map<ScopeView, ScopeDump> scopes = new java.util.IdentityHashMap<>();
        java.util.Set<String> scopeIds = new java.util.HashSet<>();
        List<TaskDump> out = new ArrayList<>();
        for (var e : running.entrySet()) {
            RawTask<?> t = e.getKey();
            out.add(TaskDump.of(t.id(), TaskState.RUNNING, List.of("polled now by " + e.getValue()), t.statsForDump(),
                    t.futureForDump(), scopes, scopeIds));
        }
        java.util.Set<RawTask<?>> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        seen.addAll(running.keySet());
        for (List<RawTask<?>> group : List.of(s.trackedTasks(), s.queuedTasks(), s.tasksWithStats())) {
            for (RawTask<?> t : group) {
                if (!seen.add(t)) continue;
                Future<?> f = t.futureForDump();
                TaskState state = t.dumpState();
                if (f == null || state == TaskState.COMPLETED) continue;
                out.add(TaskDump.of(t.id(), state, TaskDump.describe(f), t.statsForDump(), f, scopes, scopeIds));
            }
        }
        return out;
    }

    /** @return whether this runtime's tasks keep statistics ({@link Builder#taskStats(boolean)}) */
    public boolean taskStats() {
        return executor.scheduler().taskStats();
    }

    /** @return the name of this runtime (its thread-name prefix, made unique in the JVM) */
    public String name() {
        return name;
    }

    /** @return the reactor this runtime's sockets use: {@link IoPoller#NIO}, {@link IoPoller#EPOLL} or {@link IoPoller#IO_URING} */
    public IoPoller poller() {
        return net.kind();
    }

    /** @return the clock of this runtime's timers */
    public MonotonicClock clock() {
        return clock;
    }

    /** @return this runtime's blocking pool ({@code Blocking.unblock} in its tasks uses it) */
    public BlockingPool blockingPool() {
        return blocking;
    }

    /**
     * Stops the runtime: later spawns fail, the workers finish their current polls and stop, every
     * task still alive is cancelled (its future's {@code cancel()} hook runs), then the driver's
     * fallback thread stops, the reactor closes its selector and the sockets still registered with
     * it, and the blocking pool fails its queued jobs, interrupts its running ones and stops its
     * threads. Waits at most {@code timeout} in all for threads to end. Idempotent: a second call
     * returns whether the first one stopped everything.
     *
     * @param timeout how long to wait for the threads, at most; zero: do not wait
     * @return the threads of this runtime still alive when the wait ended (a task whose poll does
     *     not return, a blocking job that ignores interrupts); empty if everything stopped
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public synchronized List<Thread> shutdown(Duration timeout) {
        long nanos = Builder.checkedTimeoutNanos(timeout);
        if (closed) return joinStuck(nanos);
        closed = true;
        long deadline = System.nanoTime() + nanos;
        if (watch != null) watch.stop(deadline); // before the close: a poll cancelled by it is no user's block
        executor.scheduler().close(Math.max(0, deadline - System.nanoTime()));
        bean.unregister();
        try {
            driver.close(Math.max(0, deadline - System.nanoTime()));
            timers.close();
            net.close(); // a stuck fallback thread in its select gets ClosedSelectorException
            blocking.close(Math.max(0, deadline - System.nanoTime()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return stuck();
    }

    /** Waits at most {@code nanos} for the threads a first shutdown left alive; @return those still alive */
    private List<Thread> joinStuck(long nanos) {
        long deadline = System.nanoTime() + nanos;
        try {
            for (Thread t : stuck()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) break;
                if (t != Thread.currentThread()) t.join(Duration.ofNanos(left));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return stuck();
    }

    /** @return the threads of this runtime that are still alive */
    private List<Thread> stuck() {
        List<Thread> alive = new ArrayList<>();
        for (Thread t : threads()) if (t.isAlive()) alive.add(t);
        Thread f = driver.fallbackThread();
        if (f != null && f.isAlive()) alive.add(f);
        if (watch != null && watch.thread().isAlive()) alive.add(watch.thread());
        alive.addAll(blocking.liveThreads());
        return List.copyOf(alive);
    }

    /**
     * {@link #shutdown(Duration) Shuts down} with the builder's shutdown timeout, and reports what
     * did not stop.
     *
     * @throws IllegalStateException after everything else was stopped, if threads of this runtime
     *     are still alive: it names them and where each one is
     */
    @Override
    public void close() {
        List<Thread> alive = shutdown(shutdownTimeout);
        if (alive.isEmpty()) return;
        StringBuilder sb = new StringBuilder("runtime ").append(name).append(" closed, but ").append(alive.size())
                .append(" of its threads did not stop within ").append(shutdownTimeout).append(':');
        for (Thread t : alive) {
            StackTraceElement[] st = t.getStackTrace();
            sb.append("\n  ").append(t.getName()).append(" (").append(t.getState()).append(")");
            if (st.length > 0) sb.append(" at ").append(st[0]);
        }
        throw new IllegalStateException(sb.toString());
    }

    @Override
    public String toString() {
        return "WeftRuntime[" + executor + "]";
    }

    /**
     * Configures a {@link WeftRuntime}.
     *
     * {@snippet :
     * WeftRuntime rt = WeftRuntime.builder().workers(4).threadNamePrefix("io-").build();
     * }
     */
    public static final class Builder {
        /** The system property whose value {@code true} turns task statistics on by default. */
        public static final String TASK_STATS_PROPERTY = "weft.taskStats";
        /** The system property whose value {@code false} turns the JMX MBean off by default. */
        public static final String MANAGEMENT_BEAN_PROPERTY = "weft.managementBean";
        private int workers = java.lang.Runtime.getRuntime().availableProcessors();
        private String threadNamePrefix = "weft-worker-";
        private Consumer<Throwable> onUncaught = FailureLog.INSTANCE;
        private Duration shutdownTimeout = Duration.ofSeconds(10);
        private MonotonicClock clock = MonotonicClock.system();
        private int blockingThreads = Blocking.DEFAULT_MAX_THREADS;
        private Duration blockingKeepAlive = Duration.ofSeconds(10);
        private boolean taskStats = Boolean.getBoolean(TASK_STATS_PROPERTY);
        private boolean managementBean = !"false".equals(System.getProperty(MANAGEMENT_BEAN_PROPERTY));
        private IoPoller poller = IoPoller.fromProperty();
        private long blockedWorkerThresholdNanos = BlockedWorkerThreshold.fromProperty();

        private Builder() {}

        /**
         * How long one poll may hold a worker before the runtime reports it: 100 ms by default (or
         * as the system property {@value BlockedWorkerThreshold#PROPERTY} says, in milliseconds);
         * zero turns the detection off. A watcher thread ({@code <prefix>watch}) looks at the
         * workers every half threshold; when one poll has held a worker for the threshold, it
         * samples the worker's stack while the worker is still held and reports the call that
         * blocked (the topmost frame outside Weft and the JDK), once per call site: a log line
         * (System.Logger {@code dev.weft}, WARNING) with the stack and what to use instead, a JFR
         * event {@code dev.weft.BlockedWorker}, {@link WeftRuntime#blockedWorkers()} and
         * {@link RuntimeMetrics#blockedPolls()}. A parked worker and a task that yields between
         * its steps are never reported; a poll shorter than the threshold never is either. The
         * workers pay nothing for it but a store per poll they made anyway.
         *
         * {@snippet :
         * WeftRuntime rt = WeftRuntime.builder().blockedWorkerThreshold(Duration.ofMillis(50)).build();
         * WeftRuntime quiet = WeftRuntime.builder().blockedWorkerThreshold(Duration.ZERO).build(); // off
         * }
         *
         * @param threshold the longest poll not reported; zero: no detection
         * @return this builder
         * @throws IllegalArgumentException if {@code threshold} is negative, or positive and below a millisecond
         */
        public Builder blockedWorkerThreshold(Duration threshold) {
            this.blockedWorkerThresholdNanos = BlockedWorkerThreshold.nanos(threshold);
            return this;
        }

        /**
         * The reactor the runtime's sockets use: {@link IoPoller#AUTO} (the default, or as the
         * system property {@value IoPoller#PROPERTY} says) takes the native epoll poller on Linux
         * when the JVM runs with {@code --enable-native-access=ALL-UNNAMED}, else NIO's selector.
         * {@link IoPoller#IO_URING} is opt-in, and gives what {@code AUTO} would (said once on the
         * {@code dev.weft} logger) where io_uring cannot serve.
         *
         * {@snippet :
         * WeftRuntime rt = WeftRuntime.builder().poller(IoPoller.EPOLL).build();
         * }
         *
         * @param kind the poller
         * @return this builder
         */
        public Builder poller(IoPoller kind) {
            this.poller = Objects.requireNonNull(kind, "kind");
            return this;
        }

        /**
         * Per-task statistics (off by default, or as the system property {@value #TASK_STATS_PROPERTY}
         * says): each task then keeps its spawn site, polls, wakes, self-wakes, busy, scheduled and
         * idle time ({@link dev.weft.task.TaskStatistics}), shown by {@link WeftRuntime#dumpTasks()}, the
         * runtime's MBean and {@code weft-console}. Costs each spawn a stack walk and each poll and
         * wake a few clock reads (W2's yields ran at 0.40x with them on); off, one bit test of the
         * task's state (W2 within its noise of a build without them: {@code weft-console/README.md}).
         *
         * {@snippet :
         * WeftRuntime rt = WeftRuntime.builder().taskStats(true).build();
         * }
         *
         * @param on whether tasks keep statistics
         * @return this builder
         */
        public Builder taskStats(boolean on) {
            this.taskStats = on;
            return this;
        }

        /**
         * The runtime's JMX MBean ({@code dev.weft:type=Runtime,name="<prefix>"}, on by default, or
         * as the system property {@value #MANAGEMENT_BEAN_PROPERTY} says), which JConsole, VisualVM
         * and {@code weft-console} read. Registering the first one creates the JVM's platform MBean
         * server (the JDK's cost, paid once per JVM and by any other library that registers a
         * bean: 50 to 75 ms of a fresh JVM's start on this project's machines with an ahead-of-time
         * cache, more without), so a thread of the runtime's own ({@code <prefix>jmx}) registers it
         * beside the start, and it is in the platform MBean server some tens of milliseconds after
         * {@link #build()} returns. A short-lived program or a test that needs no JMX may skip it.
         * Off, the runtime still has its
         * {@link WeftRuntime#metrics()}, its {@link WeftRuntime#dumpTasks()} and JFR's periodic
         * {@code dev.weft.RuntimeMetrics} event.
         *
         * {@snippet :
         * WeftRuntime rt = WeftRuntime.builder().managementBean(false).build();
         * }
         *
         * @param on whether to register the MBean
         * @return this builder
         */
        public Builder managementBean(boolean on) {
            this.managementBean = on;
            return this;
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
         * Where failures nobody else takes go: a failed task that was detached, or whose handle was
         * dropped before anyone awaited it (reported once its handle is unreachable), a task
         * scope's child failure that no join surfaced, what a body threw while it unwound from a
         * cancellation, a throwing {@code cancel()} hook or waker, an {@code execute} runnable.
         * Each failure is reported once. The default logs a line (System.Logger {@code dev.weft},
         * WARNING) naming the task when there is one (its id, its future, and its spawn site when
         * task statistics are on), with the stack trace.
         *
         * @param hook receives each such exception, on the thread where the task failed
         * @return this builder
         */
        public Builder onUncaughtException(Consumer<Throwable> hook) {
            this.onUncaught = Objects.requireNonNull(hook, "hook");
            return this;
        }

        /**
         * @param timeout how long {@link WeftRuntime#close()} waits for the runtime's threads, in all;
         *     zero: do not wait; longer than about 292 years: the same as that (no limit)
         * @return this builder
         * @throws IllegalArgumentException if {@code timeout} is negative
         */
        public Builder shutdownTimeout(Duration timeout) {
            checkedTimeoutNanos(timeout);
            this.shutdownTimeout = timeout;
            return this;
        }

        /** @return {@code timeout} in nanoseconds, saturated; @throws IllegalArgumentException if negative */
        static long checkedTimeoutNanos(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative()) throw new IllegalArgumentException("shutdown timeout is negative: " + timeout);
            try {
                return timeout.toNanos();
            } catch (ArithmeticException tooLong) {
                return Long.MAX_VALUE;
            }
        }

        /**
         * The clock of the runtime's timers: {@link MonotonicClock#system()} by default; a
         * {@link dev.weft.time.ManualClock} makes sleeps fire only when the test advances it.
         *
         * @param clock the clock
         * @return this builder
         */
        public Builder clock(MonotonicClock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * @param max the most threads the runtime's blocking pool runs at once, at least 1 (default
         *     {@value Blocking#DEFAULT_MAX_THREADS})
         * @return this builder
         */
        public Builder blockingThreads(int max) {
            if (max < 1) throw new IllegalArgumentException("blocking threads must be at least 1: " + max);
            this.blockingThreads = max;
            return this;
        }

        /**
         * @param keepAlive how long an idle blocking thread waits for work before it exits, positive
         *     (default 10 s)
         * @return this builder
         */
        public Builder blockingKeepAlive(Duration keepAlive) {
            Objects.requireNonNull(keepAlive, "keepAlive");
            if (keepAlive.isNegative() || keepAlive.isZero()) {
                throw new IllegalArgumentException("blocking keep-alive must be positive: " + keepAlive);
            }
            this.blockingKeepAlive = keepAlive;
            return this;
        }

        /** @return a started runtime */
        public WeftRuntime build() {
            return new WeftRuntime(this);
        }
    }

    /**
     * What the threads of this runtime's blocking pool report to: the scheduler's failure hook, as
     * the workers do. Made before the scheduler, read only once a pool thread runs (after the
     * constructor, which publishes {@code executor} as a final field).
     */
    private record PoolSink(WeftRuntime runtime) implements FailureSink {
        @Override
        public void reportFailure(Throwable failure) {
            runtime.executor.scheduler().uncaught(failure);
        }

        @Override
        public void reportFailure(String what, Throwable failure) {
            runtime.executor.scheduler().uncaught(what, failure);
        }
    }
}
