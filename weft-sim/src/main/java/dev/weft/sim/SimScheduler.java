package dev.weft.sim;

import dev.weft.future.Future;
import dev.weft.internal.Carrier;
import dev.weft.internal.Coop;
import dev.weft.task.internal.RawTask;
import dev.weft.task.internal.Schedule;
import dev.weft.time.internal.Timers;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.function.Consumer;

/**
 * The executor of a simulation: the production {@link RawTask} and waker code, scheduled on one
 * thread with every choice drawn from the simulation's seeded random source.
 *
 * <p>One step of {@link #loop(RawTask)}: maybe wake a waiting task for nothing (a spurious wake,
 * at the builder's rate); then either poll a ready task chosen at random (not FIFO) or, when
 * timers or events are due, fire them (when both can go, a coin decides which goes first); when
 * nothing is ready or due, release a held-back wake, else jump the clock to the next timer or
 * event; when there is none, the run is deadlocked. A wake may be held back for a few steps (at
 * the builder's rate), as a wake from another thread arrives late. Everything that happens is
 * mixed into the trace hash.
 *
 * <h2>State</h2>
 * <pre>
 * field     meaning                                               invariant
 * ready     tasks scheduled, in no order (a random one runs)       a task is in at most one of
 * held      scheduled tasks whose wake is held back, with the      ready and held (Schedule calls
 *           step from which it is delivered                        schedule once per transition)
 * waiting   tasks that waited for a waker at least once and are    index of t in waiting ==
 *           alive (the targets of spurious wakes)                   info(t).waitingIndex
 * infos     id, host tag, waiting index of each live task          key set = live tasks (a
 *                                                                   queue entry may outlive its
 *                                                                   task: cancelled while queued)
 * current   the task being polled, or null
 * unobserved failed tasks whose failure nobody took, with       emptied when a run ends and
 *           their reports                                        when the simulation closes
 * unwinding tasks the close cancelled that have not ended        empty but during a close
 * </pre>
 * All on the simulation's thread (before a run, the thread that builds it; the run's thread start
 * and join order the hand-overs). A schedule from any other thread is a violation (a real thread
 * touched the simulation): it is recorded and the task is still queued, so nothing is lost. The
 * identity map is only looked up, never iterated, so identity hashes never decide an order.
 */
final class SimScheduler implements Schedule {
    /** What the simulation knows of one task. */
    static final class Info {
        final long id;
        final Object host;
        int waitingIndex = -1;

        Info(long id, Object host) {
            this.id = id;
            this.host = host;
        }
    }

    private record Held(RawTask<?> task, long fromStep) {}

    /** A failed task whose failure nobody took yet, and its report. */
    private record Unobserved(RawTask<?> task, Consumer<String> report) {}

    private final SimRuntime sim;
    private final ArrayList<RawTask<?>> ready = new ArrayList<>();
    private final ArrayList<Held> held = new ArrayList<>();
    private final ArrayList<RawTask<?>> waiting = new ArrayList<>();
    private final IdentityHashMap<RawTask<?>, Info> infos = new IdentityHashMap<>();
    private final ArrayList<RawTask<?>> foreign = new ArrayList<>(); // guarded by itself
    private final ArrayList<Unobserved> unobserved = new ArrayList<>();
    private final ArrayList<RawTask<?>> unwinding = new ArrayList<>(); // cancelled by close, not yet ended

    /** How long, in virtual time, a close lets cancelled tasks unwind: the runtime's default close timeout. */
    static final long CLOSE_GRACE_NANOS = java.time.Duration.ofSeconds(10).toNanos();
    private Info current;
    private long nextId;
    private long steps;
    private long polls;
    private long finished;
    private volatile Thread thread;

    SimScheduler(SimRuntime sim) {
        this.sim = sim;
    }

