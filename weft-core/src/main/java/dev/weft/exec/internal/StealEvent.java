package dev.weft.exec.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** JFR: a worker stole tasks from another worker's queue. */
@Name("dev.weft.Steal")
@Label("Steal")
@Category("Weft")
@Description("A worker stole half of another worker's queue")
@Enabled(false) // one per steal: a recording turns it on only when asked (as the JDK's jdk.VirtualThreadStart)
@StackTrace(false)
final class StealEvent extends Event {
    /** The guard the worker reads. */
    static final StealEvent PROBE = new StealEvent();

    @Label("Thief")
    String thief;

    @Label("Victim")
    String victim;

    @Label("Tasks")
    @Description("Tasks moved, the one run at once included")
    int tasks;
}
