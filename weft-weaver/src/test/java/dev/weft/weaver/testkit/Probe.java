package dev.weft.weaver.testkit;

import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a differential body talks to: an ordered event log, and the futures it awaits. A fresh
 * probe is made for each run of a body, so the runs of one body (woven, stackful, blocking) can be
 * compared event by event.
 *
 * {@snippet :
 * Probe p = new Probe();
 * String s = Weft.blockOn(Weft.async(() -> {
 *     p.log("start");
 *     int a = Weft.await(p.later(20, 2));        // pending twice, waking itself each time
 *     return a + Weft.await(p.remote(22)) + "";  // completed and woken by another thread
 * }));
 * // s is "42", p.events() is ["start"]
 * }
 *
 * <p>Every future it makes counts its polls and cancellations here, and fails loudly if it is
 * polled after it completed or was cancelled (the {@link Future} contract forbids that).
 *
 * <p>Memory consistency effects: the log is guarded by this object's monitor and the counters are
 * atomic, so a body may log from whichever thread polls it.
 */
public final class Probe {
    private final List<String> events = new ArrayList<>(); // guarded by this
    private final AtomicInteger polls = new AtomicInteger();
    private final AtomicInteger cancels = new AtomicInteger();
    private final ProbeLane main = new ProbeLane(this, 0);
    private final Stops stops = new Stops(this);

    /** A probe with an empty log. */
    public Probe() {}

    /** @param event what happened, appended to the log */
    public synchronized void log(String event) {
        events.add(event);
    }

    /**
     * Logs {@code label=value} and returns the value: shows the order in which the arguments of a
     * call are evaluated.
     *
     * @param label names the value in the log
     * @param value the value
     * @param <T> its type
     * @return {@code value}
     */
    public <T> T seen(String label, T value) {
        log(label + "=" + value);
        return value;
    }

    /**
     * @param value the output
     * @param <T> its type
     * @return a future ready on its first poll
     */
    public <T> Future<T> ready(T value) {
        return main.ready(value);
    }

    /**
     * @param label logged as {@code "label ready"} when it completes
     * @param pendingPolls how many polls answer pending first, each after waking the poller
     * @return a future ready with {@code null} on poll {@code pendingPolls + 1}, logging then: a
     *     {@code Future<Void>}, the type of {@code Future.yieldNow()}, whose completion shows
     */
    public Future<Void> loggedLater(String label, int pendingPolls) {
        Future<Void> inner = ProbeFuture.selfWaking(this, ProbeFuture.NO_LANE, pendingPolls, null, null);
        return cx -> {
            Poll<Void> p = inner.poll(cx);
            if (p instanceof Poll.Ready<Void>) log(label + " ready");
            return p;
        };
    }

    /**
     * What a generated body's yield renders as: {@code p.afterYield(await(Future.yieldNow()), v)}.
     *
     * @param yielded the yield's output ({@code null})
     * @param value the value to go on with
     * @param <T> its type
     * @return {@code value}, after logging the yield
     */
    public <T> T afterYield(Object yielded, T value) {
        log("yield " + yielded);
        return value;
    }

    /**
     * @param value the output
     * @param pendingPolls how many polls answer pending first, each after waking the poller
     * @param <T> its type
     * @return a future ready on poll {@code pendingPolls + 1}
     */
    public <T> Future<T> later(T value, int pendingPolls) {
        return main.later(value, pendingPolls);
    }

    /**
     * @param value the output
     * @param <T> its type
     * @return a future pending on its first poll, then completed and woken by another thread
     */
    public <T> Future<T> remote(T value) {
        return main.remote(value);
    }

    /**
     * Spawns {@code future} on the test kit's own runtime (two workers, shared by every probe and
     * never closed), so a body spawns the same way whether it runs woven, stackful or blocking and
     * whether or not the thread running it belongs to a runtime.
     *
     * @param future what to spawn
     * @param <T> its output type
     * @return the task
     */
    public <T> dev.weft.task.Task<T> spawn(Future<T> future) {
        return Spawner.RUNTIME.spawn(future);
    }

