package dev.weft.weaver.diff.bodies;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.task.Task;
import dev.weft.weaver.testkit.Probe;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Async bodies as the children of combinators and tasks: a losing body is cancelled mid-await and
 * unwinds, a failing one cancels its siblings. Children log nothing but their unwinding, whose
 * order the combinator fixes. Each body {@code X} has a blocking twin {@code XBlocking} with the
 * same text.
 */
public final class Combinators {
    private Combinators() {}

    /** Future.race: the losing async body is cancelled while it awaits, and runs its finally and close. */
    public static Future<String> raceCancelsTheLosingAsyncBody(Probe p) {
        return Weft.async(() -> {
            Future<String> loser = Weft.async(() -> {
                try (Probe.Resource r = p.resource("loser")) {
                    p.log("loser started " + r.name());
                    return await(p.<String>never());
                } finally {
                    p.log("loser finally");
                }
            });
            String won = await(Future.race(loser, p.later("winner", 2)));
            p.log("won " + won);
            return won + " " + await(p.ready("after"));
        });
    }

    public static Callable<String> raceCancelsTheLosingAsyncBodyBlocking(Probe p) {
        return () -> {
            Future<String> loser = Weft.async(() -> {
                try (Probe.Resource r = p.resource("loser")) {
                    p.log("loser started " + r.name());
                    return await(p.<String>never());
                } finally {
                    p.log("loser finally");
                }
            });
            String won = await(Future.race(loser, p.later("winner", 2)));
            p.log("won " + won);
            return won + " " + await(p.ready("after"));
        };
    }

    /** Future.joinAll of async bodies that await: every output, in order. */
    public static Future<String> joinAllOfAsyncBodies(Probe p) {
        return Weft.async(() -> {
            List<Future<String>> parts = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                int n = i;
                parts.add(Weft.async(() -> "part" + n + await(p.later(n, n)) + await(p.remote("!"))));
            }
            return String.join(",", await(Future.joinAll(parts)));
        });
    }

    public static Callable<String> joinAllOfAsyncBodiesBlocking(Probe p) {
        return () -> {
            List<Future<String>> parts = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                int n = i;
                parts.add(Weft.async(() -> "part" + n + await(p.later(n, n)) + await(p.remote("!"))));
            }
            return String.join(",", await(Future.joinAll(parts)));
        };
    }

    /** A failing async body in a joinAll cancels its suspended sibling, which unwinds; the failure is caught. */
    public static Future<String> joinAllFailsFastAndCancelsTheOthers(Probe p) {
        return Weft.async(() -> {
            Future<String> slow = Weft.async(() -> {
                try {
                    return await(p.<String>never());
                } finally {
                    p.log("slow finally");
                }
            });
            Future<String> failing = Weft.async(() -> {
                String x = await(p.later("x", 1));
                throw new IllegalStateException("part failed after " + x);
            });
            try {
                return String.join(",", await(Future.joinAll(List.of(slow, failing))));
            } catch (IllegalStateException e) {
                p.log("caught " + e.getMessage());
                return "recovered " + await(p.remote("r"));
            }
        });
    }

    public static Callable<String> joinAllFailsFastAndCancelsTheOthersBlocking(Probe p) {
        return () -> {
            Future<String> slow = Weft.async(() -> {
                try {
                    return await(p.<String>never());
                } finally {
                    p.log("slow finally");
                }
            });
            Future<String> failing = Weft.async(() -> {
                String x = await(p.later("x", 1));
                throw new IllegalStateException("part failed after " + x);
            });
            try {
                return String.join(",", await(Future.joinAll(List.of(slow, failing))));
            } catch (IllegalStateException e) {
                p.log("caught " + e.getMessage());
                return "recovered " + await(p.remote("r"));
            }
        };
    }

    /** Async bodies spawned as tasks and awaited through their handles. */
    public static Future<String> spawnedAsyncBodiesAreAwaitedThroughTheirTasks(Probe p) {
        return Weft.async(() -> {
            Task<String> a = p.spawn(Weft.async(() -> "a" + await(p.later(1, 2))));
            Task<String> b = p.spawn(Weft.async(() -> "b" + await(p.remote(2))));
            return await(a) + await(b);
        });
    }

    public static Callable<String> spawnedAsyncBodiesAreAwaitedThroughTheirTasksBlocking(Probe p) {
        return () -> {
            Task<String> a = p.spawn(Weft.async(() -> "a" + await(p.later(1, 2))));
            Task<String> b = p.spawn(Weft.async(() -> "b" + await(p.remote(2))));
            return await(a) + await(b);
        };
    }
}
