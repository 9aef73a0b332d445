package dev.weft.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code RedisMain 0} (what {@code weft-examples/run redis 0} runs) prints one line with its port and serves it. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedisMainTest {

    @Test
    void printsOneListeningLineAndServesThatPort() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(List.of(java, "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), RedisMain.class.getName(), "0"))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line = out.readLine();
            assertThat(line).matches("listening on 127\\.0\\.0\\.1:[0-9]+");
            int port = Integer.parseInt(line.substring(line.lastIndexOf(':') + 1));
            try (RespClient c = new RespClient(port)) {
                assertThat(c.call("PING")).isEqualTo("PONG");
            }
            assertThat(p.isAlive()).as("it serves until killed").isTrue();
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theRunScriptMapsRedisToRedisMain() throws Exception {
        File run = new File(System.getProperty("user.dir"), "run");
        assertThat(run).canRead();
        assertThat(java.nio.file.Files.readString(run.toPath())).contains("redis) main=" + RedisMain.class.getName());
    }
}
