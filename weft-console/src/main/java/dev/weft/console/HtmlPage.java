package dev.weft.console;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The task tables of a frame as one HTML page ({@code --html FILE}): per runtime its workers, its
 * tasks sorted by busy time, with what each one waits on, and its warnings. No script, no
 * external style: the page opens anywhere.
 *
 * {@snippet :
 * Files.writeString(Path.of("tasks.html"), HtmlPage.render(samples, options));
 * }
 */
final class HtmlPage {
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
                .append(".warn{color:#b00}</style></head><body>\n");
        if (now.isEmpty()) sb.append("<p>No Weft runtime in this JVM.</p>\n");
        for (Sample s : now) {
            sb.append("<h2>runtime ").append(esc(s.runtime())).append("</h2>\n<p>").append(s.workers().size())
                    .append(" workers, ").append(s.liveTasks()).append(" live tasks</p>\n<table><tr><th>worker</th><th>polls</th>")
                    .append("<th>busy since start</th><th>queue</th></tr>\n");
            for (Sample.Worker w : s.workers()) {
                sb.append("<tr><td>").append(esc(w.name())).append("</td><td>").append(w.polls()).append("</td><td>")
                        .append(Units.duration(w.busyNanos())).append("</td><td>").append(w.queue()).append("</td></tr>\n");
            }
            sb.append("</table>\n<h3>tasks, by busy time</h3>\n<table><tr>");
            for (String h : List.of("id", "state", "busy", "scheduled", "idle", "in state", "polls", "wakes", "self-wakes",
                    "longest poll", "location", "waits on")) {
                sb.append("<th>").append(h).append("</th>");
            }
            sb.append("</tr>\n");
            List<Sample.Task> sorted = new ArrayList<>(s.tasks());
            sorted.sort(Comparator.comparingLong(Sample.Task::busyNanos).reversed());
            for (Sample.Task t : sorted) {
                sb.append("<tr>");
                for (String c : List.of(t.id(), t.state(), Units.duration(t.busyNanos()), Units.duration(t.scheduledNanos()),
                        Units.duration(t.idleNanos()), Units.duration(t.inStateNanos()), Units.count(t.polls()),
                        Units.count(t.wakes()), Units.count(t.selfWakes()), Units.duration(t.longestPollNanos()), t.location())) {
                    sb.append("<td>").append(esc(c)).append("</td>");
                }
                sb.append("<td>").append(esc(t.waitsOn()).replace("\n", "<br>")).append("</td></tr>\n");
            }
            sb.append("</table>\n");
            for (String w : Warnings.of(s, o)) sb.append("<p class=\"warn\">").append(esc(w)).append("</p>\n");
        }
        return sb.append("</body></html>\n").toString();
    }

    /** @return {@code s} with HTML's special characters escaped */
    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
