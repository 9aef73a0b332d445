package dev.weft.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.exec.WeftRuntime;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link IoPoller#AUTO} in a JVM without {@code --enable-native-access}: runtimes take NIO, say so
 * once (however many are built), and the JDK's restricted-method warning never shows (nothing
 * native was bound). With the flag (this test JVM has it), AUTO takes epoll.
 */
@Timeout(60)
class NoNativeAccessFallbackTest {

    /** The child: two runtimes, each answering which poller it got. */
    public static final class Child {
        public static void main(String[] args) {
            for (int i = 0; i < 2; i++) {
                try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
                    System.out.println("poller=" + rt.poller());
                }
            }
        }
    }

    @Test
    void withoutTheFlagAutoTakesNioAndSaysWhyOnce() throws Exception {
        String javaCmd = ProcessHandle.current().info().command().orElseThrow();
        Path err = Files.createTempFile("weft-poller", ".err");
        Process p = new ProcessBuilder(javaCmd, "-cp", System.getProperty("java.class.path"), Child.class.getName())
                .redirectError(err.toFile())
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(50, TimeUnit.SECONDS)).isTrue();
        String stderr = Files.readString(err);
        Files.delete(err);
        assertThat(p.exitValue()).as(stderr).isZero();
        assertThat(List.of(out.strip().split("\\R"))).containsExactly("poller=NIO", "poller=NIO");
        assertThat(stderr.split("not the native epoll poller", -1)).as(stderr).hasSize(2);
        assertThat(stderr).contains("--enable-native-access=ALL-UNNAMED").doesNotContain("restricted method");
    }

    @Test
    void withTheFlagAutoTakesEpoll() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).poller(IoPoller.AUTO).build()) {
            assertThat(rt.poller()).isEqualTo(IoPoller.EPOLL);
        }
    }
}
