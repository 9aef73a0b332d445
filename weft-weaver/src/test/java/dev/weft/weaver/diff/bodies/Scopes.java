package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import dev.weft.sync.Semaphore;
import dev.weft.task.Task;
import dev.weft.time.Time;
import dev.weft.weaver.testkit.Probe;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Task scopes in try-with-resources, the same source woven (where the weaver makes the scope's
 * close an await), stackful and blocking. Children run on the probe's runtime in every mode and
 * log nothing themselves (they run concurrently): the owner logs what it sees, in order. Each
 * body {@code X} has a blocking twin {@code XBlocking} with the same text.
 */
public final class Scopes {
    private Scopes() {}

    /** A child: waits for a remote future, counts its ends. */
    private static Future<Integer> child(Probe p, int v, AtomicInteger ended) {
        return Weft.async(() -> {
            try {
                return await(p.remote(v));
            } finally {
                ended.incrementAndGet();
            }
        });
    }

    /**
     * A child that says it started, then waits until cancelled; unwinding takes it a few polls of
     * cleanup (so a close that did not wait would see it still running), then it counts its end.
     */
    private static Future<Integer> stuck(Probe p, Semaphore started, AtomicInteger ended) {
        return Weft.async(() -> {
            try {
                started.release(1);
                return await(p.<Integer>never());
            } finally {
                await(Time.cleanup(p.remote(0), Duration.ofSeconds(10)));
                ended.incrementAndGet();
            }
        });
    }

    /** A child that fails after a while. */
    private static Future<Integer> failing(Probe p, String message) {
        return Weft.async(() -> {
            await(p.later(0, 2));
            throw new IOException(message);
        });
    }

    /** Every output in spawn order; the close after the join waits for nothing. */
    public static Future<String> allInOrderJoinedAndClosed(Probe p) {
        return Weft.async(() -> {
            AtomicInteger ended = new AtomicInteger();
            List<Integer> out;
            try (TaskScope<Integer, List<Integer>> scope = TaskScope.open(Joiner.allInOrder(), c -> c.withRuntime(p.runtime()))) {
                for (int i = 0; i < 5; i++) scope.spawn(child(p, i * 10, ended));
                out = await(scope.join());
                p.log("joined " + out);
            }
            p.log("closed, children ended: " + ended.get());
            return out.toString();
        });
    }

    public static Callable<String> allInOrderJoinedAndClosedBlocking(Probe p) {
        return () -> {
            AtomicInteger ended = new AtomicInteger();
            List<Integer> out;
            try (TaskScope<Integer, List<Integer>> scope = TaskScope.open(Joiner.allInOrder(), c -> c.withRuntime(p.runtime()))) {
                for (int i = 0; i < 5; i++) scope.spawn(child(p, i * 10, ended));
                out = await(scope.join());
                p.log("joined " + out);
            }
            p.log("closed, children ended: " + ended.get());
            return out.toString();
        };
    }

    /** The first failure cancels the others; join throws it; the close waited for every child. */
    public static Future<String> failFastCancelsTheOthers(Probe p) {
        return Weft.async(() -> {
            AtomicInteger ended = new AtomicInteger();
            Semaphore started = new Semaphore(0);
            try (TaskScope<Object, Void> scope = TaskScope.open(Joiner.failFast(), c -> c.withRuntime(p.runtime()))) {
                for (int i = 0; i < 3; i++) scope.spawn(stuck(p, started, ended));
                await(started.acquire(3));
                scope.spawn(failing(p, "child failed"));
                await(scope.join());
                p.log("joined");
            } catch (IOException e) {
                p.log("caught " + e.getMessage() + ", children ended: " + ended.get());
            }
            return "ended " + ended.get();
        });
    }

    public static Callable<String> failFastCancelsTheOthersBlocking(Probe p) {
        return () -> {
            AtomicInteger ended = new AtomicInteger();
            Semaphore started = new Semaphore(0);
            try (TaskScope<Object, Void> scope = TaskScope.open(Joiner.failFast(), c -> c.withRuntime(p.runtime()))) {
                for (int i = 0; i < 3; i++) scope.spawn(stuck(p, started, ended));
                await(started.acquire(3));
                scope.spawn(failing(p, "child failed"));
                await(scope.join());
                p.log("joined");
            } catch (IOException e) {
                p.log("caught " + e.getMessage() + ", children ended: " + ended.get());
            }
            return "ended " + ended.get();
        };
    }

    /** Leaving the block by an exception cancels the children and waits until each ended. */
    public static Future<String> anExceptionInTheBlockCancelsAndWaits(Probe p) {
        return Weft.async(() -> {
            AtomicInteger ended = new AtomicInteger();
            Semaphore started = new Semaphore(0);
            try (TaskScope<Object, Void> scope = TaskScope.open(Joiner.failFast(), c -> c.withRuntime(p.runtime()))) {
                for (int i = 0; i < 4; i++) scope.spawn(stuck(p, started, ended));
                await(started.acquire(4));
                p.log("spawned " + scope.liveChildren());
                await(p.later("x", 1));
                throw new IllegalStateException("owner gives up");
            } catch (IllegalStateException e) {
                p.log("caught " + e.getMessage() + ", children ended: " + ended.get());
            }
            return "ended " + ended.get();
        });
    }

