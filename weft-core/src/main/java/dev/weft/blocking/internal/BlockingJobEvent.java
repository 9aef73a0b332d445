package dev.weft.blocking.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** JFR: a blocking-pool job ran from begin to end on a pool thread. */
@Name("dev.weft.BlockingJob")
@Label("Blocking Job")
@Category("Weft")
@Description("A job of a blocking pool ran on one of its threads")
@StackTrace(false)
public final class BlockingJobEvent extends Event {
    /** The guard the pool thread reads. */
    public static final BlockingJobEvent PROBE = new BlockingJobEvent();

    @Label("Pool")
    public String pool;

    @Label("Job Class")
    public String jobClass;

    @Label("Failed")
    public boolean failed;
}
