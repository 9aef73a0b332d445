package dev.weft.console;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The console's warnings about the tasks of one sample (tokio-console's lints): a task woken but
 * not polled for longer than {@code --scheduled-warn} (never polled at all, or starved since its
 * last wake), a task that wakes itself on every poll (a busy loop through the scheduler), a task
 * whose longest poll took longer than {@code --poll-warn} (it blocked its worker), a task idle for
 * longer than {@code --idle-warn} (perhaps a lost wake-up). When more than {@value #PER_KIND} tasks
 * draw one kind, that kind is one line: how many, and the worst of them. Each needs task
 * statistics; without them the one warning says how to turn them on. Two warnings need none, and
 * come first: each call site the runtime found blocking a worker (its blocked-worker detector, the
 * first {@value #PER_KIND}, then how many more), and {@code Weft.async} bodies that all run
 * stackful (the weaver left out of the build).
 *
 * {@snippet :
 * for (String w : Warnings.of(sample, options)) System.out.println("! " + w);
 * }
 */
final class Warnings {
    /** A task must have been polled this often before "wakes itself on every poll" is said of it. */
    static final int SELF_WAKE_MIN_POLLS = 10;
    /** At most this many tasks are named one by one per kind of warning. */
    static final int PER_KIND = 3;

    private Warnings() {}

    /**
     * @param s a runtime's sample
     * @param o the thresholds
     * @return one line per warning
     */
    static List<String> of(Sample s, Options o) {
        List<String> out = new ArrayList<>();
        List<String> blocked = s.blockedWorkers();
        for (int i = 0; i < Math.min(PER_KIND, blocked.size()); i++) out.add(blocked.get(i));
        if (blocked.size() > PER_KIND) {
            out.add((blocked.size() - PER_KIND) + " more call sites blocked a worker of " + s.runtime()
                    + " (the runtime's log has each, with its stack)");
        }
        if (s.stackfulBodies() > 0 && s.wovenBodies() == 0) {
            out.add(s.stackfulBodies() + " Weft.async bodies of " + s.runtime() + " run stackful and none woven:"
                    + " their classes were not woven (is the weft-weaver plugin in the build?)");
        }
        if (!s.taskStats()) {
            out.add("task statistics are off in " + s.runtime()
                    + ": start its JVM with -Dweft.taskStats=true (or build it with WeftRuntime.builder().taskStats(true))");
            return out;
        }
        List<Sample.Task> starved = new ArrayList<>();
        List<Sample.Task> selfWaking = new ArrayList<>();
        List<Sample.Task> longPolls = new ArrayList<>();
        List<Sample.Task> idle = new ArrayList<>();
        for (Sample.Task t : s.tasks()) {
            if (t.state().equals("scheduled") && t.inStateNanos() > o.scheduledWarn().toNanos()) starved.add(t);
            if (t.polls() >= SELF_WAKE_MIN_POLLS && t.selfWakes() >= t.polls() - 1) selfWaking.add(t);
            if (t.longestPollNanos() > o.pollWarn().toNanos()) longPolls.add(t);
            if (t.state().equals("idle") && t.inStateNanos() > o.idleWarn().toNanos()) idle.add(t);
        }
        kind(out, starved, Sample.Task::inStateNanos, "were woken and not polled for over " + Units.duration(o.scheduledWarn().toNanos()),
                t -> t.polls() == 0 ? "was woken and never polled, for " + Units.duration(t.inStateNanos())
                        : "has been scheduled without a poll for " + Units.duration(t.inStateNanos()));
        kind(out, selfWaking, Sample.Task::selfWakes, "wake themselves on every poll",
                t -> "wakes itself on every poll (" + t.selfWakes() + " self-wakes in " + t.polls() + " polls)");
        kind(out, longPolls, Sample.Task::longestPollNanos, "had a poll over " + Units.duration(o.pollWarn().toNanos())
                + " (each blocked its worker)", t -> "had a poll of " + Units.duration(t.longestPollNanos()) + " (over "
                + Units.duration(o.pollWarn().toNanos()) + ": it blocked its worker)");
        kind(out, idle, Sample.Task::inStateNanos, "have been idle for over " + Units.duration(o.idleWarn().toNanos()),
                t -> "has been idle for " + Units.duration(t.inStateNanos()) + waitingAt(t));
        return out;
    }

    /** Adds one line per task of a kind, or one summary line naming the worst if there are many. */
    private static void kind(List<String> out, List<Sample.Task> tasks, ToLongFunction<Sample.Task> worst, String many,
            java.util.function.Function<Sample.Task, String> one) {
        if (tasks.isEmpty()) return;
        List<Sample.Task> sorted = new ArrayList<>(tasks);
        sorted.sort(Comparator.comparingLong(worst).reversed());
        if (sorted.size() <= PER_KIND) {
            for (Sample.Task t : sorted) out.add(who(t) + " " + one.apply(t));
        } else {
            out.add(sorted.size() + " tasks " + many + "; the worst: " + who(sorted.get(0)) + " " + one.apply(sorted.get(0)));
        }
    }

    /** @return {@code ", waiting at <innermost wait>"}, or nothing if the dump names no wait */
    private static String waitingAt(Sample.Task t) {
        String w = t.waitsOn().strip();
        return w.isEmpty() ? "" : ", waiting at " + w.substring(w.lastIndexOf('\n') + 1);
    }

    private static String who(Sample.Task t) {
        return "task " + t.id() + " (" + t.location() + ")";
    }
}
