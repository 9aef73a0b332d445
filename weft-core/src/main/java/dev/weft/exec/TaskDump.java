package dev.weft.exec;

import dev.weft.future.Future;
import dev.weft.future.internal.Awaiting;
import dev.weft.task.TaskState;
import dev.weft.task.TaskStatistics;
import dev.weft.task.internal.Bindings;
import dev.weft.task.internal.ScopeView;
import dev.weft.task.internal.WithBindings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One live task of a {@link WeftRuntime#dumpTasks() task dump}: its id, its state, and what it waits on,
 * outermost first: for a woven body, each {@code Weft.async} frame's await with its source line
 * ({@code at Foo.lambda$bar$0(Foo.java:42)}), down to the leaf future; for a stackful coroutine,
 * its stack; for a hand-written future, its class and {@code toString()}. Then where it runs: the
 * task scopes it is under ({@link #scopes()}, innermost first: the scope it is a child of, that
 * scope's parent, ...) and its task-local bindings ({@link #context()}). {@link #tree} renders a
 * whole dump with the tasks under their scopes and the scopes under their parents.
 *
 * {@snippet :
 * for (TaskDump t : rt.dumpTasks()) System.out.println(t);
 * System.out.print(TaskDump.tree(rt.dumpTasks()));
 * }
 *
 * <p>With per-task statistics on ({@link WeftRuntime.Builder#taskStats(boolean)}), each entry also has
 * the task's {@link TaskStatistics}: its spawn site, polls, wakes, busy, scheduled and idle time, and
 * how long it has been in its state; tasks spawned and not yet polled are listed then too.
 *
 * <p>Why the scopes and the context are components, computed when the dump is taken, rather than
 * methods that read the task's future later: a dump is a snapshot, and a scope's state, children
 * and time left move on (an entry read a minute later must still say what the dump saw, and the
 * entries under one scope must agree: each scope is read once per dump); and a record holds no
 * hidden field, so such a method would need the future as a component, which would keep the
 * task's whole object graph alive as long as the dump and read it, racily, whenever called. The
 * constructors without them are kept: they make an entry under no scope, with no bindings.
 *
 * @param id the task's id (its identity hash, in hex)
 * @param state where the task is: idle (waiting for a waker), scheduled, running or cancelling
 * @param waitsOn what it waits on, one entry per level, outermost first; empty if running
 * @param stats its statistics, or {@code null} if statistics are off
 * @param scopes the task scopes it is under, innermost first; empty if it is no scope's child
 * @param context its task-local bindings but the scope, {@code key=value, ...} oldest first; empty if none
 */
public record TaskDump(String id, TaskState state, List<String> waitsOn, TaskStatistics stats, List<ScopeDump> scopes,
        String context) {
    /** A dump entry; the lists are copied. */
    public TaskDump {
        waitsOn = List.copyOf(waitsOn);
        scopes = List.copyOf(scopes);
        context = Objects.requireNonNull(context, "context");
    }

    /**
     * A dump entry under no scope, without bindings.
     *
     * @param id the task's id
     * @param state its state
     * @param waitsOn what it waits on
     * @param stats its statistics, or {@code null}
     */
    public TaskDump(String id, TaskState state, List<String> waitsOn, TaskStatistics stats) {
        this(id, state, waitsOn, stats, List.of(), "");
    }

    /**
     * A dump entry without statistics, under no scope, without bindings.
     *
     * @param id the task's id
     * @param state its state
     * @param waitsOn what it waits on
     */
    public TaskDump(String id, TaskState state, List<String> waitsOn) {
        this(id, state, waitsOn, null);
    }

    /**
     * Renders a whole dump as a tree: first the tasks under no scope, then each outermost scope
     * with its policy, state, children alive and time left, the tasks that are its children
     * under it and its nested scopes under them, two spaces deeper per level. A task's scope
     * path is then its place in the tree, and its own lines leave it out.
     *
     * {@snippet :
     * System.out.print(TaskDump.tree(rt.dumpTasks()));
     * // task 757a062f idle
     * //   context requestId=r-17
     * //   stackful coroutine VirtualThread[#34]/runnable ...
     * // scope request (FailFast, open, 1 alive, 1798 ms left)
     * //   task 57e3999d idle
     * //     context requestId=r-17
     * //     stackful coroutine VirtualThread[#35]/runnable ...
     * //   scope fan-out (Supervisor, open, 2 alive, 1797 ms left)
     * //     task 16fdec90 idle
     * //       context requestId=r-17
     * //       leaf dev.weft.sync.Recv: Recv
     * }
     *
     * @param dump the entries of a dump, in the order to list them
     * @return the tree, each line ending with a line feed; empty for an empty dump
     */
    public static String tree(List<TaskDump> dump) {
        return DumpTree.render(dump);
    }

    /**
     * The entry of one task, its scopes and context read from its future now.
     *
     * @param id the task's id
     * @param state its state
     * @param waitsOn what it waits on
     * @param stats its statistics, or {@code null}
     * @param future its future (read racily), or {@code null}
     * @param seen the scopes this dump has read already ({@link ScopeDump#pathOf})
     * @param ids the scope ids this dump has given already
     * @return the entry
     */
    static TaskDump of(String id, TaskState state, List<String> waitsOn, TaskStatistics stats, Object future,
            Map<ScopeView, ScopeDump> seen, Set<String> ids) {
        return new TaskDump(id, state, waitsOn, stats, ScopeDump.pathOf(future, seen, ids), Bindings.contextOf(future));
    }

    /** @return nanoseconds since the task's last state change, or -1 if statistics are off */
    public long inStateNanos() {
        return stats == null ? -1 : stats.inStateNanos();
    }

    /** At most this many levels of a future chain are followed (a cycle would end here). */
    static final int MAX_DEPTH = 64;

    /**
     * @param root a task's future (read racily: the task is not polled by this thread)
     * @return its chain of waits, outermost first; the bindings a future runs with are no level
     *     of it (the entry shows them as its scopes and context), the future inside them is
     */
    static List<String> describe(Future<?> root) {
        List<String> out = new ArrayList<>();
        Object f = root;
        for (int depth = 0; f != null && depth < MAX_DEPTH; depth++) {
            try {
                if (f instanceof WithBindings<?> w) {
                    f = w.inner(); // a final field: safe to read from any thread
                } else if (f instanceof Awaiting a) {
                    String site = a.waitSite();
                    out.add(site != null ? site : f.getClass().getName() + " (not suspended)");
                    f = a.awaitedFuture();
                } else {
                    out.add("leaf " + f.getClass().getName() + ": " + f);
                    f = null;
                }
            } catch (RuntimeException | StackOverflowError e) { // a toString racing its owner's poll
                out.add(f.getClass().getName() + " (unreadable now: " + e + ")");
                f = null;
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return render(true);
    }

    /**
     * @param withScopes whether to name its scopes (the tree leaves them out: they are the lines above)
     * @return the entry as text, without a final line feed
     */
    String render(boolean withScopes) {
        StringBuilder sb = new StringBuilder("task ").append(id).append(" ").append(state);
        if (stats != null) {
            sb.append(" for ").append(stats.inStateNanos() / 1_000_000).append(" ms, spawned at ").append(stats.spawnSite())
                    .append("\n  polls=").append(stats.polls()).append(" wakes=").append(stats.wakes())
                    .append(" selfWakes=").append(stats.selfWakes()).append(" busyUs=").append(stats.busyNanos() / 1_000)
                    .append(" scheduledUs=").append(stats.scheduledNanos() / 1_000).append(" idleUs=").append(stats.idleNanos() / 1_000)
                    .append(" longestPollUs=").append(stats.longestPollNanos() / 1_000);
        }
        if (withScopes && !scopes.isEmpty()) {
            sb.append("\n  in scope ").append(String.join(" under ", scopes.stream().map(ScopeDump::toString).toList()));
        }
        if (!context.isEmpty()) sb.append("\n  context ").append(context);
        for (String w : waitsOn) sb.append("\n  ").append(w.replace("\n", "\n  "));
        return sb.toString();
    }
}