    <T> RawTask<T> spawn(Future<T> future, Object host) {
        if (sim.isClosed()) throw new IllegalStateException("simulation is closed");
        RawTask<T> t = new RawTask<>(future, this, true);
        Info info = new Info(nextId++, host);
        infos.put(t, info);
        sim.trace(TraceHash.SPAWN, info.id, current == null ? -1 : current.id);
        schedule(t, false);
        return t;
    }

    Object currentHost() {
        Info c = current;
        return c == null ? null : c.host;
    }

    long currentTaskId() {
        Info c = current;
        return c == null ? -1 : c.id;
    }

    long steps() {
        return steps;
    }

    long polls() {
        return polls;
    }

    int liveTasks() {
        return infos.size();
    }

    /**
     * Runs the simulation on the calling thread until {@code main} completes.
     *
     * @param main the root task
     * @throws SimulationException on a deadlock, a violation, a failure nobody awaits, or a limit
     */
    void loop(RawTask<?> main) {
        thread = Thread.currentThread();
        SimConfig cfg = sim.config();
        try {
            while (!main.isDone()) {
                sim.checkFailures();
                if (++steps > cfg.maxSteps) {
                    throw sim.failure("ran past " + cfg.maxSteps + " steps (a livelock?) at virtual time "
                            + sim.clock().elapsed(), null);
                }
                switch (step(cfg.maxVirtualNanos)) {
                    case STUCK -> throw deadlock();
                    case PAST_LIMIT -> throw sim.failure("ran past its virtual-time limit of "
                            + java.time.Duration.ofNanos(cfg.maxVirtualNanos), null);
                    case STEPPED -> { }
                }
            }
            reportUnobserved(main, "nobody had awaited it when the simulation's run ended");
            sim.checkFailures();
        } finally {
            thread = null;
        }
    }

    /** What one {@link #step} did. */
    private enum Step {
        /** polled a task, fired timers or an event, released held wakes, or moved the clock */
        STEPPED,
        /** nothing is ready, held back or due, and no timer or event is ahead */
        STUCK,
        /** the next timer or event is past the limit: the clock stays */
        PAST_LIMIT
    }

    /**
     * One step of the simulation (the class comment says which).
     *
     * @param limitNanos the virtual time the clock may not jump past
     * @return what it did
     */
    private Step step(long limitNanos) {
        SimConfig cfg = sim.config();
        Timers timers = sim.timers();
        takeForeign();
        releaseHeld(false);
        if (cfg.spuriousWakeRate > 0 && !waiting.isEmpty() && sim.random().nextDouble() < cfg.spuriousWakeRate) {
            RawTask<?> t = waiting.get(sim.random().nextInt(waiting.size()));
            sim.trace(TraceHash.SPURIOUS, infos.get(t).id, 0);
            t.wake();
        }
        long now = sim.nanoTime();
        long nextTimer = timers.prepareSleep();
        timers.awake();
        long nextEvent = sim.events().nextTime();
        boolean due = nextTimer <= now || nextEvent <= now;
        if (!ready.isEmpty() && !(due && sim.random().nextBoolean())) {
            pollOne();
        } else if (due) {
            fireDue(timers, now, nextTimer, nextEvent);
        } else if (!held.isEmpty()) {
            releaseHeld(true);
        } else {
            long next = Math.min(nextTimer, nextEvent);
            if (next == Long.MAX_VALUE) return Step.STUCK;
            if (next > limitNanos) return Step.PAST_LIMIT;
            sim.clock().advanceTo(next);
            sim.trace(TraceHash.CLOCK, next, 0);
        }
        return Step.STEPPED;
    }

    private void pollOne() {
        int i = sim.random().nextInt(ready.size());
        RawTask<?> t = removeAt(ready, i);
        Info info = infos.get(t); // null: the task finished while queued (cancelled); run() drops the entry
        current = info;
        sim.trace(TraceHash.POLL, info == null ? -1 : info.id, 0);
        polls++;
        Coop.reset();
        try {
            t.run();
        } catch (Throwable e) {
            uncaught(e); // escaped a task's completion: the run records it
        } finally {
            Coop.unlimited();
            current = null;
        }
        long cost = sim.config().pollCostNanos;
        if (cost > 0) sim.clock().advanceTo(sim.nanoTime() + cost);
    }

