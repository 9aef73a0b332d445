package dev.weft.testkit;

import dev.weft.task.TaskState;
import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.exec.TaskDump;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.scope.Joiner;
import dev.weft.scope.TaskScope;
import dev.weft.task.Task;
import dev.weft.task.TaskLocal;
import dev.weft.task.internal.RawTask;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A runtime's tasks held in a tree of scopes, for the tests of dumps, the MBean and JFR. One
 * stackful root task, with {@code requestId=r-17} bound, opens {@code request} (fail-fast, a
 * five-minute deadline) and spawns two children into it: {@code a} opens {@code fan-out} (a
 * supervisor, nested under {@code request}, so sharing its deadline) with two held children
 * {@code b} and {@code c}; {@code d} opens {@code cleanup}, spawns the held child {@code e},
 * cancels the scope and closes it, so {@code cleanup} is cancelled and {@code e} is cancelling
 * (its cancellation is held too). {@link #close()} lets everything end and waits for the root.
 */
public final class ScopedTasks implements AutoCloseable {
    /** The key bound to {@code r-17} around the root. */
    public static final TaskLocal<String> REQUEST_ID = TaskLocal.named("requestId");

    private final WeftRuntime rt;
    private final CountDownLatch started = new CountDownLatch(3);
    private final List<Held> held = new CopyOnWriteArrayList<>();
    /** The held children's tasks, in the order b, c, e (as they were spawned; see ids). */
    private final List<Task<?>> leaves = new CopyOnWriteArrayList<>();
    private final Task<Void> root;

    /**
     * Spawns the tree on {@code rt} and waits (at most 10 s) until the held children were polled.
     *
     * @param rt the runtime
     * @throws InterruptedException if interrupted meanwhile
     */
    public ScopedTasks(WeftRuntime rt) throws InterruptedException {
        this.rt = rt;
        root = rt.spawn(TaskLocal.where(REQUEST_ID, "r-17").run(Weft.async(() -> {
            try (TaskScope<Object, Void> request = TaskScope.open(Joiner.failFast(),
                    c -> c.withName("request").withTimeout(Duration.ofMinutes(5)))) {
                request.spawn(Weft.async(() -> {
                    try (TaskScope<Object, List<Throwable>> fanOut = TaskScope.open(Joiner.supervisor(), c -> c.withName("fan-out"))) {
                        leaves.add(fanOut.spawn(hold("b")));
                        leaves.add(fanOut.spawn(hold("c")));
                        return await(fanOut.join());
                    }
                }));
                request.spawn(Weft.async(() -> {
                    while (leaves.size() < 2) await(Future.yieldNow()); // b and c first: ids() keeps the order
                    try (TaskScope<Object, Void> cleanup = TaskScope.open(Joiner.failFast(), c -> c.withName("cleanup"))) {
                        leaves.add(cleanup.spawn(hold("e")));
                        while (started.getCount() > 0) await(Future.yieldNow());
                        cleanup.cancel();
                    }
                    return null;
                }));
                await(request.join());
            }
            return null;
        })));
        if (!started.await(10, TimeUnit.SECONDS)) throw new AssertionError("the held children did not start");
    }

    private Held hold(String name) {
        Held h = new Held(name, started);
        held.add(h);
        return h;
    }

    /** @return the root task's id */
    public String rootId() {
        return ((RawTask<?>) root).id();
    }

    /** @return the ids of b, c and e */
    public List<String> ids() {
        return leaves.stream().map(t -> ((RawTask<?>) t).id()).toList();
    }

    /**
     * @return a dump in which b and c are idle, e is cancelling, {@code cleanup} is cancelled, and
     *     a, d and the root are idle (at most 10 s; a dump taken while a worker polls one of them
     *     says running)
     */
    public List<TaskDump> settledDump() throws InterruptedException {
        List<String> ids = ids();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            List<TaskDump> dump = rt.dumpTasks();
            boolean settled = dump.stream().filter(d -> d.id().equals(ids.get(0)) || d.id().equals(ids.get(1)))
                    .filter(d -> d.state() == TaskState.IDLE).count() == 2
                    && dump.stream().anyMatch(d -> d.id().equals(ids.get(2)) && d.state() == TaskState.CANCELLING
                            && d.scopes().getFirst().state().equals("cancelled"))
                    // a and d, right under request, and the root: waiting too, not being polled
                    && dump.stream().filter(d -> d.scopes().isEmpty() || d.scopes().getFirst().name().equals("request"))
                            .allMatch(d -> d.state() == TaskState.IDLE);
            if (settled) return dump;
            if (System.nanoTime() > deadline) throw new AssertionError("the dump did not settle: " + dump);
            Thread.sleep(1);
        }
    }

    @Override
    public void close() {
        held.forEach(Held::release);
        rt.blockOn(root);
    }

    /**
     * A hand-written child: pending until released, in its polls and in its cancellation alike;
     * counts {@code started} down at its first poll.
     */
    private static final class Held implements Future<Void> {
        private final String name;
        private final CountDownLatch started;
        private boolean polled; // the owner's
        private volatile boolean released;
        private volatile Waker waker;

        Held(String name, CountDownLatch started) {
            this.name = name;
            this.started = started;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            waker = cx.waker(); // before the read of released: a release in between wakes this waker
            if (!polled) {
                polled = true;
                started.countDown();
            }
            return released ? Poll.ready(null) : Poll.pending();
        }

        @Override
        public Poll<Void> pollCancel(Context cx) {
            waker = cx.waker();
            return released ? Poll.ready(null) : Poll.pending();
        }

        void release() {
            released = true;
            Waker w = waker;
            if (w != null) w.wake();
        }

        @Override
        public String toString() {
            return "held " + name;
        }
    }
}
