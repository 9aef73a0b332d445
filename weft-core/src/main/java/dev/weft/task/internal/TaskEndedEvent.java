package dev.weft.task.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** JFR: a task completed, failed or was cancelled. */
@Name("dev.weft.TaskEnded")
@Label("Task Ended")
@Category("Weft")
@Description("A task completed, failed or was cancelled")
@Enabled(false) // one per task: a recording turns it on only when asked (as the JDK's jdk.VirtualThreadStart)
@StackTrace(false)
final class TaskEndedEvent extends Event {
    /** The guard the hot path reads. */
    static final TaskEndedEvent PROBE = new TaskEndedEvent();

    @Label("Task Id")
    String taskId;

    @Label("Outcome")
    @Description("completed, failed or cancelled")
    String outcome;

    @Label("Failure")
    String failure;

    @Label("Lifetime")
    @Description("From spawn to end, if the spawn was recorded; else -1")
    @Timespan(Timespan.NANOSECONDS)
    long lifetime;

    @Label("Scope")
    @Description("The name of the task scope the task was a child of, or null (none, or unknown: see TaskEvents)")
    String scope;

    @Label("Context")
    @Description("Its task-local bindings but the scope, key=value, oldest first; empty if none, null if unknown")
    String context;
}
