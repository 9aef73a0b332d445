package dev.weft.task.internal;

import jdk.jfr.Category;
import jdk.jfr.Contextual;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/**
 * JFR: one poll of a task that took longer than the threshold (10 ms by default): a task that
 * blocks its worker. The task id is contextual, so JDK events recorded during the poll carry it.
 */
@Name("dev.weft.LongPoll")
@Label("Long Poll")
@Category("Weft")
@Description("A poll of a task took longer than the threshold: the task blocked its worker")
@Threshold("10 ms")
@StackTrace(false)
final class LongPollEvent extends Event {
    /** The guard the hot path reads. */
    static final LongPollEvent PROBE = new LongPollEvent();

    @Label("Task Id")
    @Contextual
    String taskId;

    @Label("Future Class")
    String futureClass;
}
