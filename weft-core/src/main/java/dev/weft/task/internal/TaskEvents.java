package dev.weft.task.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Commits the task JFR events, off the hot path (the callers test the event's {@code PROBE}
 * first). While {@code dev.weft.TaskEnded} is enabled, the spawn time of each task spawned while
 * {@code dev.weft.TaskSpawned} was enabled too is kept here until the task ends, for the lifetime.
 */
final class TaskEvents {
    private static final Map<RawTask<?>, Long> SPAWNED_AT = new ConcurrentHashMap<>();

    private TaskEvents() {}

    static void spawned(RawTask<?> t, Object future) {
        TaskSpawnedEvent e = new TaskSpawnedEvent();
        if (!e.shouldCommit()) return;
        e.taskId = t.id();
        e.futureClass = future.getClass().getName();
        e.commit();
        if (TaskEndedEvent.PROBE.isEnabled()) SPAWNED_AT.put(t, System.nanoTime());
    }

    static void ended(RawTask<?> t, Throwable failure, boolean cancelled) {
        Long at = SPAWNED_AT.remove(t);
        TaskEndedEvent e = new TaskEndedEvent();
        if (!e.shouldCommit()) return;
        e.taskId = t.id();
        e.outcome = failure != null ? "failed" : cancelled ? "cancelled" : "completed";
        e.failure = failure == null ? null : failure.toString();
        e.lifetime = at == null ? -1 : System.nanoTime() - at;
        e.commit();
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
