package dev.weft.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class of the tests in a JVM of its own (this JVM's {@code java} and class path), for
 * what one JVM cannot show twice: a start-up decision, a fallback logged once, JFR's first start.
 * Fails the test if the child runs past 100 s or exits with another code than 0 (its standard
 * error is the message).
 *
 * {@snippet :
 * ChildJvm.Ended e = ChildJvm.run(List.of("-Dweft.poller=io_uring"), Child.class, "refuse");
 * assertThat(e.out()).contains("poller=EPOLL");
 * }
 */
public final class ChildJvm {
    private ChildJvm() {}

    /**
     * What the child printed.
     *
     * @param out its standard output
     * @param err its standard error
     */
    public record Ended(String out, String err) {}

    /**
     * @param jvmArgs the child's JVM options, before its class path
     * @param main its main class (on this JVM's class path)
     * @param args its arguments
     * @return what it printed, once it exited with 0
     * @throws IOException if it cannot be started
     * @throws InterruptedException if interrupted while waiting for it
     */
    public static Ended run(List<String> jvmArgs, Class<?> main, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        Path err = Files.createTempFile("weft-child", ".err");
        try {
            Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(100, TimeUnit.SECONDS)).as("the child JVM ended within 100 s").isTrue();
            String stderr = Files.readString(err);
            assertThat(p.exitValue()).as(stderr).isZero();
            return new Ended(out, stderr);
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
