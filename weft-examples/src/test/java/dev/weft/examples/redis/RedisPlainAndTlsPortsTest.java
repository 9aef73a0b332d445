package dev.weft.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.examples.http.SelfSigned;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plain port and a TLS port served by one process with one keyspace, as Redis 6+ serves
 * {@code port} and {@code tls-port}: real {@code redis-cli} (plain) and {@code redis-cli --tls}
 * against the same {@link RedisMain} process, a key set over either port read over the other.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RedisPlainAndTlsPortsTest {
    @TempDir
    Path dir;

    /** redis-cli over the plain port, or over TLS with the server's certificate as its CA when {@code cert} is given. */
    private static String cli(int port, Path cert, String... command) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(RedisTools.require("redis-cli"), "-h", "127.0.0.1", "-p", String.valueOf(port)));
        if (cert != null) cmd.addAll(List.of("--tls", "--cacert", cert.toString()));
        cmd.addAll(List.of(command));
        RedisTools.Run r = RedisTools.run(cmd, null, 30);
        return r.stdout().trim() + (r.stderr().isBlank() ? "" : " [stderr: " + r.stderr().trim() + "]");
    }

    /**
     * Sets a key over each port and reads it over the other.
     *
     * @return what the GET over TLS answered for the key set over the plain port, then what the
     *     GET over the plain port answered for the key set over TLS
     */
    private static List<String> crossReads(int plainPort, int tlsPort, Path cert) throws Exception {
        assertThat(cli(plainPort, null, "SET", "set-over-plain", "plain value")).isEqualTo("OK");
        assertThat(cli(tlsPort, cert, "SET", "set-over-tls", "tls value")).isEqualTo("OK");
        return List.of(cli(tlsPort, cert, "GET", "set-over-plain"), cli(plainPort, null, "GET", "set-over-tls"));
    }

    @Test
    void redisMainWithPortAndTlsPortSharesOneKeyspaceBetweenThem() throws Exception {
        SelfSigned.Pem pem = SelfSigned.write(dir);
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(List.of(java, "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), RedisMain.class.getName(), "--port", "0", "--tls-port", "0",
                "--tls-cert-file", pem.cert().toString(), "--tls-key-file", pem.key().toString()))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String plainLine = out.readLine();
            String tlsLine = out.readLine();
            assertThat(plainLine).matches("listening on 127\\.0\\.0\\.1:[0-9]+");
            assertThat(tlsLine).matches("listening on 127\\.0\\.0\\.1:[0-9]+ \\(tls\\)");
            int plainPort = Integer.parseInt(plainLine.substring(plainLine.lastIndexOf(':') + 1));
            int tlsPort = Integer.parseInt(tlsLine.substring(tlsLine.lastIndexOf(':') + 1, tlsLine.indexOf(' ', tlsLine.lastIndexOf(':'))));
            assertThat(crossReads(plainPort, tlsPort, pem.cert())).containsExactly("plain value", "tls value");
            assertThat(cli(tlsPort, null, "PING")).as("the TLS port does not answer plain RESP").doesNotContain("PONG");
            assertThat(cli(plainPort, pem.cert(), "PING")).as("the plain port does not speak TLS").doesNotContain("PONG");
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The check above against a broken variant: a plain and a TLS server with keyspaces of their own. */
    @Test
    void theCrossReadsFindNothingOnTwoServersWithKeyspacesOfTheirOwn() throws Exception {
        SelfSigned.Pem pem = SelfSigned.write(dir);
        try (RedisServer plain = RedisServer.start(RedisConfig.onPort(0).withWorkers(1));
                RedisServer secure = RedisServer.start(RedisConfig.onPort(0).withWorkers(1), RedisServer.tls(pem.cert(), pem.key(), null))) {
            assertThat(crossReads(plain.port(), secure.port(), pem.cert())).containsExactly("", "");
        }
    }

    @Test
    void closingTheServerClosesBothPorts() throws Exception {
        SelfSigned.Pem pem = SelfSigned.write(dir);
        RedisServer server = RedisServer.startWithTlsPort(RedisConfig.onPort(0).withWorkers(2), 0, RedisServer.tls(pem.cert(), pem.key(), null));
        int plainPort = server.port();
        int tlsPort = server.tlsPort();
        try (server) {
            assertThat(tlsPort).isNotEqualTo(plainPort);
            assertThat(crossReads(plainPort, tlsPort, pem.cert())).containsExactly("plain value", "tls value");
        }
        for (int port : List.of(plainPort, tlsPort)) {
            assertThatThrownBy(() -> {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
                }
            }).as("port %d after close", port).isInstanceOf(ConnectException.class);
        }
    }
}
