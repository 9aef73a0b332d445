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
        return ProbeFuture.selfWaking(this, 0, value, null);
    }

    /**
     * @param label logged as {@code "label ready"} when it completes
     * @param pendingPolls how many polls answer pending first, each after waking the poller
     * @return a future ready with {@code null} on poll {@code pendingPolls + 1}, logging then: a
     *     {@code Future<Void>}, the type of {@code Future.yieldNow()}, whose completion shows
     */
    public Future<Void> loggedLater(String label, int pendingPolls) {
        Future<Void> inner = later(null, pendingPolls);
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
        return ProbeFuture.selfWaking(this, pendingPolls, value, null);
    }

    /**
     * @param value the output
     * @param <T> its type
     * @return a future pending on its first poll, then completed and woken by another thread
     */
    public <T> Future<T> remote(T value) {
        return ProbeFuture.remote(this, value);
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
    public dev.weft.exec.Runtime runtime() {
        return Spawner.RUNTIME;
    }

    /** Holds the test kit's spawning runtime, made on first use. */
    private static final class Spawner {
        static final dev.weft.exec.Runtime RUNTIME =
                dev.weft.exec.Runtime.builder().workers(2).threadNamePrefix("probe-spawner-").build();
    }

    /**
     * @param message the exception's message
     * @param <T> the output type it pretends to have
     * @return a future pending once, then throwing an {@link IOException}: a {@code Fallible}, so
     *     awaiting code catches it by its type
     */
    public <T> dev.weft.future.Fallible<T, IOException> failChecked(String message) {
        Future<T> f = ProbeFuture.selfWaking(this, 1, null, new IOException(message));
        return new dev.weft.future.Fallible<>() {
            @Override
            public dev.weft.future.Poll<T> poll(dev.weft.future.Context cx) throws IOException {
                try {
                    return f.poll(cx);
                } catch (IOException | RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new AssertionError("a probe failed with an unexpected exception", e);
                }
            }

            @Override
            public void cancel() {
                f.cancel();
            }

            @Override
            public String toString() {
                return f.toString();
            }
        };
    }

    /**
     * @param message the exception's message
     * @param <T> the output type it pretends to have
     * @return a future pending once, then throwing an {@link IllegalStateException}
     */
    public <T> Future<T> failUnchecked(String message) {
        return ProbeFuture.selfWaking(this, 1, null, new IllegalStateException(message));
    }

    /**
     * @param <T> the output type it pretends to have
     * @return a future that is never ready and never wakes anyone: only cancellation ends it
     */
    public <T> Future<T> never() {
        return ProbeFuture.never(this);
    }

    /**
     * Logs {@code open name} now and {@code close name} when closed.
     *
     * @param name names the resource in the log
     * @return a resource for try-with-resources
     */
    public Resource resource(String name) {
        log("open " + name);
        return new Resource(this, name);
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

    private void awaitCondition(java.util.function.BooleanSupplier done, String what) {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("no " + what + " within 10 s: " + events());
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
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

        private Resource(Probe probe, String name) {
            this.probe = probe;
            this.name = name;
        }

        /** @return the name given to {@link Probe#resource(String)} */
        public String name() {
            return name;
        }

        /** Logs {@code close name}. */
        @Override
        public void close() {
            probe.log("close " + name);
        }
    }
}
