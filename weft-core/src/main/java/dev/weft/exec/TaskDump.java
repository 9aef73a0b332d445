package dev.weft.exec;

import dev.weft.future.Future;
import dev.weft.future.internal.Awaiting;
import dev.weft.task.TaskStatistics;
import java.util.ArrayList;
import java.util.List;

/**
 * One live task of a {@link Runtime#dumpTasks() task dump}: its id, its state, and what it waits on,
 * outermost first: for a woven body, each {@code Weft.async} frame's await with its source line
 * ({@code at Foo.lambda$bar$0(Foo.java:42)}), down to the leaf future; for a stackful coroutine,
 * its stack; for a hand-written future, its class and {@code toString()}.
 *
 * {@snippet :
 * for (TaskDump t : rt.dumpTasks()) System.out.println(t);
 * }
 *
 * <p>With per-task statistics on ({@link Runtime.Builder#taskStats(boolean)}), each entry also has
 * the task's {@link TaskStatistics}: its spawn site, polls, wakes, busy, scheduled and idle time, and
 * how long it has been in its state; tasks spawned and not yet polled are listed then too.
 *
 * @param id the task's id (its identity hash, in hex)
 * @param state idle (waiting for a waker), scheduled, running, cancelling or completed
 * @param waitsOn what it waits on, one entry per level, outermost first; empty if running
 * @param stats its statistics, or {@code null} if statistics are off
 */
public record TaskDump(String id, String state, List<String> waitsOn, TaskStatistics stats) {
    /** A dump entry; the list is copied. */
    public TaskDump {
        waitsOn = List.copyOf(waitsOn);
    }

    /**
     * A dump entry without statistics.
     *
     * @param id the task's id
     * @param state its state
     * @param waitsOn what it waits on
     */
    public TaskDump(String id, String state, List<String> waitsOn) {
        this(id, state, waitsOn, null);
    }

    /** @return nanoseconds since the task's last state change, or -1 if statistics are off */
    public long inStateNanos() {
        return stats == null ? -1 : stats.inStateNanos();
    }

    /** At most this many levels of a future chain are followed (a cycle would end here). */
    static final int MAX_DEPTH = 64;

    /**
     * @param root a task's future (read racily: the task is not polled by this thread)
     * @return its chain of waits, outermost first
     */
    static List<String> describe(Future<?> root) {
        List<String> out = new ArrayList<>();
        Object f = root;
        for (int depth = 0; f != null && depth < MAX_DEPTH; depth++) {
            try {
                if (f instanceof Awaiting a) {
                    String site = a.waitSite();
                    out.add(site != null ? site : f.getClass().getName() + " (not suspended)");
                    f = a.awaitedFuture();
                } else {
                    out.add("leaf " + f.getClass().getName() + ": " + f);
                    f = null;
                }
            } catch (RuntimeException | StackOverflowError e) { // a toString racing its owner's poll
                out.add(f.getClass().getName() + " (unreadable now: " + e + ")");
                f = null;
            }
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("task ").append(id).append(" ").append(state);
        if (stats != null) {
            sb.append(" for ").append(stats.inStateNanos() / 1_000_000).append(" ms, spawned at ").append(stats.spawnSite())
                    .append("\n  polls=").append(stats.polls()).append(" wakes=").append(stats.wakes())
                    .append(" selfWakes=").append(stats.selfWakes()).append(" busyUs=").append(stats.busyNanos() / 1_000)
                    .append(" scheduledUs=").append(stats.scheduledNanos() / 1_000).append(" idleUs=").append(stats.idleNanos() / 1_000)
                    .append(" longestPollUs=").append(stats.longestPollNanos() / 1_000);
        }
        for (String w : waitsOn) sb.append("\n  ").append(w.replace("\n", "\n  "));
        return sb.toString();
    }
}
