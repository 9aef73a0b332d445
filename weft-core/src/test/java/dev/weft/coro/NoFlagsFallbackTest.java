package dev.weft.coro;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Weft.async without the JVM flags: a child JVM with none of weft.jvm.flags. */
@Timeout(60)
class NoFlagsFallbackTest {

    @Test
    void asyncFallsBackToPlainVirtualThreadsWithOneNotice() throws Exception {
        String javaCmd = ProcessHandle.current().info().command().orElseThrow();
        Path err = Files.createTempFile("weft-fallback", ".err");
        Process p = new ProcessBuilder(javaCmd, "-cp", System.getProperty("java.class.path"), FallbackMain.class.getName())
                .redirectError(err.toFile())
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(50, TimeUnit.SECONDS)).isTrue();
        String stderr = Files.readString(err);
        Files.delete(err);
        assertThat(p.exitValue()).as(stderr).isZero();
        assertThat(List.of(out.strip().split("\\R"))).containsExactly(
                "mechanism=BLOCKING_VIRTUAL_THREAD",
                "virtual=true value=5",
                "exception=body failed",
                "unwound=true cancelled");
        assertThat(stderr.split("fall back to plain virtual threads", -1)).as(stderr).hasSize(2);
        assertThat(stderr).contains("--add-opens java.base/java.lang=ALL-UNNAMED");
    }
}
