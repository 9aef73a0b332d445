package dev.weft.exec.internal;

import dev.weft.internal.FlightRecorderGate;
import dev.weft.internal.Coop;
import dev.weft.internal.CoopThread;
import dev.weft.internal.Drivers;
import dev.weft.task.internal.Spawner;
import dev.weft.future.Future;
import dev.weft.future.internal.FailureSink;
import dev.weft.task.internal.RawTask;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * One thread of the work-stealing executor with its local run queue and LIFO slot (Tokio's
 * {@code multi_thread::worker}).
 *
 * <h2>Choosing the next task</h2>
 * <ol>
 *   <li>every {@value #GLOBAL_INTERVAL}th tick: a look at the runtime's driver without waiting
 *       ({@link #maintain()}: I/O and due timers seen by a worker that never runs out of tasks,
 *       their tasks queued here), then the injection queue first (fairness for remote spawns);</li>
 *   <li>the LIFO slot, then the local queue, then a batch from the injection queue;</li>
 *   <li>if allowed to search ({@link Idle}): steal half of another worker's queue (random start),
 *       then the injection queue; a searcher retries this {@value #SPIN_ROUNDS} times before it
 *       parks;</li>
 *   <li>otherwise park: drive the reactor/timers if nobody else does, else sleep.</li>
 * </ol>
 * After each poll the worker runs the task in its LIFO slot within the same budget, at most
 * {@value #MAX_LIFO_POLLS} times in a row; then the slot is disabled until the run ends, so two
 * tasks waking each other cannot keep the worker from the rest of its queue.
 *
 * <h2>Announcing work</h2>
 * A task queued by this worker where others may steal it (its local queue) is published with a
 * release store ({@link LocalQueue#pushBack}), and then the idle state is read: if some sibling is
 * parked and nobody is searching, one is woken ({@link Scheduler#notifyParked()}), as Tokio checks
 * on every push. A worker that parks says so first; the last searcher to park then re-checks every
 * queue after a fence ({@link Scheduler#notifyIfWorkPending()}). Without a fence of its own, the
 * pusher's read may be served before its push is visible (x86 lets a load pass an earlier store),
 * so both could miss each other: the parker re-checks too early to see the task, the pusher reads
 * too early to see the parker. So a push whose read woke nobody leaves the poll
 * {@code unannounced}, and when that poll returns the worker reads the idle state again after a
 * full fence ({@link #announceAfterPoll}): either the parker's re-check saw the task, or this read
 * sees the parker. Until then the pusher's later pushes read the idle state again, and the pusher
 * runs the task itself after the poll if nobody took it. A worker that parks without searching
 * does not re-check (a searcher is still out): if it says so just after a pusher's last read, the
 * searcher or the pusher runs the task; Tokio leaves the same window. The read is of a word that
 * changes only when workers park, wake or search, so a loop of a million spawns pays a release
 * store and one such read per spawn, and one fence when the loop's poll returns. A task woken
 * during its own poll (a yield) is requeued with no check: this worker, which is not parking, runs
 * it after the rest of its queue. A push that leaves this worker with exactly one task (the LIFO
 * slot empty, one task queued: a chain of spawns once the slot is disabled, or a task that the
 * budget sent to the queue) announces nothing either: this worker takes it next, when its poll
 * returns; a sibling woken for it would only take it away (a futex wake-up and a cold cache per
 * link of the chain), the same reason a task alone in the LIFO slot is not announced.
 *
 * <p>Why the fence comes when the poll returns and not at each push, where Tokio's
 * {@code notify_should_wakeup} has it: while a sibling steals from the spawner's queue, the stores
 * of a push often miss the spawner's cache, and a fence makes the spawner wait for them. W1
 * measured 3.88M tasks/s with the fence after the poll against 3.69M with one per push, W7 and W2
 * the same within the noise ({@code weft-bench/RESULTS.md}, "a worker's push into its own queue
 * fences once per poll").
 *
 * <p>Why a push is announced whatever the queue held before it, not only when the queue was empty:
 * that emptiness would be read before the push is visible, so a thief could take the last older
 * task and park in between, and the spawner's later pushes, finding the queue not empty, would
 * announce nothing while a million tasks queued behind one busy worker ({@code WorkerWakeupTest};
 * the rule push by push: {@code WorkAnnouncementTest}). Why only the last searcher re-checks the
 * queues as it parks, not every parking worker: that too would close the gap, but it wakes parked
 * workers for work their sibling is about to run (W7 15% slower, W1 the same).
 *
 * <h2>Fields</h2>
 * {@code queue}: pushed and popped by this thread only, stolen from by others. {@code parker}:
 * unparked by any thread. {@code spawned}, {@code finished}: written by this thread only (or by a
 * coroutine body it carries, on the same OS thread inside its poll) with release stores (no fence),
 * read by any thread as volatile fields for {@code liveTasks}. {@code lifo}: this thread's, and
 * read by the closing thread once this thread has ended (and racily, as a hint, by task dumps).
 * Every other field is touched by this thread only (scheduling from this thread happens inside its
 * polls or its driver), so they are plain fields; the metrics among them are read racily.
 */
final class Worker extends CoopThread implements Spawner, Drivers.Owner, FailureSink {
    static final int GLOBAL_INTERVAL = 61;
    /**
     * LIFO polls in a row before the slot is disabled for the rest of the run: 32 (Tokio: 3). Two
     * tasks that answer each other (a channel ping-pong) stay on one core with their data in its
     * cache for longer; the rest of the queue still runs after at most 32 such polls, and sooner
     * when the polls spend the shared cooperative budget. Measured on W3 (1,000 pairs, 2 workers,
     * A/B in alternating JVMs): 32 against 3 gave +11% round trips/s in the measured pass (medians
     * of 9) and +28% in the steady state (medians of 5).
     */
    static final int MAX_LIFO_POLLS = 32;
    private static final int MAX_BATCH = 128;
    private static final int SPIN_ROUNDS = 64;

    final Scheduler scheduler;
    final int index;
    final LocalQueue<RawTask<?>> queue = new LocalQueue<>();
    final WorkerParker parker;
    private RawTask<?> lifo;
    private boolean lifoEnabled = true;
    private boolean searching;
    private boolean parking;
    private boolean driving;
    private boolean unannounced;
    private int untilGlobal = GLOBAL_INTERVAL;
    private volatile long spawned; // read as a field, written through SPAWNED
    private volatile long finished; // read as a field, written through FINISHED
    private int rng;
    // Metrics: written by this thread only, plain; read racily by metrics() (a snapshot may be a
    // little stale; a 64-bit HotSpot does not tear a long).
    private long polls; // written through POLLS (opaque), also the poll sequence the watcher reads
    private long steals;
    private long parks;
    private long lifoHits;
    private long budgetYields;
    private long busyNanos;
    private long busySince = System.nanoTime();

    private static final AtomicLongFieldUpdater<Worker> SPAWNED =
            AtomicLongFieldUpdater.newUpdater(Worker.class, "spawned");
    private static final AtomicLongFieldUpdater<Worker> FINISHED =
            AtomicLongFieldUpdater.newUpdater(Worker.class, "finished");
    private static final VarHandle POLLS;

    static {
        try {
            POLLS = MethodHandles.lookup().findVarHandle(Worker.class, "polls", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Worker(Scheduler scheduler, int index, String name) {
        super(null, name);
        this.scheduler = scheduler;
        this.index = index;
        this.parker = new WorkerParker(scheduler.driver);
        this.rng = 0x9E3779B9 * (index + 1);
        setDaemon(true);
        parker.bind(this);
    }

    @Override
    public <T> RawTask<T> spawnHere(Future<T> future) {
        return scheduler.spawnOn(this, future, true);
    }

    @Override
    public Drivers drivers() {
        return scheduler.drivers;
    }

    /**
     * The worker's loop. Nothing thrown by task code ends it: a poll's throwable is the task's
     * outcome ({@code RawTask.run}), wakers and hooks are contained ({@code Wakes}), and whatever
     * still escapes a turn (an {@code OutOfMemoryError} while completing a task, a scheduler hook
     * that failed) is reported to the runtime's failure hook, and the loop goes on.
     */
    @Override
    public void run() {
        // Seeds this thread's random generator before any task runs: a task's first spawn here
        // would otherwise take ThreadLocalRandom's first-use branch inside the tasks' compiled
        // code, a trap that throws that code away (RawTask's constructor picks a shard with it).
        ThreadLocalRandom.current();
        while (!scheduler.isShutdown()) {
            try {
                step();
            } catch (Throwable t) {
                Coop.unlimited();
                reportFailure(t);
            }
        }
    }

    @Override
    public void reportFailure(Throwable failure) {
        scheduler.uncaught(failure);
    }

    @Override
    public void reportFailure(String what, Throwable failure) {
        scheduler.uncaught(what, failure);
    }

    /**
     * One turn of the loop: find a task and run it, or park. A method of its own so that the loop's
     * on-stack compilation stays a call to it: the JIT compiles the tasks' polls into this method
     * and {@link #runTask}, so a trap in task code throws away their compiled code, recompiled from
     * their call counts like any method's, not the compiled loop, which would run interpreted
     * until another on-stack compilation ({@code weft-bench/RESULTS.md}, "the worker loop's body
     * is a method").
     */
    private void step() {
        RawTask<?> t = nextTask();
        if (t == null) t = stealWork();
        if (t == null && searching) t = spinForWork();
        if (t != null) runTask(t);
        else park();
    }

    /**
     * A searcher keeps looking for a short while before it parks (Go's spinning threads): while it
     * searches, the others do not wake anybody, so a producer that makes work at a steady pace
     * (a chain of spawns) is served without a park/unpark system call per task.
     */
    private RawTask<?> spinForWork() {
        for (int i = 0; i < SPIN_ROUNDS; i++) {
            Thread.onSpinWait();
            RawTask<?> t = scheduler.inject.pop();
            if (t == null) t = stealWork();
            if (t != null) return t;
        }
        return null;
    }

    private RawTask<?> nextTask() {
        if (--untilGlobal == 0) {
            untilGlobal = GLOBAL_INTERVAL;
            maintain();
            RawTask<?> t = scheduler.inject.pop();
            if (t != null) return t;
        }
        RawTask<?> t = lifo;
        if (t != null) {
            lifo = null;
            return t;
        }
        t = queue.pop();
        if (t != null) return t;
        InjectQueue<RawTask<?>> inject = scheduler.inject;
        if (inject.isEmpty()) return null;
        int n = Math.min(inject.len() / scheduler.workers.length + 1, Math.min(queue.remainingSlots(), MAX_BATCH));
        return inject.popBatch(Math.max(1, n), queue);
    }

    /**
     * Every {@value #GLOBAL_INTERVAL}th tick a busy worker polls the reactor and timers without
     * waiting, if nobody drives them (Tokio's maintenance): what they wake is queued here, and
     * announced once after the turn if it queued any and this worker now holds more than one task.
     */
    private void maintain() {
        int before = localTasks();
        driving = true;
        try {
            scheduler.driver.tryPollNow();
        } catch (Throwable t) {
            scheduler.uncaught(t); // a waker fired by the driver threw; the worker goes on
        } finally {
            driving = false;
        }
        int after = localTasks();
        if (after > before && after > 1) scheduler.notifyParked();
    }

    private RawTask<?> stealWork() {
        if (!searching) {
            if (!scheduler.idle.toSearching()) return null;
            searching = true;
        }
        Worker[] all = scheduler.workers;
        int n = all.length;
        int start = nextRandom(n);
        for (int i = 0; i < n; i++) {
            Worker victim = all[(start + i) % n];
            if (victim == this) continue;
            RawTask<?> t = victim.queue.stealInto(queue);
            if (t != null) {
                steals++;
                if (FlightRecorderGate.open() && StealEvent.PROBE.isEnabled()) commitSteal(victim);
                return t;
            }
        }
        return scheduler.inject.pop();
    }

    private void commitSteal(Worker victim) {
        StealEvent e = new StealEvent();
        if (!e.shouldCommit()) return;
        e.thief = getName();
        e.victim = victim.getName();
        e.tasks = queue.len() + 1;
        e.commit();
    }

    private int nextRandom(int n) {
        int x = rng;
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        rng = x;
        return (x & 0x7FFF_FFFF) % n;
    }

    /** Runs {@code task}, then what its polls put in the LIFO slot. This thread only (and tests). */
    void runTask(RawTask<?> task) {
        if (searching) {
            searching = false;
            if (scheduler.idle.fromSearching()) scheduler.notifyParked();
        }
        Coop.reset();
        startPoll();
        task.run();
        announceAfterPoll();
        int lifoPolls = 0;
        while (true) {
            RawTask<?> next = lifo;
            if (next == null) break;
            lifo = null;
            if (Coop.remaining() == 0) {
                budgetYields++;
                queue.pushBack(next, scheduler.inject);
                if (queue.len() > 1) scheduler.notifyParked(); // fenced before its read
                break;
            }
            if (++lifoPolls >= MAX_LIFO_POLLS) lifoEnabled = false;
            startPoll();
            lifoHits++;
            next.run();
            announceAfterPoll();
        }
        lifoEnabled = true;
        Coop.unlimited();
    }

    /**
     * Counts the poll about to start. An opaque store (a plain {@code mov} on x86, no fence): the
     * compiler may neither drop it nor merge it with the next poll's, so the watcher, reading it
     * opaquely, sees every poll's number; it needs no ordering with the poll's own accesses, since
     * the watcher acts on the worker's stack, sampled by a handshake, not on the poll's data.
     */
    private void startPoll() {
        POLLS.setOpaque(this, polls + 1);
    }

    /** @return the number of polls this worker has started; any thread (an opaque read: see {@link #startPoll}) */
    long pollSequence() {
        return (long) POLLS.getOpaque(this);
    }

    /**
     * After a poll: if a push it made read the idle state and woke nobody, reads it again after a
     * full fence and wakes a parked sibling if nobody searches ("Announcing work").
     */
    private void announceAfterPoll() {
        if (unannounced) {
            unannounced = false;
            scheduler.notifyParked(); // fenced before its read
        }
    }

    /** Schedules a task from this worker's own thread. */
    void scheduleLocal(RawTask<?> task, boolean yielded) {
        if (yielded) {
            // Woken during its own poll (a yield, or a wake that came while it ran): it runs here
            // again after the rest of the queue, so nothing to announce and no fence on the path
            // of every yield.
            queue.pushBack(task, scheduler.inject);
            return;
        }
        RawTask<?> toQueue = task;
        if (lifoEnabled) {
            toQueue = lifo;
            lifo = task;
            if (toQueue == null) return;
        }
        queue.pushBack(toQueue, scheduler.inject);
        if (parking || driving) return; // park() and maintain() announce what the driver queued, once it returns
        if (lifo == null && queue.len() == 1) return; // the only task here: this worker runs it next
        if (scheduler.idle.wouldWake()) scheduler.notifyParked();
        else unannounced = true; // the read may have come before the push was visible
    }

    /** Counts a task spawned on this thread. Owner only. */
    void countSpawned() {
        // a release store, no fence: only this thread writes; readers want an untorn value
        SPAWNED.lazySet(this, spawned + 1);
    }

    /** Counts a task finished on this thread. Owner only. */
    void countFinished() {
        FINISHED.lazySet(this, finished + 1); // as in countSpawned
    }

    /** @return tasks spawned on this thread so far (any thread may ask) */
    long spawnedCount() {
        return spawned;
    }

    /** @return tasks finished on this thread so far (any thread may ask) */
    long finishedCount() {
        return finished;
    }

    /** @return the task in the LIFO slot, emptied; only once this thread has ended */
    RawTask<?> takeLifo() {
        RawTask<?> t = lifo;
        lifo = null;
        return t;
    }

    /** @return the task in the LIFO slot, read racily, for task dumps (a plain read: a hint, never acted on) */
    RawTask<?> lifoForDump() {
        return lifo;
    }

    /** @return a racy snapshot of this worker for {@link Scheduler#describe()} */
    String describe() {
        return getName() + "[queue=" + queue.len() + ", lifo=" + (lifo != null) + ", searching=" + searching
                + ", parking=" + parking + ", parker=" + parker + ", thread=" + getState() + "]";
    }

    private boolean hasTasks() {
        return lifo != null || !queue.isEmpty();
    }

    /** @return the tasks this worker holds: its LIFO slot and its local queue */
    private int localTasks() {
        return queue.len() + (lifo != null ? 1 : 0);
    }

    private void park() {
        if (hasTasks()) return;
        boolean last = scheduler.idle.toParked(index, searching);
        searching = false;
        if (last) scheduler.notifyIfWorkPending();
        parking = true;
        parks++;
        long parkedAt = System.nanoTime();
        busyNanos += parkedAt - busySince;
        WorkerParkEvent parkEvent = null;
        if (FlightRecorderGate.open() && WorkerParkEvent.PROBE.isEnabled()) {
            parkEvent = new WorkerParkEvent();
            parkEvent.begin();
        }
        try {
            while (!scheduler.isShutdown()) {
                try {
                    parker.park();
                } catch (Throwable t) {
                    scheduler.uncaught(t); // a waker fired by the driver threw; the worker lives on
                }
                if (hasTasks() || !scheduler.inject.isEmpty()) {
                    searching = !scheduler.idle.unparkById(index);
                    if (localTasks() > 1) scheduler.notifyParked();
                    return;
                }
                if (!scheduler.idle.isParked(index)) {
                    searching = true;
                    return;
                }
            }
        } finally {
            parking = false;
            busySince = System.nanoTime();
            if (parkEvent != null) {
                parkEvent.end();
                if (parkEvent.shouldCommit()) {
                    parkEvent.worker = getName();
                    parkEvent.commit();
                }
            }
        }
    }

    /** @return a racy snapshot of this worker's counters; any thread */
    dev.weft.exec.WorkerMetrics metrics() {
        long busy = busyNanos + (parking ? 0 : Math.max(0, System.nanoTime() - busySince));
        return new dev.weft.exec.WorkerMetrics(getName(), polls, steals, parks, lifoHits, budgetYields,
                localTasks(), busy);
    }
}
