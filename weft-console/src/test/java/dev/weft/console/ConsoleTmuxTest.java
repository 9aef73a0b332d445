package dev.weft.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The live console in a real terminal: started in a detached tmux session (200x50) against a child
 * JVM running a Weft workload, its screen read with {@code tmux capture-pane -p} until a redrawn
 * frame shows the runtime, both workers with a busy share, the task table and a warning; then the
 * session is killed. tmux comes from {@code .ci/install.d/console}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConsoleTmuxTest {

    private static String tmux(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tmux"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("tmux " + String.join(" ", args) + " did not return");
        }
        if (p.exitValue() != 0) throw new IllegalStateException("tmux " + String.join(" ", args) + " failed: " + out);
        return out;
    }

    private static String shellQuote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    @Test
    void theLiveConsoleInTmuxRedrawsTheRuntimeWorkersTasksAndWarnings() throws Exception {
        assertThat(new ProcessBuilder("sh", "-c", "command -v tmux").start().waitFor())
                .as("tmux is installed (.ci/install.d/console installs it)").isZero();
        String session = "weft-console-test-" + ProcessHandle.current().pid();
        try (ChildJvm child = ChildJvm.start()) {
            List<String> cmd = new ArrayList<>(child.consoleCommand());
            cmd.addAll(List.of("--interval", "300", "--idle-warn", "1"));
            StringBuilder line = new StringBuilder();
            for (String c : cmd) line.append(shellQuote(c)).append(' ');
            tmux("new-session", "-d", "-s", session, "-x", "200", "-y", "50", line.toString());
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
                String screen = "";
                while (System.nanoTime() < deadline) {
                    screen = tmux("capture-pane", "-p", "-t", session);
                    if (screen.contains("has been idle for") && screen.matches("(?s).*workload-1 +busy +\\d+%.*")) break;
                    Thread.sleep(200);
                }
                assertThat(screen).as("the captured pane").contains("runtime workload-  workers 2", "LOCATION",
                        "ConsoleWorkload.main(ConsoleWorkload.java:", "has been idle for", "wakes itself on every poll");
                assertThat(screen).containsPattern("workload-0 +busy +\\d+% \\[[# ]{20}\\]");
                assertThat(screen).as("the frame is drawn from the top of the screen").startsWith("runtime workload-");
                String later = screen;
                long redrawDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (later.equals(screen) && System.nanoTime() < redrawDeadline) {
                    Thread.sleep(200);
                    later = tmux("capture-pane", "-p", "-t", session);
                }
                assertThat(later).as("a later capture: the console redraws").isNotEqualTo(screen).startsWith("runtime workload-");
            } finally {
                tmux("kill-session", "-t", session);
            }
        }
    }
}
