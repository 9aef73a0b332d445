package dev.weft.exec.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** JFR, every second: one runtime's metrics (see {@code dev.weft.exec.RuntimeMetrics}). */
@Name("dev.weft.RuntimeMetrics")
@Label("Runtime Metrics")
@Category("Weft")
@Description("A runtime's counters and queue depths")
@Period("1 s")
@StackTrace(false)
public final class RuntimeMetricsEvent extends Event {
    @Label("Runtime")
    public String runtime;

    @Label("Workers")
    public int workers;

    @Label("Live Tasks")
    public long liveTasks;

    @Label("Polls")
    public long polls;

    @Label("Steals")
    public long steals;

    @Label("Parks")
    public long parks;

    @Label("Busy Time")
    @Timespan(Timespan.NANOSECONDS)
    public long busy;

    @Label("Injection Queue")
    public int injectionQueue;

    @Label("Blocking Threads")
    public int blockingThreads;

    @Label("Blocking Queued")
    public int blockingQueued;

    @Label("Timers Armed")
    public int timersArmed;

    @Label("Sources Registered")
    public int sources;

    @Label("Blocked Polls")
    @Description("Polls that held a worker longer than the blocked-worker threshold")
    public long blockedPolls;

    @Label("Woven Bodies")
    public long wovenBodies;

    @Label("Stackful Bodies")
    @Description("Weft.async bodies that run as stackful coroutines because their class was not woven")
    public long stackfulBodies;
}
