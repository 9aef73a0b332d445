package dev.weft.console;

import java.util.ArrayList;
import java.util.List;

/**
 * The console's warnings about the tasks of one sample (tokio-console's lints): a task woken but
 * not polled for longer than {@code --scheduled-warn} (never polled at all, or starved since its
 * last wake), a task that wakes itself on every poll (a busy loop through the scheduler), a task
 * whose longest poll took longer than {@code --poll-warn} (it blocked its worker), a task idle for
 * longer than {@code --idle-warn} (perhaps a lost wake-up). Each needs task statistics; without them
 * the one warning says how to turn them on.
 *
 * {@snippet :
 * for (String w : Warnings.of(sample, options)) System.out.println("! " + w);
 * }
 */
final class Warnings {
    /** A task must have been polled this often before "wakes itself on every poll" is said of it. */
    static final int SELF_WAKE_MIN_POLLS = 10;

    private Warnings() {}

    /**
     * @param s a runtime's sample
     * @param o the thresholds
     * @return one line per warning
     */
    static List<String> of(Sample s, Options o) {
        List<String> out = new ArrayList<>();
        if (!s.taskStats()) {
            out.add("task statistics are off in " + s.runtime()
                    + ": start its JVM with -Dweft.taskStats=true (or build it with Runtime.builder().taskStats(true))");
            return out;
        }
        for (Sample.Task t : s.tasks()) {
            String who = "task " + t.id() + " (" + t.location() + ")";
            if (t.state().equals("scheduled") && t.inStateNanos() > o.scheduledWarn().toNanos()) {
                out.add(who + (t.polls() == 0 ? " was woken and never polled, for " : " has been scheduled without a poll for ")
                        + Units.duration(t.inStateNanos()));
            }
            if (t.polls() >= SELF_WAKE_MIN_POLLS && t.selfWakes() >= t.polls() - 1) {
                out.add(who + " wakes itself on every poll (" + t.selfWakes() + " self-wakes in " + t.polls() + " polls)");
            }
            if (t.longestPollNanos() > o.pollWarn().toNanos()) {
                out.add(who + " had a poll of " + Units.duration(t.longestPollNanos()) + " (over "
                        + Units.duration(o.pollWarn().toNanos()) + ": it blocked its worker)");
            }
            if (t.state().equals("idle") && t.inStateNanos() > o.idleWarn().toNanos()) {
                out.add(who + " has been idle for " + Units.duration(t.inStateNanos()));
            }
        }
        return out;
    }
}
