package dev.weft.exec.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** JFR: a worker was idle (drove the timers and reactor, or slept) from begin to end. */
@Name("dev.weft.WorkerPark")
@Label("Worker Park")
@Category("Weft")
@Description("A worker had nothing to run: it drove the timers and the reactor, or slept")
@StackTrace(false)
final class WorkerParkEvent extends Event {
    /** The guard the worker reads. */
    static final WorkerParkEvent PROBE = new WorkerParkEvent();

    @Label("Worker")
    String worker;
}