    private void fireDue(Timers timers, long now, long nextTimer, long nextEvent) {
        if (nextTimer <= now && (nextEvent > now || sim.random().nextBoolean())) {
            try {
                int n = timers.fireExpired(now);
                sim.trace(TraceHash.TIMERS, now, n);
            } catch (Throwable e) {
                uncaught(e); // a timer's waker threw
            }
            return;
        }
        Runnable r = sim.events().pollDue(now);
        sim.trace(TraceHash.EVENT, now, 0);
        try {
            r.run();
        } catch (Throwable e) {
            uncaught(e);
        }
    }

    /** Delivers held wakes whose step came; {@code all}: deliver every one now (nothing else to do). */
    private void releaseHeld(boolean all) {
        for (int i = 0; i < held.size(); ) {
            Held h = held.get(i);
            if (all || h.fromStep <= steps) {
                held.remove(i);
                sim.trace(TraceHash.DELAYED, idOf(h.task), steps);
                ready.add(h.task);
            } else {
                i++;
            }
        }
    }

    private void takeForeign() {
        synchronized (foreign) {
            if (foreign.isEmpty()) return;
            ready.addAll(foreign);
            foreign.clear();
        }
    }

    private SimDeadlockException deadlock() {
        StringBuilder sb = new StringBuilder("deadlock at virtual time ").append(sim.clock().elapsed())
                .append(": the root task waits and nothing can wake it (no task ready, no timer, no network event); ")
                .append(infos.size()).append(" task(s) wait:");
        List<Info> sorted = new ArrayList<>();
        for (RawTask<?> t : waiting) sorted.add(infos.get(t));
        sorted.sort((a, b) -> Long.compare(a.id, b.id));
        for (Info i : sorted) {
            RawTask<?> t = waiting.get(i.waitingIndex);
            sb.append("\n  task ").append(i.id).append(": ").append(t.futureForDump());
        }
        return new SimDeadlockException(sim.seed(), sb.toString());
    }

    /**
     * Cancels every live task, in the order they were spawned (their cancel hooks run here), then
     * runs the ones still unwinding (a woven body awaiting cleanup in a {@code finally}, a scope
     * waiting for its children) as the runtime's close does: steps as a run takes them, until each
     * has ended, or until {@link #CLOSE_GRACE_NANOS} of virtual time, or nothing can move them on
     * (a failure of the close, naming them).
     */
    void shutdown() {
        java.util.Set<RawTask<?>> queued = java.util.Collections.newSetFromMap(new IdentityHashMap<>()); // looked up only
        List<RawTask<?>> all = new ArrayList<>();
        for (RawTask<?> t : ready) if (queued.add(t)) all.add(t);
        for (Held h : held) if (queued.add(h.task)) all.add(h.task);
        for (RawTask<?> t : waiting) if (!queued.contains(t)) all.add(t);
        all.sort((a, b) -> Long.compare(infoOf(a), infoOf(b))); // stable: finished ones stay in queue order
        ready.clear();
        held.clear();
        thread = Thread.currentThread();
        try {
            for (RawTask<?> t : all) {
                // a queue entry is the task's only one: one cancelled already drains through it
                if (!(queued.contains(t) ? t.shutdownQueued() : t.shutdown())) unwinding.add(t);
            }
            long limit = sim.nanoTime() + CLOSE_GRACE_NANOS;
            while (true) {
                unwinding.removeIf(RawTask::isCompleted);
                if (unwinding.isEmpty() || step(limit) != Step.STEPPED) break;
            }
            if (!unwinding.isEmpty()) {
                StringBuilder sb = new StringBuilder("closed with ").append(unwinding.size())
                        .append(" task(s) still unwinding after ").append(java.time.Duration.ofNanos(CLOSE_GRACE_NANOS))
                        .append(" of virtual time:");
                for (RawTask<?> t : unwinding) sb.append("\n  ").append(t.futureForDump());
                sim.fail(sb.toString());
            }
            reportUnobserved(null, "nobody had awaited it when the simulation closed");
        } finally {
            thread = null;
        }
    }

