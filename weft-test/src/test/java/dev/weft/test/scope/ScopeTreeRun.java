package dev.weft.test.scope;

import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a {@link ScopeTree} on the simulation, as futures of its own (combinator-free state
 * machines: every event a node has is logged at a known step), and keeps the trace the checks
 * read: {@code start N}, {@code fail N}, {@code cancel N} (a node cancels its own scope),
 * {@code closed N} (its scope's close completed), {@code end N} (the node's last step, also after
 * a cancel), and the failures each supervisor's join gave. All on the simulation's one thread.
 *
 * <p>{@code brokenClose}: the deliberately broken scope of the property test's self-check, whose
 * close cancels the children and returns at once, without waiting for them to finish unwinding.
 */
final class ScopeTreeRun {
    /** A leaf's failure: its message names the node. */
    static final class NodeFailure extends RuntimeException {
        final int id;

        NodeFailure(int id) {
            super("node " + id + " failed");
            this.id = id;
        }
    }

    final List<String> trace = new ArrayList<>();
    final List<Throwable> consumed = new ArrayList<>();
    private final boolean brokenClose;

    ScopeTreeRun(boolean brokenClose) {
        this.brokenClose = brokenClose;
    }

    Future<Integer> run(ScopeTree n) {
        return n.leaf() ? new Leaf(n) : new Inner(n);
    }

    private void log(String event) {
        trace.add(event);
    }

    /** A leaf: works, then succeeds or fails; cancelled, it takes its cleanup time to end. */
    private final class Leaf implements Future<Integer> {
        private final ScopeTree n;
        private Future<Void> work;
        private Future<Void> cleanup;
        private boolean ended;

        Leaf(ScopeTree n) {
            this.n = n;
        }

        @Override
        public Poll<Integer> poll(Context cx) throws Exception {
            if (work == null) {
                log("start " + n.id());
                work = Time.sleep(Duration.ofMillis(n.workMillis()));
            }
            if (work.poll(cx).isPending()) return Poll.pending();
            ended = true;
            if (n.fails()) {
                log("fail " + n.id());
                log("end " + n.id());
                throw new NodeFailure(n.id());
            }
            log("end " + n.id());
            return Poll.ready(n.id());
        }

        @Override
        public void cancel() {
            if (work == null) return; // never started: never runs
            work.cancel();
            cleanup = Time.sleep(Duration.ofMillis(n.cleanupMillis()));
        }

        @Override
        public Poll<Void> pollCancel(Context cx) {
            if (cleanup != null) {
                try {
                    if (cleanup.poll(cx).isPending()) return Poll.pending();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
                cleanup = null;
            }
            if (work != null && !ended) {
                ended = true;
                log("end " + n.id());
            }
            return Poll.ready(null);
        }
    }

    /** An inner node: opens a scope, spawns its children, joins, closes. */
    private final class Inner implements Future<Integer> {
        private final ScopeTree n;
        private TaskScope<Object, ?> scope;
        private Fallible<?, Exception> join;
        private Task<Void> canceller;
        private Throwable failure;
        private boolean joined;
        private boolean ended;

        Inner(ScopeTree n) {
            this.n = n;
        }

        @Override
        public Poll<Integer> poll(Context cx) throws Exception {
            if (scope == null) start();
            if (!joined) {
                try {
                    Poll<?> p = join.poll(cx);
                    if (p.isPending()) return Poll.pending();
                    if (p instanceof Poll.Ready<?>(List<?> failures)) {
                        for (Object t : failures) consumed.add((Throwable) t);
                    }
                } catch (Exception e) {
                    failure = e;
                }
                joined = true;
            }
            if (closeStep(cx).isPending()) return Poll.pending();
            end();
            if (failure instanceof Exception e) throw e;
            return Poll.ready(n.id());
        }

        private void start() {
            log("start " + n.id());
            Joiner<Object, ?> joiner = n.supervisor() ? Joiner.supervisor() : Joiner.failFast();
            scope = TaskScope.open(joiner, c -> {
                TaskScope.Config cfg = c.withName("node-" + n.id());
                return n.timeoutMillis() >= 0 ? cfg.withTimeout(Duration.ofMillis(n.timeoutMillis())) : cfg;
            });
            for (ScopeTree child : n.children()) scope.spawn(run(child));
            if (n.cancelAfterMillis() >= 0) {
                TaskScope<Object, ?> s = scope;
                canceller = Task.spawn(Time.sleep(Duration.ofMillis(n.cancelAfterMillis())).map(x -> {
                    log("cancel " + n.id());
                    s.cancel();
                    return null;
                }));
            }
            join = scope.join();
        }

        private Poll<Void> closeStep(Context cx) {
            if (brokenClose) {
                scope.cancel();
                return Poll.ready(null);
            }
            try {
                return scope.closing().poll(cx);
            } catch (Exception e) {
                throw new AssertionError("a scope's close threw", e);
            }
        }

        private void end() {
            if (ended) return;
            ended = true;
            log("closed " + n.id());
            if (canceller != null) canceller.cancel();
            log("end " + n.id());
        }

        @Override
        public void cancel() {
            joined = true; // the join is abandoned; pollCancel closes the scope
        }

        @Override
        public Poll<Void> pollCancel(Context cx) {
            if (scope == null) return Poll.ready(null); // never started
            if (closeStep(cx).isPending()) return Poll.pending();
            end();
            return Poll.ready(null);
        }
    }
}
