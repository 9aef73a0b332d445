package dev.weft.exec.internal;

import dev.weft.future.Future;
import dev.weft.internal.Carrier;
import dev.weft.internal.Drivers;
import dev.weft.internal.IdleDriver;
import dev.weft.task.internal.RawTask;
import dev.weft.task.internal.Schedule;
import dev.weft.task.internal.TaskList;
import dev.weft.task.internal.TaskStats;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The shared state of the work-stealing executor: its workers, the injection queue, the idle
 * accounting and the list of live tasks; and where tasks are scheduled (Tokio's
 * {@code multi_thread::Handle}).
 *
 * <h2>Where a scheduled task goes</h2>
 * <pre>
 * scheduling thread                 woken during own poll   queue
 * a worker of this executor         no                      that worker's LIFO slot (the previous
 *                                                           occupant to its local queue), unless
 *                                                           LIFO is disabled: local queue
 * a worker of this executor         yes (yield)             back of that worker's local queue
 * any other thread                  either                  injection queue, then notify a worker
 * </pre>
 * A coroutine body (a virtual thread) counts as the worker carrying it. After a push into a local
 * queue the pusher reads the idle state ({@code Worker}: announcing work), unless the task is the
 * only one that worker holds (it runs it next). A worker is notified
 * only when nobody is searching ({@link Idle}); a searcher that finds work and was the last one
 * wakes the next; the last searcher to park re-checks every queue ({@link #notifyIfWorkPending()}).
 * Pushers issue a full fence between the push and the read of the idle state (a worker pushing
 * into its own queue: before a second read when its poll returns), the parker between its idle
 * update and the re-check: one of them sees the other.
 *
 * <h2>Finding every unfinished task at close</h2>
 * A task is in a queue (the injection queue, a local queue, a LIFO slot), or being polled, or
 * waiting for a waker; only the last kind is kept in {@code tasks} ({@link Schedule#track}, called
 * when a poll leaves a task waiting). {@link #close} sets {@code shutdown}, closes {@code tasks}
 * (a later track fails and that task cancels itself), stops the workers (a poll still running ends
 * by cancelling or tracking its task, and track fails), then cancels the tracked tasks and
 * everything left in the queues, and runs on the closing thread those whose futures are still
 * cancelling, until they complete or the close's deadline passes ({@link CloseDrain}). A spawn that raced with close re-reads {@code shutdown} after it
 * queued its task and cancels the task itself: either it sees {@code shutdown}, or its push came
 * before close drained the injection queue (both sides order a volatile access and the queue lock).
 *
 * <p>{@code liveTasks} is spawned minus finished: each worker counts what it spawned and finished
 * in plain fields of its own, other threads in two shared atomics, so counting costs the hot path
 * no atomic instruction.
 *
 * <p>Fields: everything final except {@code shutdown} (volatile, set once by {@link #close}) and
 * {@code spacers} (volatile, set once by {@link #start}, read by {@link #close}).
 */
public final class Scheduler implements Schedule {
    final Worker[] workers;
    /** Tasks still cancelling that a worker found the executor closed for: the close runs them. */
    private final java.util.Set<RawTask<?>> unwindingAfterClose = java.util.concurrent.ConcurrentHashMap.newKeySet();
    final InjectQueue<RawTask<?>> inject = new InjectQueue<>();
    final Idle idle;
    private final TaskList tasks = new TaskList();
    private final AtomicLong spawnedOutside = new AtomicLong();
    private final AtomicLong finishedOutside = new AtomicLong();
    private final Consumer<Throwable> hook;
    private final Object owner;
    private final String namePrefix;
    private volatile boolean shutdown;
    /** What idle workers drive: the runtime's timers and reactor. */
    final IdleDriver driver;
    /** The runtime's drivers, as code on the workers finds them ({@link Drivers#current()}). */
    final Drivers drivers;
    private volatile WorkerSpacers spacers;
    /** With per-task statistics on: every task's statistics from its spawn to its end (hooks, dumps); else null. */
    private final java.util.Map<RawTask<?>, TaskStats> withStats;

    /**
     * An executor with {@code n} workers, not yet started.
     *
     * @param n the number of workers, at least 1
     * @param namePrefix worker threads are named prefix + index
     * @param hook receives failures of detached tasks
     * @param owner the public object that owns this scheduler ({@link #owner()})
     * @param driver what idle workers drive (the runtime's timers and reactor)
     * @param drivers the runtime's drivers, for the code its workers run
     */
    public Scheduler(int n, String namePrefix, Consumer<Throwable> hook, Object owner, IdleDriver driver, Drivers drivers) {
        this(n, namePrefix, hook, owner, driver, drivers, false);
    }

    /**
     * An executor as {@link #Scheduler(int, String, Consumer, Object, IdleDriver, Drivers)}, whose
     * tasks keep statistics ({@link TaskStats}) if {@code taskStats} is set.
     *
     * @param n the number of workers, at least 1
     * @param namePrefix worker threads are named prefix + index
     * @param hook receives failures of detached tasks
     * @param owner the public object that owns this scheduler ({@link #owner()})
     * @param driver what idle workers drive (the runtime's timers and reactor)
     * @param drivers the runtime's drivers, for the code its workers run
     * @param taskStats whether each task keeps its statistics
     */
    public Scheduler(int n, String namePrefix, Consumer<Throwable> hook, Object owner, IdleDriver driver, Drivers drivers,
            boolean taskStats) {
        this.withStats = taskStats ? new java.util.concurrent.ConcurrentHashMap<>() : null;
        if (n < 1 || n > 0x7FFF) throw new IllegalArgumentException("workers: " + n);
        this.driver = Objects.requireNonNull(driver, "driver");
        this.drivers = Objects.requireNonNull(drivers, "drivers");
        this.hook = Objects.requireNonNull(hook, "hook");
        this.owner = owner;
        this.namePrefix = namePrefix;
        this.idle = new Idle(n);
        this.workers = new Worker[n];
        for (int i = 0; i < n; i++) workers[i] = new Worker(this, i, namePrefix + i);
    }

    /** Starts the worker threads, with {@link WorkerSpacers} between them. */
    public void start() {
        spacers = WorkerSpacers.startBetween(workers, namePrefix);
    }

    /** @return the scheduler whose worker is the current thread, or {@code null} */
    public static Scheduler current() {
        Worker w = currentWorker();
        return w != null ? w.scheduler : null;
    }

    /**
     * The worker, of any executor, that runs the current code: the current thread, or, inside a
     * coroutine body (a virtual thread mounted on a worker, running inside that worker's poll), the
     * worker carrying it, whose runtime is then the current one (Task.spawn and WeftRuntime.current()
     * work there too). Its owner-only fields are touched by the same OS thread, in order.
     *
     * @return that worker, or {@code null} if the current code does not run on one
     */
    private static Worker currentWorker() {
        return Carrier.current() instanceof Worker w ? w : null;
    }

    /**
     * @param t a thread
     * @return whether {@code t} is a worker thread of any executor (a platform thread)
     */
    public static boolean isWorker(Thread t) {
        return t instanceof Worker;
    }

    /** @return the object given as owner at construction */
    public Object owner() {
        return owner;
    }

    /** @return the number of workers */
    public int workerCount() {
        return workers.length;
    }

    /** @return the worker threads (for tests and diagnostics) */
    public List<Thread> threads() {
        return List.of(workers);
    }

    /** @return a racy snapshot of each worker's counters */
    public List<dev.weft.exec.WorkerMetrics> workerMetrics() {
        List<dev.weft.exec.WorkerMetrics> out = new java.util.ArrayList<>(workers.length);
        for (Worker w : workers) out.add(w.metrics());
        return out;
    }

    /** @return woven {@code Weft.async} bodies made on the workers so far (racy sums) */
    public long wovenBodies() {
        long n = 0;
        for (Worker w : workers) n += w.wovenBodies();
        return n;
    }

    /** @return stackful {@code Weft.async} bodies made on the workers so far (racy sums) */
    public long stackfulBodies() {
        long n = 0;
        for (Worker w : workers) n += w.stackfulBodies();
        return n;
    }

    /** @return the tasks that have waited at least once and are not finished (a snapshot) */
    public List<RawTask<?>> trackedTasks() {
        return tasks.snapshot();
    }

    /**
     * @return the tasks in the queues now (injection queue, local queues, LIFO slots), for task
     *     dumps: read racily, so a task may be missing, listed twice or already finished
     */
    public List<RawTask<?>> queuedTasks() {
        List<RawTask<?>> out = new java.util.ArrayList<>();
        inject.forEachQueued(out::add);
        for (Worker w : workers) {
            RawTask<?> l = w.lifoForDump();
            if (l != null) out.add(l);
            w.queue.forEachQueuedRacily(out::add);
        }
        return out;
    }

    /** @return whether tasks keep statistics */
    public boolean taskStats() {
        return withStats != null;
    }

    /** @return with statistics on, every unfinished task, polled or not (a snapshot); else empty */
    public List<RawTask<?>> tasksWithStats() {
        return withStats == null ? List.of() : List.copyOf(withStats.keySet());
    }

    /** @return for each worker polling a task now, the worker's name and that task (a snapshot) */
    public java.util.Map<RawTask<?>, String> runningTasks() {
        java.util.Map<RawTask<?>, String> out = new java.util.LinkedHashMap<>();
        for (Worker w : workers) if (w.polling() instanceof RawTask<?> t) out.put(t, w.getName());
        return out;
    }

    /** @return tasks in the injection queue now */
    public int injectionQueueDepth() {
        return inject.len();
    }

    /** @return the number of live (spawned, not yet finished) tasks; a snapshot */
    public int liveTasks() {
        long n = spawnedOutside.get() - finishedOutside.get();
        for (Worker w : workers) n += w.spawnedCount() - w.finishedCount();
        return (int) n;
    }

    /** @return the worker of this scheduler that runs the current code ({@link #currentWorker}) */
    private Worker ownWorker() {
        Worker w = currentWorker();
        return w != null && w.scheduler == this ? w : null;
    }

    /**
     * Makes a task for {@code future} and schedules it: on the current worker's own queue if called
     * on a worker of this executor, else as {@link #spawnOutside}.
     *
     * @param future the future to run
     * @param withHandle whether a handle will await it (false: detached)
     * @param <T> the output type
     * @return the task
     * @throws IllegalStateException if the executor is closed
     */
    public <T> RawTask<T> spawn(Future<T> future, boolean withHandle) {
        Worker w = ownWorker();
        if (w == null) return spawnOutside(future, withHandle);
        return spawnOn(w, future, withHandle);
    }

    <T> RawTask<T> spawnOn(Worker w, Future<T> future, boolean withHandle) {
        RawTask<T> t = newTask(future, withHandle);
        w.countSpawned();
        w.scheduleLocal(t, false);
        if (shutdown) t.shutdown(); // raced with close, which may have drained the queues already
        return t;
    }

    /**
     * Makes a task for {@code future} and puts it in the injection queue: the spawn of a thread that
     * is not a worker of this executor. {@code WeftRuntime.blockOn} calls it directly, so that a thread
     * from outside never runs the workers' compiled spawn path: the JIT compiles that path for
     * workers only and would throw it away (and compile it again while the workers wait for it) at
     * the first caller of another kind.
     *
     * @param future the future to run
     * @param withHandle whether a handle will await it (false: detached)
     * @param <T> the output type
     * @return the task
     * @throws IllegalStateException if the executor is closed
     */
    public <T> RawTask<T> spawnOutside(Future<T> future, boolean withHandle) {
        RawTask<T> t = newTask(future, withHandle);
        spawnedOutside.incrementAndGet();
        inject.push(t);
        notifyParked();
        if (shutdown) t.shutdown(); // as in spawn
        return t;
    }

    @Override
    public <T> RawTask<T> spawnFromOtherThread(Future<T> future) {
        return spawnOutside(future, true);
    }

    private <T> RawTask<T> newTask(Future<T> future, boolean withHandle) {
        if (shutdown) throw new IllegalStateException("runtime is closed");
        RawTask<T> t = new RawTask<>(future, this, withHandle);
        if (withStats != null) withStats.put(t, TaskStats.attach(t));
        return t;
    }

    @Override
    public void schedule(RawTask<?> task, boolean yielded) {
        scheduleOn(ownWorker(), task, yielded); // a wake inside a coroutine body: as its carrier
    }

    /** Queues {@code task} on worker {@code w} (the current code's own), or globally if null. */
    private void scheduleOn(Worker w, RawTask<?> task, boolean yielded) {
        if (w != null) {
            w.scheduleLocal(task, yielded);
        } else {
            inject.push(task);
            notifyParked();
        }
    }

    @Override
    public boolean track(RawTask<?> task) {
        return tasks.add(task);
    }

    @Override
    public void unwindingAfterClose(RawTask<?> task) {
        unwindingAfterClose.add(task);
    }

    @Override
    public void release(RawTask<?> task, boolean tracked) {
        if (tracked) tasks.remove(task);
        if (withStats != null) withStats.remove(task);
        Worker w = ownWorker();
        if (w != null) w.countFinished();
        else finishedOutside.incrementAndGet();
    }

    @Override
    public TaskStats statsOf(RawTask<?> task) {
        return withStats == null ? null : withStats.get(task);
    }

    @Override
    public void uncaught(Throwable error) {
        Schedule.report(hook, error);
    }

    @Override
    public void uncaught(String what, Throwable error) {
        if (hook instanceof FailureLog log) log.failed(what, error);
        else Schedule.report(hook, error);
    }

    /** Wakes a parked worker if nobody is searching for work. */
    void notifyParked() {
        int w = idle.workerToNotify();
        if (w >= 0) workers[w].parker.unpark();
    }

    /** Called by the last searcher that parks: wakes a worker if any queue holds work. */
    void notifyIfWorkPending() {
        VarHandleFence.full();
        for (Worker w : workers) {
            if (!w.queue.isEmpty()) {
                notifyParked();
                return;
            }
        }
        if (!inject.isEmpty()) notifyParked();
    }

    /**
     * A racy snapshot of the queues and idle state, for diagnostics (a hang report): not a value to
     * act on.
     *
     * @return inject length, searching/unparked counts and each worker's queue, LIFO and parker
     */
    public String describe() {
        StringBuilder b = new StringBuilder("inject=").append(inject.len()).append(", idle=").append(idle);
        for (Worker w : workers) b.append(", ").append(w.describe());
        return b.toString();
    }

    /** @return whether {@link #close} was called */
    public boolean isShutdown() {
        return shutdown;
    }

    /**
     * Stops the executor: later spawns fail, the workers finish their current poll and exit, then
     * every task still alive is cancelled (its {@code cancel()} hook runs on this thread; a task
     * whose poll is still running is cancelled by its worker when the poll returns).
     *
     * @param timeoutNanos how long to wait for the workers in total
     * @return {@code true} if every worker thread ended in time
     */
    public boolean close(long timeoutNanos) {
        shutdown = true;
        List<RawTask<?>> waiting = tasks.close();
        for (Worker w : workers) w.parker.unpark();
        driver.wakeup();
        long deadline = System.nanoTime() + timeoutNanos;
        boolean all = true;
        for (Worker w : workers) {
            if (w == Thread.currentThread()) continue;
            all &= joinBy(w, deadline);
        }
        java.util.Set<RawTask<?>> unwinding = CloseDrain.newSet();
        for (RawTask<?> t : waiting) if (!t.shutdown()) unwinding.add(t);
        LocalQueue<RawTask<?>> drain = new LocalQueue<>();
        for (Worker w : workers) {
            if (!w.isAlive()) {
                RawTask<?> t = w.takeLifo(); // the worker ended: its join ordered its writes before this
                if (t != null) shutdownQueued(t, unwinding);
            }
            for (RawTask<?> t; (t = w.queue.stealInto(drain)) != null; ) {
                shutdownQueued(t, unwinding);
                for (RawTask<?> u; (u = drain.pop()) != null; ) shutdownQueued(u, unwinding);
            }
        }
        for (RawTask<?> t; (t = inject.pop()) != null; ) shutdownQueued(t, unwinding);
        unwinding.addAll(unwindingAfterClose); // the workers ended: nothing more is added there
        all &= CloseDrain.run(unwinding, inject, deadline);
        WorkerSpacers sp = spacers; // null if never started
        if (sp != null) all &= sp.stop(deadline);
        return all;
    }

    /** Cancels a task taken out of a queue; one whose future is still cancelling goes to {@code unwinding}. */
    private static void shutdownQueued(RawTask<?> t, java.util.Set<RawTask<?>> unwinding) {
        if (!t.shutdownQueued()) unwinding.add(t);
    }

    /**
     * Waits for {@code t} to end, at most until {@code deadlineNanos}; an interrupt stops the wait
     * and is kept.
     *
     * @param t the thread
     * @param deadlineNanos a {@link System#nanoTime()} deadline
     * @return whether {@code t} has ended
     */
    static boolean joinBy(Thread t, long deadlineNanos) {
        try {
            long left = deadlineNanos - System.nanoTime();
            if (left > 0) t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !t.isAlive();
    }
}
