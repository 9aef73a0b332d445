package dev.weft.task.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** JFR: a task was spawned; its stack trace is the spawn site. */
@Name("dev.weft.TaskSpawned")
@Label("Task Spawned")
@Category("Weft")
@Description("A task was spawned; the stack trace is the spawn site")
@Enabled(false) // one per task: a recording turns it on only when asked (as the JDK's jdk.VirtualThreadStart)
@StackTrace(true)
final class TaskSpawnedEvent extends Event {
    /** The guard the hot path reads (a disabled event costs one field read there). */
    static final TaskSpawnedEvent PROBE = new TaskSpawnedEvent();

    @Label("Task Id")
    String taskId;

    @Label("Future Class")
    String futureClass;

    @Label("Scope")
    @Description("The name of the task scope the task is a child of, or null")
    String scope;

    @Label("Context")
    @Description("Its task-local bindings but the scope, key=value, oldest first; empty if none")
    String context;
}
