package dev.weft.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code --once} against a child JVM running a Weft workload: one frame with everything in it. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConsoleOnceTest {
    private static ChildJvm child;

    @BeforeAll
    static void startWorkload() throws Exception {
        child = ChildJvm.start();
    }

    @AfterAll
    static void stopWorkload() throws Exception {
        if (child != null) child.close();
    }

    /** Runs the console in this JVM; @return what it printed, and the exit code first */
    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    /** Runs {@code --once} until its frame says the idle task has been idle over 1 s (at most 30 s). */
    private static String frameWithIdleWarning(String... more) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String last = "";
        while (System.nanoTime() < deadline) {
            String[] r = run(concat(new String[] {Long.toString(child.pid()), "--once", "--interval", "300", "--idle-warn", "1"}, more));
            assertThat(r[0]).as("exit code; stderr: " + r[2]).isEqualTo("0");
            last = r[1];
            if (last.contains("has been idle for")) return last;
        }
        throw new AssertionError("no idle warning within 30 s; last frame:\n" + last);
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void onceShowsTheRuntimeItsWorkersBusyShareTasksWithLocationsAndTheWarnings() {
        String frame = frameWithIdleWarning();
        assertThat(frame).contains("runtime workload-  workers 2");
        assertThat(frame).containsPattern("workload-0 +busy +\\d+% \\[[# ]{20}\\] polls \\d+");
        assertThat(frame).containsPattern("workload-1 +busy +\\d+% \\[");
        assertThat(frame).contains("ID", "STATE", "BUSY", "SCHED", "IDLE", "POLLS", "LOCATION");
        assertThat(frame).containsPattern("(?m)^[0-9a-f]+ +idle .*dev\\.weft\\.console\\.ConsoleWorkload\\.main\\(ConsoleWorkload\\.java:\\d+\\)");
        assertThat(frame).containsPattern("! task [0-9a-f]+ \\(dev\\.weft\\.console\\.ConsoleWorkload\\.main\\(ConsoleWorkload\\.java:\\d+\\)\\) has been idle for \\d");
        assertThat(frame).containsPattern("! task [0-9a-f]+ \\(.*ConsoleWorkload.*\\) wakes itself on every poll \\((\\d+) self-wakes in \\d+ polls\\)");
        java.util.regex.Matcher longPoll = java.util.regex.Pattern
                .compile("! .*task [0-9a-f]+ \\(.*ConsoleWorkload.*\\) had a poll of (\\d+\\.\\d\\d)ms \\(over 10\\.00ms").matcher(frame);
        assertThat(longPoll.find()).as("a long-poll warning").isTrue();
        assertThat(Double.parseDouble(longPoll.group(1))).as("the worst poll: at least the 30 ms one").isGreaterThanOrEqualTo(30);
        // the self-waking task holds a worker nearly all the time: it tops the table, sorted by busy time
        String firstRow = frame.lines().dropWhile(l -> !l.startsWith("ID ")).skip(1).findFirst().orElseThrow();
        assertThat(frame).containsPattern("! task " + firstRow.split(" ")[0] + " .* wakes itself on every poll");
    }

    @Test
    void onceShowsTheTasksOfEachScopeUnderItAndTheNestedScopeUnderItsParentWithPolicyStateAndDeadline() {
        String frame = frameWithIdleWarning();
        String task = " +(idle|scheduled|running) .*ConsoleWorkload.* \\[requestId=r-17\\]";
        assertThat(frame).containsPattern("(?m)^scope request \\(FailFast, open, 1 alive\\)\n  [0-9a-f]+" + task + "\n"
                + "  scope fan-out \\(Supervisor, open, 2 alive, \\d+ ms left\\)\n    [0-9a-f]+" + task + "\n    [0-9a-f]+" + task + "$");
    }

    @Test
    void dumpPrintsEveryLiveTaskOfEachRuntimeAndWhatItWaitsOn() {
        String[] r = run(Long.toString(child.pid()), "--dump");
        assertThat(r[0]).as("exit code; stderr: " + r[2]).isEqualTo("0");
        assertThat(r[1]).containsPattern("(?m)^== dev\\.weft:type=Runtime,name=\"?workload-");
        assertThat(r[1]).containsPattern("(?m)^task [0-9a-f]+ (idle|scheduled|running)");
        assertThat(r[1]).as("the idle task's leaf future").contains("leaf ");
        assertThat(r[1]).as("the tree").containsPattern("(?m)^scope request \\(FailFast, open, 1 alive\\)\n  task [0-9a-f]+ ")
                .containsPattern("(?m)^  scope fan-out \\(Supervisor, open, 2 alive, \\d+ ms left\\)\n    task [0-9a-f]+ ")
                .containsPattern("(?m)^    context requestId=r-17$");
    }

    @Test
    void htmlWritesTheSameTaskTableAsAPage(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("tasks.html");
        frameWithIdleWarning("--html", page.toString());
        String html = Files.readString(page);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<h2>runtime workload-</h2>", "<td>workload-0</td>",
                "<th>busy</th>", "dev.weft.console.ConsoleWorkload.main(ConsoleWorkload.java:", "has been idle for",
                "wakes itself on every poll");
        assertThat(html).containsPattern("<tr class=\"scope\"><td colspan=\"\\d+\">scope request \\(FailFast, open, 1 alive\\)</td></tr>\n"
                + "<tr><td style=\"padding-left:22px\">[0-9a-f]+</td>")
                .containsPattern("<tr class=\"scope\"><td colspan=\"\\d+\" style=\"padding-left:22px\">"
                        + "scope fan-out \\(Supervisor, open, 2 alive, \\d+ ms left\\)</td></tr>")
                .contains("<td>requestId=r-17</td>");
    }

    @Test
    void aBadCommandLineGivesTheUsageAndExitCode2() {
        String[] none = run("--once");
        assertThat(none[0]).isEqualTo("2");
        assertThat(none[2]).contains("no target").contains("usage: weft-console");
        String[] bad = run("not-a-target", "--once");
        assertThat(bad[0]).isEqualTo("2");
        assertThat(bad[2]).contains("not a pid, host:port or service:jmx: URL: not-a-target");
        String[] interval = run(Long.toString(child.pid()), "--interval", "soon");
        assertThat(interval[0]).isEqualTo("2");
        assertThat(interval[2]).contains("--interval needs a positive whole number, got soon");
    }

    @Test
    void aPidThatIsNoJvmGivesAClearErrorAndExitCode1() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            String[] r = run(Long.toString(sleeper.pid()), "--once");
            assertThat(r[0]).isEqualTo("1");
            assertThat(r[2]).contains("cannot connect to " + sleeper.pid());
            assertThat(r[1]).isEmpty();
        } finally {
            sleeper.destroyForcibly().waitFor();
        }
    }
}
