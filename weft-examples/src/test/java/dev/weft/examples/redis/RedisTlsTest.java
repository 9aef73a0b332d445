package dev.weft.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.http.SelfSigned;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Redis example's {@code tls-port} as Redis's own tools see it: {@code redis-cli --tls} with
 * the server's certificate as its CA, and a short {@code redis-benchmark --tls} run.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RedisTlsTest {
    @TempDir
    Path dir;

    private RedisServer start() throws Exception {
        SelfSigned.Pem pem = SelfSigned.write(dir);
        return RedisServer.start(RedisConfig.onPort(0).withWorkers(2), RedisServer.tls(pem.cert(), pem.key(), null));
    }

    private List<String> tls(String tool, RedisServer server) throws Exception {
        return new ArrayList<>(List.of(RedisTools.require(tool), "--tls", "--cacert", dir.resolve("cert.pem").toString(),
                "--sni", "localhost", "-h", "127.0.0.1", "-p", String.valueOf(server.port())));
    }

    @Test
    void redisCliSetsAndGetsOverTls() throws Exception {
        try (RedisServer server = start()) {
            List<String> set = tls("redis-cli", server);
            set.addAll(List.of("SET", "greeting", "hello over tls"));
            RedisTools.Run r = RedisTools.run(set, null, 30);
            assertThat(r.stdout().trim()).as(r.stderr()).isEqualTo("OK");
            List<String> get = tls("redis-cli", server);
            get.addAll(List.of("GET", "greeting"));
            r = RedisTools.run(get, null, 30);
            assertThat(r.stdout().trim()).as(r.stderr()).isEqualTo("hello over tls");
        }
    }

    @Test
    void redisCliWithoutTheCertificateIsRefusedAndThePlainProtocolGetsNoAnswer() throws Exception {
        try (RedisServer server = start()) {
            List<String> untrusting = new ArrayList<>(List.of(RedisTools.require("redis-cli"), "--tls", "-h", "127.0.0.1",
                    "-p", String.valueOf(server.port()), "PING"));
            RedisTools.Run r = RedisTools.run(untrusting, null, 30);
            assertThat(r.stdout() + r.stderr()).doesNotContain("PONG").containsIgnoringCase("certificate");
            RedisTools.Run plain = RedisTools.run(List.of(RedisTools.require("redis-cli"), "-h", "127.0.0.1", "-p",
                    String.valueOf(server.port()), "PING"), null, 30);
            assertThat(plain.stdout()).doesNotContain("PONG");
        }
    }

    @Test
    void aShortRedisBenchmarkOverTlsCompletesEveryRequest() throws Exception {
        try (RedisServer server = start()) {
            List<String> cmd = tls("redis-benchmark", server);
            cmd.addAll(List.of("-q", "-n", "5000", "-c", "10", "-t", "ping,set,get"));
            RedisTools.Run run = RedisTools.run(cmd, null, 90);
            assertThat(run.exit()).as(run.stderr()).isZero();
            assertThat(run.stdout() + run.stderr()).doesNotContainIgnoringCase("error");
            assertThat(RedisBenchmarkTest.parse(run.stdout()).keySet()).as(run.stdout())
                    .containsExactly("PING_INLINE", "PING_MBULK", "SET", "GET");
        }
    }

    @Test
    void redisMainServesItsTlsPortAsRedisDoes() throws Exception {
        SelfSigned.Pem pem = SelfSigned.write(dir);
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(List.of(java, "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), RedisMain.class.getName(), "--tls-port", "0", "--tls-cert-file",
                pem.cert().toString(), "--tls-key-file", pem.key().toString()))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line = out.readLine();
            assertThat(line).matches("listening on 127\\.0\\.0\\.1:[0-9]+");
            String port = line.substring(line.lastIndexOf(':') + 1);
            RedisTools.Run r = RedisTools.run(List.of(RedisTools.require("redis-cli"), "--tls", "--cacert", pem.cert().toString(),
                    "-h", "127.0.0.1", "-p", port, "PING"), null, 30);
            assertThat(r.stdout().trim()).as(r.stderr()).isEqualTo("PONG");
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
