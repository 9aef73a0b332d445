package dev.weft.console;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The task tables of a frame as one HTML page ({@code --html FILE}): per runtime its workers, its
 * tasks with what each one waits on and its task-local bindings, and its warnings. The tasks
 * stand under their task scopes as in the terminal ({@link ScopeTree}): a row per scope (name,
 * policy, state, children alive, time left before its deadline), its tasks and nested scopes
 * indented under it, each level's tasks by busy time. No script, no external style: the page
 * opens anywhere.
 *
 * {@snippet :
 * Files.writeString(Path.of("tasks.html"), HtmlPage.render(samples, options));
 * }
 */
final class HtmlPage {
    private static final List<String> HEADINGS = List.of("id", "state", "busy", "scheduled", "idle", "in state", "polls",
            "wakes", "self-wakes", "longest poll", "location", "context", "waits on");

    private HtmlPage() {}

    /**
     * @param now the samples to show
     * @param o the options (thresholds)
     * @return the page
     */
    static String render(List<Sample> now, Options o) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Weft tasks</title>\n")
                .append("<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;")
                .append("padding:2px 6px;font-family:monospace;font-size:12px;vertical-align:top}th{background:#eee}")
                .append(".warn{color:#b00}tr.scope td{background:#f4f4ff;font-weight:bold}</style></head><body>\n");
        if (now.isEmpty()) sb.append("<p>No Weft runtime in this JVM.</p>\n");
        for (Sample s : now) {
            sb.append("<h2>runtime ").append(esc(s.runtime())).append("</h2>\n<p>").append(s.workers().size())
                    .append(" workers, ").append(s.liveTasks()).append(" live tasks</p>\n<table><tr><th>worker</th><th>polls</th>")
                    .append("<th>busy since start</th><th>queue</th></tr>\n");
            for (Sample.Worker w : s.workers()) {
                sb.append("<tr><td>").append(esc(w.name())).append("</td><td>").append(w.polls()).append("</td><td>")
                        .append(Units.duration(w.busyNanos())).append("</td><td>").append(w.queue()).append("</td></tr>\n");
            }
            sb.append("</table>\n<h3>tasks, under their scopes, by busy time</h3>\n<table><tr>");
            for (String h : HEADINGS) sb.append("<th>").append(h).append("</th>");
            sb.append("</tr>\n");
            List<Sample.Task> sorted = new ArrayList<>(s.tasks());
            sorted.sort(Comparator.comparingLong(Sample.Task::busyNanos).reversed());
            for (ScopeTree.Row r : ScopeTree.rows(sorted)) {
                if (r.task() == null) {
                    sb.append("<tr class=\"scope\"><td colspan=\"").append(HEADINGS.size()).append("\"").append(indent(r.depth()))
                            .append(">scope ").append(esc(r.scope())).append("</td></tr>\n");
                    continue;
                }
                Sample.Task t = r.task();
                sb.append("<tr><td").append(indent(r.depth())).append('>').append(esc(t.id())).append("</td>");
                for (String c : List.of(t.state(), Units.duration(t.busyNanos()), Units.duration(t.scheduledNanos()),
                        Units.duration(t.idleNanos()), Units.duration(t.inStateNanos()), Units.count(t.polls()),
                        Units.count(t.wakes()), Units.count(t.selfWakes()), Units.duration(t.longestPollNanos()), t.location(),
                        t.context())) {
                    sb.append("<td>").append(esc(c)).append("</td>");
                }
                sb.append("<td>").append(esc(t.waitsOn()).replace("\n", "<br>")).append("</td></tr>\n");
            }
            sb.append("</table>\n");
            for (String w : Warnings.of(s, o)) sb.append("<p class=\"warn\">").append(esc(w)).append("</p>\n");
        }
        return sb.append("</body></html>\n").toString();
    }

    /** @return the style attribute that indents a cell {@code depth} levels, or nothing at depth 0 */
    private static String indent(int depth) {
        return depth == 0 ? "" : " style=\"padding-left:" + (6 + 16 * depth) + "px\"";
    }

    /** @return {@code s} with HTML's special characters escaped */
    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
