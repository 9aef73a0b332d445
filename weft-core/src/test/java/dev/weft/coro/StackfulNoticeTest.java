package dev.weft.coro;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A program whose {@code Weft.async} bodies run stackful because it was not woven finds out: one
 * notice per JVM naming the class, and the runtime's metrics count the stackful bodies (and not
 * the explicit {@code Coroutine.async} ones). A child JVM, so the notice is its first.
 */
@Timeout(60)
class StackfulNoticeTest {

    @Test
    void unwovenBodiesLogOneNoticeNamingTheirClassAndAreCounted() throws Exception {
        String javaCmd = ProcessHandle.current().info().command().orElseThrow();
        Path err = Files.createTempFile("weft-stackful", ".err");
        Process p = new ProcessBuilder(javaCmd, "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), StackfulMain.class.getName())
                .redirectError(err.toFile())
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(50, TimeUnit.SECONDS)).isTrue();
        String stderr = Files.readString(err);
        Files.delete(err);
        assertThat(p.exitValue()).as(stderr).isZero();
        assertThat(out.strip()).isEqualTo("woven=0 stackful=3 sum=6");
        assertThat(stderr.split("run as stackful coroutines", -1)).as(stderr).hasSize(2);
        assertThat(stderr).contains("the first one, in dev.weft.coro.StackfulMain, reached Weft.async at run time"
                + " because dev.weft.coro.StackfulMain was not woven");
        assertThat(stderr).contains("weft-weaver Maven plugin");
    }
}
