package dev.weft.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The terminal frame and the HTML page show the tasks under their task scopes, the scopes under
 * their parents, each scope with its policy, state and time left, from the MBean's scope text.
 */
class ScopeViewTest {
    private static final Options DEFAULTS = Options.parse(new String[] {"1"});
    private static final long MS = 1_000_000;
    private static final String REQUEST = "5e2de80c request (FailFast, open, 2 alive, 1998 ms left)";
    private static final String FAN_OUT = "1b6d3586 fan-out (Supervisor, open, 2 alive, 1998 ms left)";
    private static final String CLEANUP = "4554617c cleanup (FailFast, cancelled, 1 alive, 1998 ms left)";

    private static Sample.Task task(String id, String state, long busyMs, String context, String... scopes) {
        return new Sample.Task(id, state, 1, busyMs * MS, 1, 1, 3, 3, 0, 1, "app.Main.main(Main.java:" + id.length() + ")",
                "leaf app.Held: held " + id, String.join("\n", scopes), context);
    }

    /** request > (a, d, fan-out > (b, c), cleanup > (e)); the root and the pending task under no scope. */
    private static Sample sample() {
        return new Sample("app-", true, 8, List.of(), List.of(
                task("b0b0b0b0", "idle", 5, "requestId=r-17", FAN_OUT, REQUEST),
                task("a0a0a0a0", "idle", 2, "requestId=r-17", REQUEST),
                task("e0e0e0e0", "cancelling", 1, "requestId=r-17", CLEANUP, REQUEST),
                task("f0f0f0f0", "idle", 9, ""),
                task("c0c0c0c0", "scheduled", 7, "requestId=r-17", FAN_OUT, REQUEST),
                task("d0d0d0d0", "idle", 3, "requestId=r-17", REQUEST),
                task("10101010", "idle", 0, "requestId=r-17")), 0, List.of(), 0, 0);
    }

    @Test
    void theFrameShowsTasksUnderTheirScopesAndScopesUnderTheirParentsWithPolicyStateAndTimeLeft() {
        List<String> lines = Frame.render(List.of(), List.of(sample()), DEFAULTS, 400).lines()
                .dropWhile(l -> !l.startsWith("ID ")).takeWhile(l -> !l.isEmpty() && !l.startsWith("!")).toList();
        assertThat(lines.stream().skip(1).map(l -> l.replaceAll("^( *)(scope [^(]+\\(.*\\)|[0-9a-f]{8}) .*", "$1$2"))).containsExactly(
                "f0f0f0f0",
                "10101010",
                "scope request (FailFast, open, 2 alive, 1998 ms left)",
                "  d0d0d0d0",
                "  a0a0a0a0",
                "  scope fan-out (Supervisor, open, 2 alive, 1998 ms left)",
                "    c0c0c0c0",
                "    b0b0b0b0",
                "  scope cleanup (FailFast, cancelled, 1 alive, 1998 ms left)",
                "    e0e0e0e0");
        assertThat(lines.get(0)).as("the ID column widens for the deepest rows").startsWith("ID           STATE");
        assertThat(lines).filteredOn(l -> l.startsWith("    b0b0b0b0")).singleElement().asString()
                .matches("    b0b0b0b0 idle +5\\.00ms .* app\\.Main\\.main\\(Main\\.java:8\\)  \\[requestId=r-17\\]");
    }

    @Test
    void onlyTheBusiestRowsAreShownAndTheyStillStandUnderTheirScopes() {
        Options two = Options.parse(new String[] {"1", "--rows", "2"});
        String frame = Frame.render(List.of(), List.of(sample()), two, 400);
        assertThat(frame).containsPattern("(?m)^f0f0f0f0 +idle")
                .containsPattern("(?m)^scope request \\(FailFast, open, 2 alive, 1998 ms left\\)\n  scope fan-out .*\n    c0c0c0c0 +scheduled")
                .doesNotContain("b0b0b0b0", "scope cleanup")
                .contains("... 5 more tasks");
    }

    @Test
    void theHtmlPageHasARowPerScopeWithItsTasksAndNestedScopesIndentedUnderIt() {
        String html = HtmlPage.render(List.of(sample()), DEFAULTS);
        assertThat(html).contains("<h3>tasks, under their scopes, by busy time</h3>", "<th>context</th>");
        int request = html.indexOf("<tr class=\"scope\"><td colspan=\"13\">scope request (FailFast, open, 2 alive, 1998 ms left)</td></tr>");
        int fanOut = html.indexOf("<tr class=\"scope\"><td colspan=\"13\" style=\"padding-left:22px\">"
                + "scope fan-out (Supervisor, open, 2 alive, 1998 ms left)</td></tr>");
        int c = html.indexOf("<tr><td style=\"padding-left:38px\">c0c0c0c0</td><td>scheduled</td>");
        int b = html.indexOf("<tr><td style=\"padding-left:38px\">b0b0b0b0</td><td>idle</td>");
        int cleanup = html.indexOf("scope cleanup (FailFast, cancelled, 1 alive, 1998 ms left)");
        assertThat(List.of(html.indexOf("<tr><td>f0f0f0f0</td>"), request, html.indexOf("<tr><td style=\"padding-left:22px\">d0d0d0d0"),
                fanOut, c, b, cleanup, html.indexOf(">e0e0e0e0</td><td>cancelling</td>"))).doesNotContain(-1).isSorted();
        assertThat(html).contains("<td>app.Main.main(Main.java:8)</td><td>requestId=r-17</td><td>leaf app.Held: held b0b0b0b0</td>");
    }

    @Test
    void twoScopesOfOneNameStayApartByTheirIds() {
        List<ScopeTree.Row> rows = ScopeTree.rows(List.of(
                task("11111111", "idle", 1, "", "aaaa conn (Reporting, open, 1 alive)"),
                task("22222222", "idle", 1, "", "bbbb conn (Reporting, open, 1 alive)")));
        assertThat(rows).extracting(r -> r.depth() + " " + (r.task() == null ? "scope " + r.scope() : r.task().id())).containsExactly(
                "0 scope conn (Reporting, open, 1 alive)", "1 11111111", "0 scope conn (Reporting, open, 1 alive)", "1 22222222");
    }
}
