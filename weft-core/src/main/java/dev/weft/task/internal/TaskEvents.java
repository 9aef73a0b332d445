package dev.weft.task.internal;

import dev.weft.internal.VirtualThreadCommits;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Commits the task JFR events, off the hot path (the callers test the event's {@code PROBE}
 * first, so a disabled event costs the spawn and the completion nothing here). While
 * {@code dev.weft.TaskEnded} is enabled, what the end event needs of each task spawned while
 * {@code dev.weft.TaskSpawned} was enabled too is kept here until the task ends: the spawn time,
 * for the lifetime, and the task's scope and context.
 *
 * <p>Why those are kept from the spawn: the end event of a task cancelled before it completed is
 * committed after the task dropped its future ({@code RawTask} empties its slot before it
 * completes as cancelled), and the future is where the scope and the bindings are read. A task
 * whose spawn was not recorded gets them from its future at the end when it still has it
 * (completed or failed), else {@code null} (the scope and context are unknown).
 */
final class TaskEvents {
    private static final Map<RawTask<?>, Spawn> SPAWNED = new ConcurrentHashMap<>();

    /** What the end event of a recorded spawn needs. */
    private record Spawn(long atNanos, String scope, String context) {}

    private TaskEvents() {}

    static void spawned(RawTask<?> t, Object future) {
        TaskSpawnedEvent e = new TaskSpawnedEvent();
        if (!e.shouldCommit()) return;
        Object running = t.futureForDump(); // the future with the bindings it inherited (the spawner's: not yet shared)
        e.taskId = t.id();
        e.futureClass = future.getClass().getName();
        e.scope = scopeName(running);
        e.context = Bindings.contextOf(running);
        e.commit();
        VirtualThreadCommits.committed();
        if (TaskEndedEvent.PROBE.isEnabled()) SPAWNED.put(t, new Spawn(System.nanoTime(), e.scope, e.context));
    }

    static void ended(RawTask<?> t, Throwable failure, boolean cancelled) {
        Spawn at = SPAWNED.remove(t);
        TaskEndedEvent e = new TaskEndedEvent();
        if (!e.shouldCommit()) return;
        e.taskId = t.id();
        e.outcome = failure != null ? "failed" : cancelled ? "cancelled" : "completed";
        e.failure = failure == null ? null : failure.toString();
        e.lifetime = at == null ? -1 : System.nanoTime() - at.atNanos();
        if (at != null) {
            e.scope = at.scope();
            e.context = at.context();
        } else {
            Object f = t.futureForDump(); // the completing thread's own future, or null once dropped
            e.scope = scopeName(f);
            e.context = f == null ? null : Bindings.contextOf(f);
        }
        e.commit();
        VirtualThreadCommits.committed();
    }

    /** @return the name of the scope whose child runs {@code future}, or {@code null} */
    private static String scopeName(Object future) {
        ScopeView s = ScopeView.of(future);
        return s == null ? null : s.name();
    }

    static void endPoll(LongPollEvent e, RawTask<?> t) {
        e.end();
        if (!e.shouldCommit()) return;
        e.taskId = t.id();
        Object f = t.futureForDump();
        e.futureClass = f == null ? null : f.getClass().getName();
        e.commit();
    }
}
