package dev.weft.sim;

import dev.weft.Weft;
import dev.weft.blocking.internal.InlinePool;
import dev.weft.blocking.internal.PoolKey;
import dev.weft.future.Future;
import dev.weft.internal.Carrier;
import dev.weft.internal.Drivers;
import dev.weft.internal.Offload;
import dev.weft.internal.Simulation;
import dev.weft.task.Task;
import dev.weft.task.internal.RawTask;
import dev.weft.time.internal.Timers;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * A deterministic simulation of a Weft runtime: the production task, waker, timer, channel and
 * lock code, run on one thread, with every choice drawn from one seeded random source and time
 * kept by a virtual {@link SimClock}. The same seed gives the same run, poll for poll: its
 * {@link #traceHash()} (a hash of the sequence of spawns, polls, wakes, timer firings, clock jumps
 * and network events) is the same, so a failure found with one seed is replayed by running that
 * seed again.
 *
 * <p>What the seed decides: which ready task is polled next (a random one, not the first),
 * whether a due timer or event goes before a ready task, spurious wakes of waiting tasks (at
 * {@link Builder#spuriousWakeRate}), wakes held back for a few steps ({@link Builder#heldWakeRate}),
 * how long a blocking job takes ({@link Builder#blockingDuration}), and everything the simulated
 * network ({@link #net()}) does. Virtual time moves only when no task is ready: the clock then
 * jumps to the next timer or event, so {@code Time.sleep(Duration.ofDays(30))} takes microseconds.
 *
 * <p>Inside a simulation, {@code Task.spawn} spawns into it, {@code Time.*} use its clock,
 * {@code Blocking.unblock} runs the job on the simulation's thread at a simulated time, and
 * {@code TcpStream}/{@code TcpListener}/{@code UdpSocket} use the simulated network. What would
 * step outside fails with a clear message and fails the run even if caught: a real socket, a real
 * {@code WeftRuntime}, {@code blockOn}, a wake from a thread of its own, a thread of the simulation
 * found blocked ({@code Thread.sleep}, a lock) for longer than a moment. A run whose root task
 * waits for nothing that can happen ends with {@link SimDeadlockException} at once.
 *
 * {@snippet :
 * SimRuntime sim = SimRuntime.builder(42).spuriousWakeRate(0.05).build();
 * int v = sim.run(Weft.async(() -> {
 *     Task<Integer> t = Task.spawn(Weft.async(() -> { await(Time.sleep(Duration.ofHours(1))); return 41; }));
 *     return await(t) + 1;
 * }));
 * long fingerprint = sim.traceHash();      // the same for every run of seed 42
 * sim.close();
 * }
 *
 * <h2>State</h2>
 * <pre>
 * field      meaning                                          access
 * running    a run() is in progress                           the caller's thread (synchronized)
 * failures   violations and failures nobody awaits, in order  any thread (synchronized)
 * closed     close() was called                               volatile
 * </pre>
 * Everything else (the scheduler, the clock, the random source, the trace, the events) belongs to
 * the thread of the current run, or between runs to whichever thread calls this object; a run's
 * thread start and join order the hand-overs. Not for use by two threads at once.
 */
public final class SimRuntime implements AutoCloseable {
    private final SimConfig config;
    private final SplittableRandom random;
    private final SimClock clock;
    private final TraceHash trace = new TraceHash();
    private final SimEvents events = new SimEvents();
    private final Timers timers;
    private final SimScheduler scheduler;
    private final SimNet net;
    private final Drivers drivers;
    private final List<Throwable> failures = new ArrayList<>();
    private final List<Throwable> uncaught = new ArrayList<>();
    private boolean running;
    private volatile boolean closed;

    private SimRuntime(Builder b) {
        this.config = new SimConfig(b);
        this.random = new SplittableRandom(b.seed);
        this.clock = new SimClock(b.epoch);
        this.timers = new Timers(clock, () -> { });
        this.scheduler = new SimScheduler(this);
        SimBlocking blocking = new SimBlocking(this, b.blockingMinNanos, b.blockingMaxNanos);
        this.net = new SimNet(this);
        Drivers.Builder d = Drivers.builder()
                .put(Timers.KEY, timers)
                .put(PoolKey.KEY, InlinePool.pool(blocking))
                .put(Offload.KEY, blocking::unblock)
                .put(Simulation.KEY, this::refuse);
        net.register(d);
        this.drivers = d.build();
    }

    /**
     * @param seed the seed of every choice the simulation makes
     * @return a builder with the defaults: no spurious or held wakes, polls take no virtual time,
     *     blocking jobs take 0 to 1 ms, at most 10^9 steps and 10 years of virtual time
     */
    public static Builder builder(long seed) {
        return new Builder(seed);
    }

    /**
     * @return the seed given by {@code -Dweft.sim.seed}, or {@code fallback} when it is not set
     * @param fallback the seed to use otherwise
     */
    public static long seedProperty(long fallback) {
        String s = System.getProperty("weft.sim.seed");
        return s == null || s.isBlank() ? fallback : Long.parseLong(s.trim());
    }

    /** @return the simulation whose thread runs the calling code, or {@code null} */
    public static SimRuntime current() {
        return Carrier.current() instanceof SimThread t ? t.sim() : null;
    }

    /**
     * Runs {@code root} as the root task and drives the simulation until it completes; other tasks
     * stay where they are and go on in the next run (or are cancelled by {@link #close()}). The
     * simulation runs on a thread of its own; this thread waits and watches it.
     *
     * <p>A task that failed in this run while its handle was held, and that nobody awaited by the
     * run's end, counts as a task nobody awaits (a runtime reports it when the collector finds the
     * handle dropped, whose timing is not the same from one JVM to the next; a simulation must be):
     * a handle kept for a later run must be awaited in the run its task failed in.
     *
     * @param root the future to run
     * @param <T> its output type
     * @return its output
     * @throws SimulationException if the run deadlocked, stepped outside the simulation, ran past a
     *     limit, or a task nobody awaits failed; else what {@code root} threw, as it is
     */
    public <T> T run(Future<T> root) {
        Objects.requireNonNull(root, "root");
        if (current() != null) throw new IllegalStateException("SimRuntime.run inside a simulation: spawn instead");
        synchronized (this) {
            if (running) throw new IllegalStateException("simulation " + config.seed + " is running already");
            if (closed) throw new IllegalStateException("simulation is closed");
            running = true;
        }
        try {
            RawTask<T> main = scheduler.spawn(root, null);
            runOnSimThread(() -> scheduler.loop(main));
            return Weft.blockOn(main);
        } finally {
            synchronized (this) {
                running = false;
            }
        }
    }

    /**
     * Spawns {@code future} into the simulation: from a task of it, as {@code Task.spawn} does (on
     * the same host); from outside, before or between runs (it runs in the next).
     *
     * @param future the future
     * @param <T> its output type
     * @return its handle
     */
    public <T> Task<T> spawn(Future<T> future) {
        return scheduler.spawn(Objects.requireNonNull(future, "future"), scheduler.currentHost());
    }

    /**
     * Runs {@code body(sim)} for one seed twice, on two simulations built by {@code builder}, and
     * checks that both runs made the same choices (madsim's {@code CHECK_DETERMINISM}).
     *
     * @param builder how to build each simulation
     * @param body the root future of each run
     * @param <T> its output type
     * @return the output of the first run
     * @throws SimulationException if the two trace hashes differ
     */
    public static <T> T runTwiceAndCompare(Builder builder, Function<SimRuntime, Future<T>> body) {
        long first;
        String firstTail;
        T out;
        try (SimRuntime a = builder.build()) {
            out = a.run(body.apply(a));
            first = a.traceHash();
            firstTail = a.trace.tail();
        }
        try (SimRuntime b = builder.build()) {
            b.run(body.apply(b));
            if (b.traceHash() != first) {
                throw new SimulationException(builder.seed, "not deterministic: the same seed gave trace hashes "
                        + Long.toHexString(first) + " and " + Long.toHexString(b.traceHash())
                        + "\n  first run ends:  " + firstTail + "\n  second run ends: " + b.trace.tail(), null);
            }
        }
        return out;
    }

    /** @return the seed of this simulation */
    public long seed() {
        return config.seed;
    }

    /** @return the virtual clock */
    public SimClock clock() {
        return clock;
    }

    /** @return the simulated network */
    public SimNet net() {
        return net;
    }

    /**
     * The simulation's one seeded random source. Test code that needs random choices draws them
     * here (on the simulation's thread, or between runs), so that they replay with the seed too.
     *
     * @return the random source
     */
    public RandomGenerator random() {
        return random;
    }

    /** @return the fingerprint of everything this simulation did so far (see the class comment) */
    public long traceHash() {
        return trace.value();
    }

    /** @return how many events the trace holds */
    public long traceLength() {
        return trace.count();
    }

    /** @return how many tasks were polled so far, summed over runs */
    public long polls() {
        return scheduler.polls();
    }

    /** @return the number of tasks alive (spawned and not finished) */
    public int liveTasks() {
        return scheduler.liveTasks();
    }

    /** @return how many registered timers are left (sleeps and timeouts not yet fired or cancelled) */
    public int pendingTimers() {
        return timers.size();
    }

    /** @return failures of tasks nobody awaits, when the builder said not to fail on them */
    public synchronized List<Throwable> uncaughtFailures() {
        return List.copyOf(uncaught);
    }

    /**
     * Cancels every live task, in the order they were spawned; later runs and spawns fail.
     * Idempotent.
     *
     * <p>Tasks whose cancellation goes on (a woven body awaiting cleanup in a {@code finally}, a
     * scope waiting for its children) go on running as in a run, on virtual time, until they end,
     * for at most ten seconds of it (a runtime's default close timeout).
     *
     * @throws SimulationException if a task was still unwinding after that; or if one failed while
     *     it was cancelled, or failed earlier and nobody awaited it, and the builder says such
     *     failures fail the simulation
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            if (running) throw new IllegalStateException("close during a run");
            closed = true;
        }
        try {
            runOnSimThread(scheduler::shutdown); // throws what the close recorded
        } finally {
            events.clear();
        }
    }

    @Override
    public String toString() {
        return "SimRuntime[seed=" + config.seed + ", time=" + clock.elapsed() + ", tasks=" + liveTasks() + "]";
    }

    // ---- for the scheduler, the network and the blocking pool (this package) ----------------

    SimConfig config() {
        return config;
    }

    Drivers drivers() {
        return drivers;
    }

    SimScheduler scheduler() {
        return scheduler;
    }

    Timers timers() {
        return timers;
    }

    SimEvents events() {
        return events;
    }

    boolean isClosed() {
        return closed;
    }

    /** @return the virtual time now, in nanoseconds since the start */
    long nanoTime() {
        return clock.nanoTime();
    }

    /**
     * Runs {@code event} on the simulation's thread when virtual time reaches {@code atNanos}
     * (events of one time in the order they were added).
     *
     * @param atNanos when
     * @param event what
     */
    void at(long atNanos, Runnable event) {
        events.add(Math.max(atNanos, clock.nanoTime()), Objects.requireNonNull(event, "event"));
    }

    /** @return the host tag of the task being polled, or {@code null} */
    Object currentHost() {
        return scheduler.currentHost();
    }

    /**
     * Spawns {@code f} with host tag {@code host}; the tasks it spawns inherit it.
     *
     * @param host the tag
     * @param f the future
     * @param <T> its output type
     * @return its handle
     */
    <T> Task<T> spawnOn(Object host, Future<T> f) {
        return scheduler.spawn(Objects.requireNonNull(f, "future"), host);
    }

    /**
     * Mixes one event into the trace.
     *
     * @param kind what happened ({@link TraceHash} kinds; the network uses 100 and up)
     * @param a its first detail
     * @param b its second detail
     */
    void trace(int kind, long a, long b) {
        trace.mix(kind, a, b);
    }

    /**
     * Records that the current code tried {@code what}, which a simulation does not allow: the run
     * fails with it at the next step, whatever the caller does with the returned exception.
     *
     * @param what what was tried
     * @return the exception to throw at the caller
     */
    RuntimeException refuse(String what) {
        IllegalStateException e = new IllegalStateException("not allowed inside a simulation: " + what);
        synchronized (this) {
            failures.add(new SimulationException(config.seed, e.getMessage(), null));
        }
        return e;
    }

    /** A task nobody awaits failed (or a waker or timer threw into the loop). */
    void uncaught(Throwable error) {
        uncaught(null, error);
    }

    /** As {@link #uncaught(Throwable)}; {@code what}, if not null, says which task and why nobody takes its failure. */
    synchronized void uncaught(String what, Throwable error) {
        String message = "a task nobody awaits failed" + (what == null ? "" : ": " + what);
        if (config.failOnUncaught) failures.add(new SimulationException(config.seed, message, error));
        else uncaught.add(error);
    }

    /** Records that the simulation failed, as {@code message} says: the run or close throws it. */
    synchronized void fail(String message) {
        failures.add(new SimulationException(config.seed, message, null));
    }

    /** @throws SimulationException the first failure recorded, with the others suppressed */
    synchronized void checkFailures() {
        if (failures.isEmpty()) return;
        Throwable first = failures.get(0);
        for (int i = 1; i < failures.size(); i++) first.addSuppressed(failures.get(i));
        failures.clear();
        throw (SimulationException) first;
    }

    SimulationException failure(String message, Throwable cause) {
        return new SimulationException(config.seed, message, cause);
    }

    private void runOnSimThread(Runnable body) {
        Throwable[] thrown = new Throwable[1];
        SimThread th = new SimThread(this, () -> {
            try {
                body.run();
            } catch (Throwable t) {
                thrown[0] = t;
            }
        });
        th.start();
        new SimWatchdog(this, th, config.realTimeLimitNanos).watch();
        Throwable t = thrown[0];
        if (t == null) {
            synchronized (this) {
                if (!failures.isEmpty()) t = failures.get(0);
                failures.clear();
            }
        }
        if (t instanceof RuntimeException r) throw r;
        if (t instanceof Error e) throw e;
        if (t != null) throw new SimulationException(config.seed, "the simulation failed", t);
    }

    /**
     * Builds a {@link SimRuntime}.
     *
     * {@snippet :
     * SimRuntime sim = SimRuntime.builder(7).spuriousWakeRate(0.02).heldWakeRate(0.1).build();
     * }
     */
    public static final class Builder {
        final long seed;
        double spuriousWakeRate;
        double heldWakeRate;
        int maxHeldSteps = 8;
        long pollCostNanos;
        long blockingMinNanos;
        long blockingMaxNanos = 1_000_000;
        long maxSteps = 1_000_000_000L;
        long maxVirtualNanos = Duration.ofDays(3650).toNanos();
        long realTimeLimitNanos;
        boolean failOnUncaught = true;
        Instant epoch = Instant.parse("2026-01-01T00:00:00Z");

        private Builder(long seed) {
            this.seed = seed;
        }

        /**
         * @param rate the chance, per step, that a random waiting task is woken for nothing (its
         *     future must cope: polled again, it is still pending); 0 to 1
         * @return this builder
         */
        public Builder spuriousWakeRate(double rate) {
            this.spuriousWakeRate = rate(rate);
            return this;
        }

        /**
         * @param rate the chance that a wake is held back for 1 to {@code maxSteps} steps before the
         *     task becomes ready, as a wake from another thread arrives late; 0 to 1
         * @param maxSteps the longest hold, in steps, at least 1
         * @return this builder
         */
        public Builder heldWakeRate(double rate, int maxSteps) {
            if (maxSteps < 1) throw new IllegalArgumentException("maxSteps: " + maxSteps);
            this.heldWakeRate = rate(rate);
            this.maxHeldSteps = maxSteps;
            return this;
        }

        /**
         * @param rate as {@link #heldWakeRate(double, int)}, holds of at most 8 steps
         * @return this builder
         */
        public Builder heldWakeRate(double rate) {
            return heldWakeRate(rate, 8);
        }

        /**
         * @param cost virtual time each poll takes (default zero: time moves only when all wait)
         * @return this builder
         */
        public Builder pollCost(Duration cost) {
            this.pollCostNanos = nonNegative(cost);
            return this;
        }

        /**
         * @param min the shortest a blocking job takes in virtual time
         * @param max the longest; each job's time is drawn between them
         * @return this builder
         */
        public Builder blockingDuration(Duration min, Duration max) {
            long lo = nonNegative(min);
            long hi = nonNegative(max);
            if (hi < lo) throw new IllegalArgumentException("max < min: " + max + " < " + min);
            this.blockingMinNanos = lo;
            this.blockingMaxNanos = hi;
            return this;
        }

        /**
         * @param steps the most steps a run may take (a livelock guard)
         * @return this builder
         */
        public Builder maxSteps(long steps) {
            if (steps < 1) throw new IllegalArgumentException("steps: " + steps);
            this.maxSteps = steps;
            return this;
        }

        /**
         * @param limit the most virtual time a simulation may reach
         * @return this builder
         */
        public Builder maxVirtualTime(Duration limit) {
            this.maxVirtualNanos = nonNegative(limit);
            return this;
        }

        /**
         * @param limit the most real time one run may take; zero for none (the default)
         * @return this builder
         */
        public Builder realTimeLimit(Duration limit) {
            this.realTimeLimitNanos = nonNegative(limit);
            return this;
        }

        /**
         * @param fail whether a failure of a task nobody awaits fails the run (the default), or is
         *     only kept for {@link SimRuntime#uncaughtFailures()}
         * @return this builder
         */
        public Builder failOnUncaught(boolean fail) {
            this.failOnUncaught = fail;
            return this;
        }

        /**
         * @param start the simulated wall-clock time at virtual time 0 ({@link SimClock#instant()})
         * @return this builder
         */
        public Builder epoch(Instant start) {
            this.epoch = Objects.requireNonNull(start, "start");
            return this;
        }

        /** @return the seed this builder was made with */
        public long seed() {
            return seed;
        }

        /** @return a new simulation */
        public SimRuntime build() {
            return new SimRuntime(this);
        }

        private static double rate(double r) {
            if (!(r >= 0 && r <= 1)) throw new IllegalArgumentException("a rate is between 0 and 1: " + r);
            return r;
        }

        private static long nonNegative(Duration d) {
            if (d.isNegative()) throw new IllegalArgumentException("negative: " + d);
            return d.toNanos();
        }
    }
}
