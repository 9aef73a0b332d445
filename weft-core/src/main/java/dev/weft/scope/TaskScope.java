package dev.weft.scope;

import dev.weft.coro.internal.UnwovenAwait;
import dev.weft.coro.internal.VirtualCoroutine;
import dev.weft.exec.internal.BlockOn;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.internal.Shielded;
import dev.weft.internal.Ambient;
import dev.weft.internal.CoopThread;
import dev.weft.scope.internal.ChildLedger;
import dev.weft.scope.internal.OpenScopes;
import dev.weft.scope.internal.ScopeChild;
import dev.weft.task.Task;
import dev.weft.task.internal.Bindings;
import dev.weft.task.internal.ScopeView;
import dev.weft.task.internal.WithBindings;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A group of tasks that it owns: no child outlives its scope. Children are spawned into it
 * ({@link #spawn}); {@link #join()} waits until every child has ended and gives what the scope's
 * {@link Joiner} makes of their outcomes (by default: the first failure cancels the others and is
 * thrown); leaving the scope, normally, by an exception or by a cancellation, {@linkplain #close()
 * closes} it, which cancels the children still alive and waits until every one has ended, its
 * {@code finally} blocks included. Kotlin's {@code coroutineScope}, the JDK's
 * {@code StructuredTaskScope}, Tokio's {@code JoinSet}, with one meaning in every mode.
 *
 * {@snippet :
 * // the first failure (a 5xx, say) cancels every request still in flight
 * try (TaskScope<String, List<String>> scope = TaskScope.open(Joiner.allInOrder())) {
 *     for (String url : urls) scope.spawn(fetch(url));
 *     List<String> bodies = await(scope.join());
 * }
 * }
 *
 * <h2>Woven, stackful, blocking</h2>
 * The same block runs in a woven body, a stackful coroutine and on a plain thread, and means the
 * same in each. {@code close()} waits, and waiting must not block a worker: in a woven body the
 * weaver makes the {@code close()} of a variable declared as {@code TaskScope} an await of
 * {@link #closing()} (so try-with-resources suspends the body instead of blocking), a stackful
 * body suspends in it, and a plain thread blocks. On a worker outside both, {@code close()} throws
 * {@link IllegalStateException} unless no child is alive (after a {@code join()}, say), rather
 * than block the worker. The close is a <em>shielded</em> await: it waits in a body that is being
 * cancelled too, since it must.
 *
 * <h2>Trees, cancellation and deadlines</h2>
 * A scope opened inside another one's block (in the same body, or in a child task of it) nests
 * under it: {@link #parent()}. Cancelling a scope ({@link #cancel()}) cancels its children, whose
 * bodies unwind and close the scopes they opened, so the whole subtree ends; a task cancelled
 * while it has scopes open unwinds through their {@code close()}, which cancels their children
 * first. A deadline ({@link Config#withTimeout}) is shared by every child ({@link #timeLeft()},
 * {@link #current()} from any depth) and nested scopes keep the earlier of their own and their
 * parent's; when it passes, the scope is cancelled and {@code join()} throws
 * {@link TimeoutException}.
 *
 * <h2>Failures</h2>
 * A child's failure surfaces exactly once: through {@code join()} (thrown, or given by the
 * joiner), by an await of the child's task, or, if neither read it, through the runtime's failure
 * hook when the scope closes. {@code close()} itself never throws a child's failure.
 *
 * <p>Memory consistency effects: a child's actions happen-before the return of the
 * {@code join()} or {@code close()} that sees it ended.
 *
 * @param <T> the children's output type
 * @param <R> what {@link #join()} gives
 */
public final class TaskScope<T, R> implements AutoCloseable, ScopeView {
    private static final AtomicInteger IDS = new AtomicInteger();
    /** The binding through which children (and code deeper in them) find their scope. */
    private static final Object SCOPE_KEY = new Object() {
        @Override
        public String toString() {
            return "scope";
        }
    };

    private static final int RUNNING = 0;
    private static final int STOPPED_BY_JOINER = 1;
    private static final int CANCELLED = 2;
    private static final int PAST_DEADLINE = 3;

    private final String name;
    private final Joiner<? super T, ? extends R> joiner;
    private final ChildLedger ledger;
    private final TaskScope<?, ?> parent;
    private final long deadlineNanos;
    private final WeftRuntime runtime;
    private final Object owner;
    private final Object hidden;
    private final Closing closing = new Closing();
    private final AtomicInteger stopReason = new AtomicInteger(RUNNING);
    private volatile Task<?> watchdog;
    private volatile ChildBindings childBindings; // the last spawner's bindings, with this scope added
    private volatile boolean closed;

    private TaskScope(Joiner<? super T, ? extends R> joiner, Config config) {
        this.joiner = Objects.requireNonNull(joiner, "joiner");
        this.name = config.name != null ? config.name : "scope-" + IDS.incrementAndGet();
        this.ledger = new ChildLedger(name, new ChildLedger.Events() {
            @Override
            public boolean onSpawn(ScopeChild<?> child) {
                return stopsOnSpawn(child);
            }

            @Override
            public boolean onComplete(ScopeChild<?> child) {
                return stopsOnComplete(child);
            }
        });
        this.owner = OpenScopes.owner();
        this.parent = current();
        long own = config.timeout == null ? Long.MAX_VALUE : Time.nanoTime() + Math.max(0, config.timeout.toNanos());
        long inherited = parent == null ? Long.MAX_VALUE : parent.deadlineNanos;
        this.deadlineNanos = Math.min(own, inherited);
        this.runtime = config.runtime;
        this.hidden = OpenScopes.push(owner, this);
        if (deadlineNanos != Long.MAX_VALUE) watchdog = spawnTask(new WithBindings<>(null, new DeadlineTimer()));
    }

    /**
     * Opens a fail-fast scope ({@link Joiner#failFast()}): the first failure cancels the other
     * children, and {@code join()} throws it.
     *
     * @return the scope
     */
    public static TaskScope<Object, Void> open() {
        return open(Joiner.failFast());
    }

    /**
     * Opens a scope with a policy.
     *
     * @param joiner what the scope does as children end, and what {@code join()} gives
     * @param <T> the children's output type
     * @param <R> what join gives
     * @return the scope
     */
    public static <T, R> TaskScope<T, R> open(Joiner<? super T, ? extends R> joiner) {
        return open(joiner, c -> c);
    }

    /**
     * Opens a scope with a policy and a configuration (name, timeout, runtime).
     *
     * {@snippet :
     * try (var scope = TaskScope.open(Joiner.failFast(), c -> c.withName("request").withTimeout(Duration.ofSeconds(2)))) {
     *     scope.spawn(Future.ready("a"));
     *     await(scope.join());
     * }
     * }
     *
     * @param joiner what the scope does as children end, and what {@code join()} gives
     * @param configure sets the configuration
     * @param <T> the children's output type
     * @param <R> what join gives
     * @return the scope
     */
    public static <T, R> TaskScope<T, R> open(Joiner<? super T, ? extends R> joiner, UnaryOperator<Config> configure) {
        return new TaskScope<>(joiner, configure.apply(new Config(null, null, null)));
    }

    /**
     * A scope around a body, Kotlin's {@code coroutineScope { }}: opens a fail-fast scope when the
     * returned future is first polled, runs the future {@code body} makes of it, then joins and
     * closes it. The future's output is the body's; if the body throws, the children are cancelled
     * and, once they ended, the body's exception passes on (a child's failure suppressed in it);
     * if a child fails, the others and the body are cancelled and the failure passes on.
     *
     * {@snippet :
     * int total = await(TaskScope.run(scope -> Weft.async(() -> {
     *     Task<Integer> a = scope.spawn(count("a"));
     *     Task<Integer> b = scope.spawn(count("b"));
     *     return await(a) + await(b);
     * })));
     * }
     *
     * @param body makes the scope's body from the scope
     * @param <V> the output type
     * @return the future of the body's output
     */
    public static <V> Future<V> run(Function<? super TaskScope<Object, Void>, ? extends Future<V>> body) {
        return new ScopedRun<>(body);
    }

    /**
     * @return the innermost scope around the running code (open in its own body, or the one its
     *     task is a child of), or {@code null}
     */
    public static TaskScope<?, ?> current() {
        if (OpenScopes.innermost(OpenScopes.owner()) instanceof TaskScope<?, ?> s) return s;
        return Ambient.current() instanceof Bindings b && Bindings.get(b, SCOPE_KEY) instanceof TaskScope<?, ?> s ? s : null;
    }

    /**
     * Spawns {@code future} as a child: a task of the scope's runtime (the runtime running the
     * code that spawns, unless the scope was opened with one) that inherits the spawning code's
     * task-local bindings and sees this scope as {@link #current()}. If the scope is stopping, the
     * child is cancelled at once and never runs.
     *
     * @param future the child's future
     * @param <U> its output type
     * @return the child's task: await it for its output (after a {@code join()} it is complete)
     * @throws IllegalStateException if the scope is closed, or no runtime can run the child
     */
    public <U extends T> Task<U> spawn(Future<U> future) {
        Objects.requireNonNull(future, "future");
        Bindings bindings = bindingsForChild();
        Future<U> run = future;
        if (future instanceof WithBindings<U> w && !(w instanceof ScopeChild)) {
            // TaskLocal.where(...).run(f): its bindings (the spawner's, plus its own) and this scope, around f
            bindings = Bindings.with(w.bindings(), SCOPE_KEY, this);
            run = w.inner();
        }
        ScopeChild<U> c = ledger.add(bindings, run);
        Task<U> t;
        try {
            t = spawnTask(c);
        } catch (RuntimeException | Error e) {
            c.neverRan();
            throw e;
        }
        c.task(t);
        if (ledger.isStopped()) t.cancel(); // stopped while the spawn was under way: it never runs
        return t;
    }

    /**
     * Waits until no child is alive, then gives the joiner's result: woken when the last child
     * ends. May be awaited again after more spawns. Not cancel-safe in itself: cancelling the
     * await leaves the children alone (the close that follows cancels them). The future fails
     * with a {@link CancellationException} if the scope was cancelled, and with a
     * {@link TimeoutException} if the scope's deadline passed.
     *
     * @return the future of the joiner's result
     */
    public Fallible<R, Exception> join() {
        return new Fallible<>() {
            @Override
            public Poll<R> poll(Context cx) throws Exception {
                if (ledger.pollEmpty(cx).isPending()) return Poll.pending();
                return Poll.ready(outcome());
            }

            @Override
            public String toString() {
                return "join of " + TaskScope.this;
            }
        };
    }

    private R outcome() throws Exception {
        switch (stopReason.get()) {
            case CANCELLED -> throw new CancellationException("task scope " + name + " was cancelled");
            case PAST_DEADLINE -> throw new TimeoutException("task scope " + name + " passed its deadline");
            default -> {
                synchronized (ledger) { // the joiner's state is written under the ledger's lock
                    try {
                        return joiner.result();
                    } finally {
                        ledger.joined();
                    }
                }
            }
        }
    }

    /** Cancels every child alive (each once); a later {@code join()} throws {@link CancellationException}. */
    public void cancel() {
        stopReason.compareAndSet(RUNNING, CANCELLED);
        ledger.stop();
    }

    /** @return whether the scope stopped: cancelled, past its deadline, or stopped by its joiner */
    public boolean isStopped() {
        return ledger.isStopped();
    }

    /**
     * The close as a future: closes the scope to spawns, cancels the children still alive, and is
     * ready once every child has ended; then the scope's deadline timer is gone and the failures
     * nobody read went to the failure hook. Shielded: awaited in a body that is being cancelled,
     * it still waits. Every call gives the same future; awaiting it again once done is free.
     *
     * @return the future of the close
     */
    public Future<Void> closing() {
        return closing;
    }

    /**
     * A graceful close, for shutting a server down: closes the scope to spawns and lets the
     * children alive end on their own for up to {@code grace}; then cancels the rest, as
     * {@link #closing()} does, and is ready once every child has ended. Shielded as
     * {@code closing()} is.
     *
     * {@snippet :
     * acceptLoop.cancel();                                   // stop taking connections
     * await(connections.closing(Duration.ofSeconds(1)));     // requests in flight get a second
     * }
     *
     * @param grace how long the children may take before they are cancelled
     * @return the future of the close
     */
    public Future<Void> closing(Duration grace) {
        return new GracefulClose(Objects.requireNonNull(grace, "grace"));
    }

    /**
     * Closes the scope: as {@code await(closing())}, in a stackful body (suspending) or on a
     * plain thread (blocking). In a woven body the weaver turns this call into that await. Never
     * throws a child's failure. Idempotent.
     *
     * @throws IllegalStateException on a worker outside a coroutine while children are alive (it
     *     would block the worker)
     */
    @Override
    public void close() {
        if (closing.poll(Context.noop()).isReady()) return; // nothing to wait for
        VirtualCoroutine<?> co = VirtualCoroutine.current();
        if (co != null) {
            co.await(closing);
            return;
        }
        if (Thread.currentThread() instanceof CoopThread) {
            UnwovenAwait.refuseOnWorker("TaskScope.close()");
            throw new IllegalStateException("TaskScope.close() of " + name + " on worker " + Thread.currentThread().getName()
                    + " would block it until its " + ledger.live() + " children end. Fix: in a Weft.async body, declare "
                    + "the try-with-resources variable as TaskScope (the weaver then makes its close an await), or "
                    + "await(scope.closing()) yourself.");
        }
        BlockOn.blockOn(closing);
    }

    /** @return the scope's name (given, or {@code scope-N}) */
    @Override
    public String name() {
        return name;
    }

    /** @return the scope this one nests under, or {@code null} */
    public TaskScope<?, ?> parent() {
        return parent;
    }

    /** @return {@link #parent()}, for dumps */
    @Override
    public ScopeView parentView() {
        return parent;
    }

    /** @return the time left before the deadline (this scope's or an enclosing one's), if any */
    @Override
    public Optional<Duration> timeLeft() {
        if (deadlineNanos == Long.MAX_VALUE) return Optional.empty();
        return Optional.of(Duration.ofNanos(Math.max(0, deadlineNanos - Time.nanoTime())));
    }

    /**
     * For the scope's lambda form: ready once the scope stopped.
     *
     * @param cx the owner's context
     * @return ready once stopped
     */
    Poll<Void> pollStopped(Context cx) {
        return ledger.pollStopped(cx);
    }

    /**
     * For the scope's lambda form: a poll of {@link #closing()}.
     *
     * @param cx the owner's context
     * @return ready once closed
     */
    Poll<Void> pollClose(Context cx) {
        return closing.poll(cx);
    }

    /** @return how many children are alive */
    @Override
    public int liveChildren() {
        return ledger.live();
    }

    /** @return the children alive now, for dumps */
    public List<Subtask<?>> aliveChildren() {
        return List.copyOf(ledger.alive());
    }

    /** @return the joiner's policy, for dumps */
    @Override
    public String policy() {
        return joiner.getClass().getSimpleName();
    }

    /** @return open, stopping (cancelled, past its deadline or stopped by its joiner) or closed */
    @Override
    public String state() {
        if (closed) return "closed";
        return switch (stopReason.get()) {
            case CANCELLED -> "cancelled";
            case PAST_DEADLINE -> "past its deadline";
            case STOPPED_BY_JOINER -> "stopped by its joiner";
            default -> ledger.isClosed() ? "closing" : "open";
        };
    }

    @Override
    public String toString() {
        return "TaskScope[" + name + ", " + policy() + ", " + state() + ", " + ledger.live() + " alive"
                + timeLeft().map(d -> ", " + d.toMillis() + " ms left").orElse("") + "]";
    }

    @SuppressWarnings("unchecked")
    private boolean stopsOnSpawn(ScopeChild<?> child) {
        return stopIf(((Joiner<Object, ?>) joiner).onSpawn((Subtask<Object>) child));
    }

    @SuppressWarnings("unchecked")
    private boolean stopsOnComplete(ScopeChild<?> child) {
        return stopIf(((Joiner<Object, ?>) joiner).onComplete((Subtask<Object>) child));
    }

    private boolean stopIf(boolean stop) {
        if (stop) stopReason.compareAndSet(RUNNING, STOPPED_BY_JOINER);
        return stop;
    }

    private void expire() {
        stopReason.compareAndSet(RUNNING, PAST_DEADLINE);
        ledger.stop();
    }

    /**
     * @return the bindings of the spawning code with this scope added: made again only when the
     *     spawning code's bindings changed (a scope's children usually share them)
     */
    private Bindings bindingsForChild() {
        Object ambient = Ambient.current();
        ChildBindings c = childBindings;
        if (c == null || c.ambient != ambient) {
            Bindings inherited = ambient instanceof Bindings b ? b : null;
            childBindings = c = new ChildBindings(ambient, Bindings.with(inherited, SCOPE_KEY, this));
        }
        return c.bindings;
    }

    /** The bindings made for a spawner's context: immutable, so shared between threads freely. */
    private record ChildBindings(Object ambient, Bindings bindings) {}

    private <U> Task<U> spawnTask(Future<U> f) {
        return runtime != null ? runtime.spawn(f) : Task.spawn(f);
    }

    /**
     * The task that stops the scope at its deadline: named for dumps, spawned with no bindings (it
     * is nobody's child). Owner-polled.
     */
    private final class DeadlineTimer implements Future<Void> {
        private Future<Void> sleep;

        @Override
        public Poll<Void> poll(Context cx) throws Exception {
            if (sleep == null) sleep = Time.sleepUntil(deadlineNanos); // on the runtime that runs the timer
            if (sleep.poll(cx).isPending()) return Poll.pending();
            expire();
            return Poll.ready(null);
        }

        @Override
        public void cancel() {
            if (sleep != null) sleep.cancel();
        }

        @Override
        public String toString() {
            return "the deadline of task scope " + name;
        }
    }

    /** The close, once: cancel what is alive, wait for it, then tidy up. */
    private final class Closing implements Future<Void>, Shielded {
        private boolean started; // the owner's: whether this close sealed and stopped the ledger

        @Override
        public Poll<Void> poll(Context cx) {
            if (closed) return Poll.ready(null);
            if (!started) {
                started = true;
                ledger.close();
            }
            if (ledger.pollEmpty(cx).isPending()) return Poll.pending();
            finish();
            return Poll.ready(null);
        }

        @Override
        public String toString() {
            return "close of " + TaskScope.this;
        }
    }

    /** The close of {@link #closing(Duration)}: sealed, then (after the grace) the plain close. */
    private final class GracefulClose implements Future<Void>, Shielded {
        private final Duration grace;
        private Future<Void> timer;

        GracefulClose(Duration grace) {
            this.grace = grace;
        }

        @Override
        public Poll<Void> poll(Context cx) throws Exception {
            if (!closed && !ledger.isStopped()) {
                ledger.seal();
                if (timer == null) timer = Time.sleep(grace);
                if (ledger.pollEmpty(cx).isPending()) {
                    if (timer.poll(cx).isPending()) return Poll.pending();
                    timer = null; // the grace is over: it fired
                }
            }
            dropTimer();
            return closing.poll(cx);
        }

        @Override
        public void cancel() {
            dropTimer();
        }

        private void dropTimer() {
            Future<Void> t = timer;
            timer = null;
            if (t != null) t.cancel();
        }

        @Override
        public String toString() {
            return "graceful close (" + grace + ") of " + TaskScope.this;
        }
    }

    private synchronized void finish() {
        if (closed) return;
        closed = true;
        Task<?> w = watchdog;
        if (w != null) w.cancel();
        OpenScopes.pop(owner, this, hidden);
        for (ScopeChild<?> c : ledger.takeUnsurfacedFailures()) c.reportFailure("failed, and no join surfaced it");
    }

    /**
     * How a scope is opened: its name (for dumps and JFR), a timeout (from the open; the scope's
     * deadline is the earlier of it and its parent's), and the runtime its children run on
     * (default: the runtime running the code that spawns). Immutable.
     *
     * {@snippet :
     * TaskScope.open(Joiner.failFast(), c -> c.withName("fan-out").withTimeout(Duration.ofMillis(200)));
     * }
     */
    public static final class Config {
        private final String name;
        private final Duration timeout;
        private final WeftRuntime runtime;

        private Config(String name, Duration timeout, WeftRuntime runtime) {
            this.name = name;
            this.timeout = timeout;
            this.runtime = runtime;
        }

        /**
         * @param name the scope's name
         * @return this configuration with that name
         */
        public Config withName(String name) {
            return new Config(Objects.requireNonNull(name, "name"), timeout, runtime);
        }

        /**
         * @param timeout how long the scope may run, from its open
         * @return this configuration with that timeout
         */
        public Config withTimeout(Duration timeout) {
            return new Config(name, Objects.requireNonNull(timeout, "timeout"), runtime);
        }

        /**
         * @param runtime the runtime to run the children on (needed when the scope is used from a
         *     thread that is no worker of a runtime)
         * @return this configuration with that runtime
         */
        public Config withRuntime(WeftRuntime runtime) {
            return new Config(name, timeout, Objects.requireNonNull(runtime, "runtime"));
        }
    }
}