    /**
     * Reports every failure of a task that nobody took, but {@code except}'s (the root task, whose
     * failure the run throws), in the order the tasks failed.
     *
     * @param except a task not to report, or null
     * @param why why nobody can take them any more
     */
    void reportUnobserved(RawTask<?> except, String why) {
        List<Unobserved> now = new ArrayList<>(unobserved);
        unobserved.clear();
        for (Unobserved u : now) {
            if (u.task != except) u.report.accept(why);
        }
    }

    private long infoOf(RawTask<?> t) {
        Info i = infos.get(t);
        return i == null ? Long.MAX_VALUE : i.id;
    }

    /** @return the simulation's id of {@code t}, or -1 once it finished */
    private long idOf(RawTask<?> t) {
        Info i = infos.get(t);
        return i == null ? -1 : i.id;
    }

    // ---- Schedule ---------------------------------------------------------------------------

    @Override
    public void schedule(RawTask<?> task, boolean yielded) {
        Thread th = thread;
        if (th != null && Carrier.current() != th) {
            sim.refuse("a wake from thread " + Thread.currentThread().getName()
                    + ", outside the simulation (a real thread touched a simulated task)");
            synchronized (foreign) {
                foreign.add(task);
            }
            return;
        }
        sim.trace(TraceHash.WAKE, idOf(task), yielded ? 1 : 0);
        SimConfig cfg = sim.config();
        if (cfg.heldWakeRate > 0 && sim.random().nextDouble() < cfg.heldWakeRate) {
            held.add(new Held(task, steps + 1 + sim.random().nextInt(cfg.maxHeldSteps)));
        } else {
            ready.add(task);
        }
    }

    @Override
    public void unwindingAfterClose(RawTask<?> task) {
        if (!unwinding.contains(task)) unwinding.add(task);
    }

    @Override
    public boolean track(RawTask<?> task) {
        Info info = infos.get(task);
        if (info == null || sim.isClosed()) return false;
        info.waitingIndex = waiting.size();
        waiting.add(task);
        return true;
    }

    @Override
    public void release(RawTask<?> task, boolean tracked) {
        Info info = infos.remove(task);
        finished++;
        if (info != null && info.waitingIndex >= 0) {
            int i = info.waitingIndex;
            RawTask<?> last = waiting.remove(waiting.size() - 1);
            if (last != task) {
                waiting.set(i, last);
                infos.get(last).waitingIndex = i;
            }
            info.waitingIndex = -1;
        }
        if (info != null) sim.trace(TraceHash.DONE, info.id, 0);
    }

    /**
     * Keeps the report until the run ends ({@link #reportUnobserved}) rather than until a collector
     * finds the handle unreachable, which happens at a different step in every JVM: so a dropped
     * failing task fails the same seed every time. A handle kept for a later run must be awaited
     * in the run its task failed in, or its failure is reported.
     */
    @Override
    public void watchUnobserved(RawTask<?> task, Consumer<String> report) {
        unobserved.add(new Unobserved(task, report));
    }

    @Override
    public void uncaught(Throwable error) {
        sim.uncaught(error);
    }

    @Override
    public void uncaught(String what, Throwable error) {
        sim.uncaught(what, error);
    }

    private static <E> E removeAt(ArrayList<E> list, int i) {
        int last = list.size() - 1;
        E e = list.get(i);
        list.set(i, list.get(last));
        list.remove(last);
        return e;
    }
}