    /**
     * The test kit's runtime (two workers, shared, never closed): where a body's task scopes run
     * their children, so that a scope means the same whether the body runs woven, stackful or
     * blocking (a plain thread has no runtime of its own).
     *
     * @return the runtime
     */
    public dev.weft.exec.WeftRuntime runtime() {
        return Spawner.RUNTIME;
    }

    /** Holds the test kit's spawning runtime, made on first use. */
    private static final class Spawner {
        static final dev.weft.exec.WeftRuntime RUNTIME =
                dev.weft.exec.WeftRuntime.builder().workers(2).threadNamePrefix("probe-spawner-").build();
    }

    /**
     * @param message the exception's message
     * @param <T> the output type it pretends to have
     * @return a future pending once, then throwing an {@link IOException}: a {@code Fallible}, so
     *     awaiting code catches it by its type
     */
    public <T> dev.weft.future.Fallible<T, IOException> failChecked(String message) {
        return main.failChecked(message);
    }

    /**
     * @param message the exception's message
     * @param <T> the output type it pretends to have
     * @return a future pending once, then throwing an {@link IllegalStateException}
     */
    public <T> Future<T> failUnchecked(String message) {
        return main.failUnchecked(message);
    }

    /**
     * @param <T> the output type it pretends to have
     * @return a future that is never ready and never wakes anyone: only cancellation ends it
     */
    public <T> Future<T> never() {
        return ProbeFuture.never(this);
    }

    /**
     * @param <T> the output type it pretends to have
     * @return a parked future of lane 0: never ready, and where the program stops if it is armed
     *     ({@link #stopAt(int)})
     */
    public <T> Future<T> parked() {
        return main.parked();
    }

    /**
     * @param lane a child body's lane, above 0 (lane 0 is the task's: its futures are this probe's own)
     * @return the futures of that lane
     */
    public ProbeLane lane(int lane) {
        if (lane <= 0) throw new IllegalArgumentException("a child's lane is above 0: " + lane);
        return new ProbeLane(this, lane);
    }

    /**
     * The future that beats a child body in a race, once the child is stuck: pending (waking
     * itself) until a parked future of {@code lane} was polled after this one was made (so a race
     * in a loop waits for its own child), then for {@code polls} more polls, then ready. A child
     * that ends first wins the race instead.
     *
     * @param lane the lane of the child body it races
     * @param value the output
     * @param polls the pending polls after the lane parked
     * @param <T> its type
     * @return the winner
     */
    public <T> Future<T> winner(int lane, T value, int polls) {
        return ProbeFuture.winner(this, lane, value, polls);
    }

    /**
     * Cleanup work (of {@code Time.cleanup}) that counts no suspension.
     *
     * @param value the output
     * @param pendingPolls how many polls answer pending first, each after waking the poller
     * @param <T> its type
     * @return a future ready on poll {@code pendingPolls + 1}
     */
    public <T> Future<T> cleanupWork(T value, int pendingPolls) {
        return ProbeFuture.selfWaking(this, ProbeFuture.NO_LANE, pendingPolls, value, null);
    }

    /**
     * Cleanup work (of {@code Time.cleanup}) completed by another thread, counting no suspension.
     *
     * @param value the output
     * @param <T> its type
     * @return a future pending on its first poll, then completed and woken by another thread
     */
    public <T> Future<T> cleanupRemote(T value) {
        return ProbeFuture.remote(this, ProbeFuture.NO_LANE, value);
    }

    /**
     * Arms the stop of a program run as a task: the {@code k}-th future of lane 0 to go pending
     * (0: none), or the first parked future of lane 0, logs {@code "stop"} and stays pending for
     * ever, so that the test cancels the task while it is suspended there (see {@link Stops}).
     *
     * @param k which suspension; 0 for a parked future only
     */
    public void stopAt(int k) {
        stops.arm(k);
    }

    /** @return whether the program reached its stop ({@link #stopAt(int)}) */
    public boolean stopped() {
        return stops.stopped();
    }

    Stops stops() {
        return stops;
    }

