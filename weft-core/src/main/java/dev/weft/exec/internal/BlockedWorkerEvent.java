package dev.weft.exec.internal;

import dev.weft.exec.BlockedWorker;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** JFR: a poll held its worker longer than the runtime's blocked-worker threshold; once per call site. */
@Name("dev.weft.BlockedWorker")
@Label("Blocked Worker")
@Category("Weft")
@Description("A poll held its worker longer than the threshold: the worker's stack, sampled while it was held")
@StackTrace(false) // the watcher's own stack says nothing; the worker's is a field
final class BlockedWorkerEvent extends jdk.jfr.Event {
    /** The guard the watcher reads. */
    static final BlockedWorkerEvent PROBE = new BlockedWorkerEvent();

    @Label("Worker")
    String worker;

    @Label("Call Site")
    @Description("The topmost frame outside Weft and the JDK")
    String callSite;

    @Label("Blocked So Far")
    @Timespan(Timespan.NANOSECONDS)
    long blocked;

    @Label("Stack")
    @Description("The worker's stack when sampled, innermost frame first")
    String stack;

    /** Commits one event for {@code r}. */
    static void commit(BlockedWorker r) {
        BlockedWorkerEvent e = new BlockedWorkerEvent();
        if (!e.shouldCommit()) return;
        e.worker = r.worker();
        e.callSite = r.callSite().toString();
        e.blocked = r.blockedNanos();
        StringBuilder sb = new StringBuilder();
        for (StackTraceElement f : r.stack()) sb.append(f).append('\n');
        e.stack = sb.toString();
        e.commit();
    }
}