    public static Callable<String> anExceptionInTheBlockCancelsAndWaitsBlocking(Probe p) {
        return () -> {
            AtomicInteger ended = new AtomicInteger();
            Semaphore started = new Semaphore(0);
            try (TaskScope<Object, Void> scope = TaskScope.open(Joiner.failFast(), c -> c.withRuntime(p.runtime()))) {
                for (int i = 0; i < 4; i++) scope.spawn(stuck(p, started, ended));
                await(started.acquire(4));
                p.log("spawned " + scope.liveChildren());
                await(p.later("x", 1));
                throw new IllegalStateException("owner gives up");
            } catch (IllegalStateException e) {
                p.log("caught " + e.getMessage() + ", children ended: " + ended.get());
            }
            return "ended " + ended.get();
        };
    }

    /** A deadline cancels the children and join throws TimeoutException; a nested scope sees it. */
    public static Future<String> aDeadlineEndsInTimeoutException(Probe p) {
        return Weft.async(() -> {
            AtomicInteger ended = new AtomicInteger();
            Semaphore started = new Semaphore(0);
            try (TaskScope<Object, Void> scope = TaskScope.open(Joiner.failFast(),
                    c -> c.withRuntime(p.runtime()).withTimeout(Duration.ofMillis(30)))) {
                scope.spawn(stuck(p, started, ended));
                await(started.acquire(1));
                try (TaskScope<Object, Void> inner = TaskScope.open(Joiner.failFast(),
                        c -> c.withRuntime(p.runtime()).withTimeout(Duration.ofSeconds(60)))) {
                    p.log("inner sees at most 30 ms: " + (inner.timeLeft().orElseThrow().toMillis() <= 30));
                }
                await(scope.join());
                p.log("joined");
            } catch (TimeoutException e) {
                p.log("timed out, children ended: " + ended.get());
            }
            return "ended " + ended.get();
        });
    }

    public static Callable<String> aDeadlineEndsInTimeoutExceptionBlocking(Probe p) {
        return () -> {
            AtomicInteger ended = new AtomicInteger();
            Semaphore started = new Semaphore(0);
            try (TaskScope<Object, Void> scope = TaskScope.open(Joiner.failFast(),
                    c -> c.withRuntime(p.runtime()).withTimeout(Duration.ofMillis(30)))) {
                scope.spawn(stuck(p, started, ended));
                await(started.acquire(1));
                try (TaskScope<Object, Void> inner = TaskScope.open(Joiner.failFast(),
                        c -> c.withRuntime(p.runtime()).withTimeout(Duration.ofSeconds(60)))) {
                    p.log("inner sees at most 30 ms: " + (inner.timeLeft().orElseThrow().toMillis() <= 30));
                }
                await(scope.join());
                p.log("joined");
            } catch (TimeoutException e) {
                p.log("timed out, children ended: " + ended.get());
            }
            return "ended " + ended.get();
        };
    }

    /** A supervisor lets the others run; join gives the failures. */
    public static Future<String> supervisorCollectsFailures(Probe p) {
        return Weft.async(() -> {
            AtomicInteger ended = new AtomicInteger();
            try (TaskScope<Integer, List<Throwable>> scope = TaskScope.open(Joiner.supervisor(), c -> c.withRuntime(p.runtime()))) {
                scope.spawn(failing(p, "one"));
                Task<Integer> ok = scope.spawn(child(p, 7, ended));
                List<Throwable> failures = await(scope.join());
                p.log("failures " + failures.size() + ": " + failures.getFirst().getMessage() + ", ok " + await(ok));
            }
            return "ended " + ended.get();
        });
    }

    public static Callable<String> supervisorCollectsFailuresBlocking(Probe p) {
        return () -> {
            AtomicInteger ended = new AtomicInteger();
            try (TaskScope<Integer, List<Throwable>> scope = TaskScope.open(Joiner.supervisor(), c -> c.withRuntime(p.runtime()))) {
                scope.spawn(failing(p, "one"));
                Task<Integer> ok = scope.spawn(child(p, 7, ended));
                List<Throwable> failures = await(scope.join());
                p.log("failures " + failures.size() + ": " + failures.getFirst().getMessage() + ", ok " + await(ok));
            }
            return "ended " + ended.get();
        };
    }

    /** A close reached while the body is being cancelled still waits for the children (shielded). */
    public static Future<String> closeWaitsWhileTheOwnerUnwinds(Probe p) {
        return Weft.async(() -> {
            AtomicInteger ended = new AtomicInteger();
            Semaphore started = new Semaphore(0);
            Task<String> owner = p.spawn(Weft.async(() -> {
                try (TaskScope<Object, Void> scope = TaskScope.open(Joiner.failFast(), c -> c.withRuntime(p.runtime()))) {
                    for (int i = 0; i < 3; i++) scope.spawn(stuck(p, started, ended));
                    return await(p.<String>never());
                }
            }));
            await(started.acquire(3));
            await(owner.cancelAndJoin());
            p.log("owner cancelled and joined, children ended: " + ended.get());
            return "ended " + ended.get();
        });
    }

    public static Callable<String> closeWaitsWhileTheOwnerUnwindsBlocking(Probe p) {
        return () -> {
            AtomicInteger ended = new AtomicInteger();
            Semaphore started = new Semaphore(0);
            Task<String> owner = p.spawn(Weft.async(() -> {
                try (TaskScope<Object, Void> scope = TaskScope.open(Joiner.failFast(), c -> c.withRuntime(p.runtime()))) {
                    for (int i = 0; i < 3; i++) scope.spawn(stuck(p, started, ended));
                    return await(p.<String>never());
                }
            }));
            await(started.acquire(3));
            await(owner.cancelAndJoin());
            p.log("owner cancelled and joined, children ended: " + ended.get());
            return "ended " + ended.get();
        };
    }
}