    /**
     * Throws, where javac cannot see it: a {@code finally} or a {@code catch} that always throws,
     * with code after it still reachable.
     *
     * @param message the exception's message
     * @throws ArithmeticException always
     */
    public void raise(String message) {
        throw new ArithmeticException(message);
    }

    /**
     * What a caught exception is, the same in every mode: a cancellation's type alone (its
     * subclass and message say which mode threw it), else its {@code toString()}.
     *
     * @param caught the exception
     * @return its description
     */
    public String caught(Throwable caught) {
        return describe(caught);
    }

    /**
     * @param t an exception
     * @return {@code "CancellationException"} for any cancellation, else its {@code toString()}
     */
    public static String describe(Throwable t) {
        return t instanceof java.util.concurrent.CancellationException ? "CancellationException" : t.toString();
    }

    /**
     * Logs {@code open name} now and {@code close name} when closed.
     *
     * @param name names the resource in the log
     * @return a resource for try-with-resources
     */
    public Resource resource(String name) {
        return resource(name, false);
    }

    /**
     * Logs {@code open name} now and {@code close name} when closed; a close that throws throws
     * {@code IllegalStateException("close name")} after logging.
     *
     * @param name names the resource in the log
     * @param closeThrows whether its close throws
     * @return a resource for try-with-resources
     */
    public Resource resource(String name, boolean closeThrows) {
        log("open " + name);
        return new Resource(this, name, closeThrows);
    }

    /**
     * Waits, with a bound of ten seconds, until {@code event} is in the log: how a test that drives
     * a body from outside knows where the body is (then it cancels it, say).
     *
     * @param event the event to wait for
     * @throws AssertionError if it was not logged in time
     */
    public void awaitLogged(String event) {
        awaitCondition(() -> events().contains(event), "'" + event + "'");
    }

    /**
     * Waits, with a bound of ten seconds, until the futures of this probe were polled {@code n}
     * times in all: a body blocked in an await has polled the future it awaits.
     *
     * @param n the number of polls to wait for
     * @throws AssertionError if they did not happen in time
     */
    public void awaitPolls(int n) {
        awaitCondition(() -> polls() >= n, n + " polls");
    }

    /**
     * Waits, with a bound of thirty seconds, until the program stopped ({@link #stopAt(int)}) or
     * {@code ended} holds (its task is done, say).
     *
     * @param ended the other way the wait ends
     * @throws AssertionError if neither happened in time
     */
    public void awaitStopOr(java.util.function.BooleanSupplier ended) {
        awaitCondition(() -> stopped() || ended.getAsBoolean(), "stop nor end", 30);
    }

    private void awaitCondition(java.util.function.BooleanSupplier done, String what) {
        awaitCondition(done, what, 10);
    }

    private void awaitCondition(java.util.function.BooleanSupplier done, String what, int seconds) {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(seconds);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("no " + what + " within " + seconds + " s: " + events());
            java.util.concurrent.locks.LockSupport.parkNanos(100_000);
        }
    }

    /** @return the log so far, in order */
    public synchronized List<String> events() {
        return List.copyOf(events);
    }

    /** @return how many times the futures of this probe were polled */
    public int polls() {
        return polls.get();
    }

    /** @return how many futures of this probe were cancelled */
    public int cancels() {
        return cancels.get();
    }

    void polled() {
        polls.incrementAndGet();
    }

    void cancelled() {
        cancels.incrementAndGet();
    }

    /** A resource that logs its closing: {@link #resource(String)}. */
    public static final class Resource implements AutoCloseable {
        private final Probe probe;
        private final String name;
        private final boolean closeThrows;

        private Resource(Probe probe, String name, boolean closeThrows) {
            this.probe = probe;
            this.name = name;
            this.closeThrows = closeThrows;
        }

        /** @return the name given to {@link Probe#resource(String)} */
        public String name() {
            return name;
        }

        /** Logs {@code close name}, then throws if it was made to. */
        @Override
        public void close() {
            probe.log("close " + name);
            if (closeThrows) throw new IllegalStateException("close " + name);
        }
    }
}
