package dev.weft.examples.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.examples.fetch.HttpsFetch;
import dev.weft.net.tls.TlsContexts;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HTTP example serving HTTPS ({@code --tls} with the demo's self-signed certificate, as PEM),
 * as real clients see it: curl with {@code --cacert} over TLS 1.2 and 1.3 (ALPN {@code http/1.1}),
 * {@code openssl s_client}, and the README's recipe, the JDK's {@code HttpClient} awaited from a
 * woven body.
 */
@Timeout(60)
class HttpsTest {
    @TempDir
    static Path dir;
    private static HttpServer server;
    private static SelfSigned.Pem pem;

    @BeforeAll
    static void start() throws Exception {
        Proc.require("curl");
        Proc.require("openssl");
        pem = SelfSigned.write(dir);
        server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), Routes.techEmpower().build(), Limits.DEFAULT,
                HttpServer.tls(TlsContexts.fromPem(pem.cert(), pem.key())));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) server.close();
    }

    private static Proc.Result curl(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("curl", "--max-time", "15", "--cacert", pem.cert().toString(),
                "--resolve", "localhost:" + server.port() + ":127.0.0.1"));
        cmd.addAll(List.of(args));
        return Proc.run(Duration.ofSeconds(20), cmd);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.2", "1.3"})
    void curlGetsThePageOverEachTlsVersionWithAlpnHttp11(String version) throws Exception {
        String url = "https://localhost:" + server.port() + "/plaintext";
        Proc.Result r = curl("-sS", "-v", "--tlsv" + version, "--tls-max", version, url, url);
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("Hello, World!Hello, World!");
        assertThat(r.err()).contains("SSL connection using TLSv" + version).containsPattern("ALPN.*server accepted.*http/1\\.1")
                .containsPattern("Re-?using existing connection");
    }

    @Test
    void curlWithoutTheCertificateRefusesTheServer() throws Exception {
        Proc.Result r = Proc.run(Duration.ofSeconds(20), "curl", "--max-time", "15", "-sS", "--resolve",
                "localhost:" + server.port() + ":127.0.0.1", "https://localhost:" + server.port() + "/plaintext");
        assertThat(r.exit()).isEqualTo(60); // curl: peer certificate cannot be authenticated with known CA certificates
    }

    @Test
    void opensslClientVerifiesTheCertificateAndGetsAnAnswer() throws Exception {
        Process p = new ProcessBuilder("openssl", "s_client", "-connect", "127.0.0.1:" + server.port(), "-servername", "localhost",
                "-verify_hostname", "localhost", "-CAfile", pem.cert().toString(), "-verify_return_error", "-alpn", "http/1.1",
                "-ign_eof").redirectErrorStream(true).start();
        try {
            p.getOutputStream().write("GET /plaintext HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            p.getOutputStream().close();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            assertThat(p.waitFor(15, TimeUnit.SECONDS)).isTrue();
            assertThat(out).contains("Verify return code: 0 (ok)", "ALPN protocol: http/1.1", "HTTP/1.1 200 OK", "Hello, World!");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void theReadmeRecipeAwaitsTheJdkHttpClientFromAWovenBody() throws Exception {
        HttpClient client = HttpClient.newBuilder().sslContext(TlsContexts.trusting(pem.cert())).build();
        URI uri = URI.create("https://localhost:" + server.port() + "/plaintext");
        assertThat(Weft.run(HttpsFetch.body(client, uri))).isEqualTo("Hello, World!");
        HttpClient untrusting = HttpClient.newHttpClient();
        assertThatThrownBy(() -> Weft.run(HttpsFetch.body(untrusting, uri))).isInstanceOf(SSLHandshakeException.class);
    }

    @Test
    void httpMainWithTlsMakesASelfSignedCertificateAndServesHttps() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), HttpMain.class.getName(), "--tls", "0")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String made = out.readLine();
            String prefix = "self-signed certificate for localhost: ";
            assertThat(made).startsWith(prefix).contains(" (curl --cacert ");
            String cert = made.substring(prefix.length(), made.indexOf(" (curl"));
            String listening = out.readLine();
            assertThat(listening).matches("listening on https://127\\.0\\.0\\.1:[0-9]+");
            int port = Integer.parseInt(listening.substring(listening.lastIndexOf(':') + 1));
            Proc.Result r = Proc.run(Duration.ofSeconds(20), "curl", "--max-time", "15", "-sS", "--cacert", cert, "--resolve",
                    "localhost:" + port + ":127.0.0.1", "https://localhost:" + port + "/plaintext");
            assertThat(r.out()).as(r.err()).isEqualTo("Hello, World!");
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
