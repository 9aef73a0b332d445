package dev.weft.console;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * One screen of the console, as text: per runtime, its workers with their busy share over the
 * last interval (the difference of two samples' busy times over the time between them), its task
 * table (the tokio-console view) and its warnings. The table shows the {@code --rows} busiest
 * tasks under their task scopes ({@link ScopeTree}): first the tasks under no scope, then each
 * scope's line (name, policy, state, children alive, time left before its deadline) with its tasks
 * and nested scopes indented under it, the tasks of each level by busy time.
 *
 * {@snippet :
 * System.out.print(Frame.render(before, after, options, 160));
 * }
 */
final class Frame {
    /** The columns after the ID, whose width depends on how deep the deepest task row is. */
    private static final String AFTER_ID = " %-10s %9s %9s %9s %9s %7s %7s %7s  %s";
    /** The ID column's narrowest width; deeper rows widen it. */
    private static final int ID_WIDTH = 10;

    private Frame() {}

    /**
     * @param before the previous samples (for busy shares), or an empty list
     * @param now the current samples
     * @param o the options (thresholds, rows)
     * @param width the screen's width: longer lines are cut
     * @return the frame, lines ending with {@code \n}
     */
    static String render(List<Sample> before, List<Sample> now, Options o, int width) {
        List<String> lines = new ArrayList<>();
        if (now.isEmpty()) lines.add("no Weft runtime in this JVM (no MBean dev.weft:type=Runtime,*)");
        for (Sample s : now) {
            Sample prev = before.stream().filter(b -> b.runtime().equals(s.runtime())).findFirst().orElse(null);
            lines.add("runtime " + s.runtime() + "  workers " + s.workers().size() + "  live tasks " + s.liveTasks()
                    + (s.taskStats() ? "" : "  (task statistics off)"));
            for (Sample.Worker w : s.workers()) lines.add(workerLine(w, prev, s));
            List<Sample.Task> sorted = new ArrayList<>(s.tasks());
            sorted.sort(Comparator.comparingLong(Sample.Task::busyNanos).reversed());
            List<ScopeTree.Row> rows = ScopeTree.rows(sorted.subList(0, Math.min(o.rows(), sorted.size())));
            int idWidth = rows.stream().filter(r -> r.task() != null).mapToInt(r -> 2 * r.depth() + r.task().id().length())
                    .reduce(ID_WIDTH, Math::max);
            String columns = "%-" + idWidth + "s" + AFTER_ID;
            lines.add(String.format(Locale.ROOT, columns, "ID", "STATE", "BUSY", "SCHED", "IDLE", "IN-STATE", "POLLS", "WAKES",
                    "SELF", "LOCATION"));
            for (ScopeTree.Row r : rows) {
                lines.add(r.task() == null ? "  ".repeat(r.depth()) + "scope " + r.scope() : taskLine(columns, r.depth(), r.task()));
            }
            if (sorted.size() > o.rows()) lines.add("... " + (sorted.size() - o.rows()) + " more tasks");
            for (String w : Warnings.of(s, o)) lines.add("! " + w);
            lines.add("");
        }
        StringBuilder sb = new StringBuilder();
        for (String l : lines) sb.append(l.length() > width ? l.substring(0, width) : l).append('\n');
        return sb.toString();
    }

    /**
     * @param frame a rendered frame
     * @param height the screen's height in lines
     * @return the frame cut to {@code height - 1} lines, the last one saying how many were left out
     */
    static String fit(String frame, int height) {
        List<String> lines = frame.lines().toList();
        if (lines.size() < height) return frame;
        int keep = Math.max(0, height - 2);
        StringBuilder sb = new StringBuilder();
        for (String l : lines.subList(0, keep)) sb.append(l).append('\n');
        return sb.append("... ").append(lines.size() - keep).append(" more lines (a taller terminal, --rows N or --html FILE shows them)\n")
                .toString();
    }

    private static String workerLine(Sample.Worker w, Sample prev, Sample s) {
        String share = "   -";
        String bar = " ".repeat(20);
        Sample.Worker old = prev == null ? null
                : prev.workers().stream().filter(p -> p.name().equals(w.name())).findFirst().orElse(null);
        if (old != null && s.atNanos() > prev.atNanos()) {
            double f = Math.max(0, Math.min(1, (double) (w.busyNanos() - old.busyNanos()) / (s.atNanos() - prev.atNanos())));
            share = String.format(Locale.ROOT, "%3.0f%%", f * 100);
            int n = (int) Math.round(f * 20);
            bar = "#".repeat(n) + " ".repeat(20 - n);
        }
        return String.format(Locale.ROOT, "  %-24s busy %s [%s] polls %d  queue %d", w.name(), share, bar, w.polls(), w.queue());
    }

    private static String taskLine(String columns, int depth, Sample.Task t) {
        return String.format(Locale.ROOT, columns, "  ".repeat(depth) + t.id(), t.state(),
                Units.duration(t.busyNanos()), Units.duration(t.scheduledNanos()), Units.duration(t.idleNanos()),
                Units.duration(t.inStateNanos()), Units.count(t.polls()), Units.count(t.wakes()), Units.count(t.selfWakes()),
                t.location() + (t.context().isEmpty() ? "" : "  [" + t.context() + "]"));
    }
}
