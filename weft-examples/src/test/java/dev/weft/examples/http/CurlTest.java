package dev.weft.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The server's features as curl (a client nobody here wrote) sees them, on 127.0.0.1. */
@Timeout(60)
class CurlTest {
    private static final Duration CURL_LIMIT = Duration.ofSeconds(20);
    private static final Limits LIMITS = new Limits(8 * 1024, 100, 16 * 1024, 256 * 1024, Duration.ofSeconds(10));

    @TempDir
    static Path dir;
    private static HttpServer server;
    private static String base;

    @BeforeAll
    static void start() throws Exception {
        Proc.require("curl");
        Files.createDirectories(dir.resolve("www"));
        Files.writeString(dir.resolve("www/a.txt"), "static a\n");
        Files.writeString(dir.resolve("secret.txt"), "secret\n");
        server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), Routes.all(dir.resolve("www")).build(), LIMITS);
        base = "http://127.0.0.1:" + server.port();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) server.close();
    }

    private static Proc.Result curl(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("curl", "--max-time", "15"));
        cmd.addAll(List.of(args));
        return Proc.run(CURL_LIMIT, cmd);
    }

    private static String status(String... args) throws Exception {
        List<String> a = new ArrayList<>(List.of("-s", "-o", "/dev/null", "-w", "%{http_code}"));
        a.addAll(List.of(args));
        return curl(a.toArray(String[]::new)).out();
    }

    private static Path file(String name, int size) throws Exception {
        byte[] b = new byte[size];
        new Random(size).nextBytes(b);
        return Files.write(dir.resolve(name), b);
    }

    @Test
    void plaintextAndJsonAnswerAsTechEmpowerAsks() throws Exception {
        Proc.Result p = curl("-s", "-i", base + "/plaintext");
        assertThat(p.out()).startsWith("HTTP/1.1 200 OK").contains("Content-Type: text/plain\r\n").contains("Server: weft")
                .contains("Date: ").endsWith("\r\n\r\nHello, World!");
        assertThat(curl("-s", "-i", base + "/json").out()).contains("Content-Type: application/json\r\n")
                .endsWith("{\"message\":\"Hello, World!\"}");
    }

    @Test
    void twoUrlsReuseOneKeptAliveConnection() throws Exception {
        Proc.Result p = curl("-s", "-v", base + "/plaintext", base + "/json");
        assertThat(p.out()).isEqualTo("Hello, World!{\"message\":\"Hello, World!\"}");
        assertThat(p.err()).containsPattern("Re-?using existing connection");
    }

    @Test
    void pipelinedRequestsOnARawSocketAreAnsweredInOrder() throws Exception {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(("GET /json HTTP/1.1\r\nHost: h\r\n\r\nGET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n"
                    + "GET /json HTTP/1.1\r\nHost: h\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            assertThat(RawHttp.readResponse(in)).endsWith("{\"message\":\"Hello, World!\"}");
            assertThat(RawHttp.readResponse(in)).endsWith("Hello, World!");
            assertThat(RawHttp.readResponse(in)).endsWith("{\"message\":\"Hello, World!\"}");
        }
    }

    /** Uploads a random file of {@code size} bytes to /echo with curl's {@code extra} options. */
    private static Proc.Result upload(String name, int size, String... extra) throws Exception {
        Path f = file(name, size);
        Path back = dir.resolve(name + ".out");
        List<String> a = new ArrayList<>(List.of("-s", "-v"));
        a.addAll(List.of(extra));
        a.addAll(List.of("--data-binary", "@" + f, "-o", back.toString(), base + "/echo"));
        Proc.Result p = curl(a.toArray(String[]::new));
        assertThat(p.exit()).as(p.err()).isZero();
        assertThat(Files.readAllBytes(back)).as("echoed upload").isEqualTo(Files.readAllBytes(f));
        return p;
    }

    @Test
    void contentLengthUploadsArriveWhole() throws Exception {
        assertThat(upload("upload.bin", 100_000).err()).contains("> Content-Length: 100000");
    }

    @Test
    void chunkedUploadsArriveWhole() throws Exception {
        assertThat(upload("chunked.bin", 150_000, "-H", "Transfer-Encoding: chunked").err())
                .contains("> Transfer-Encoding: chunked");
    }

    @Test
    void expectContinueGets100ContinueAndThenTheAnswer() throws Exception {
        assertThat(upload("expect.bin", 2_000, "-H", "Expect: 100-continue").err())
                .contains("< HTTP/1.1 100 Continue").contains("< HTTP/1.1 200 OK");
    }

    @Test
    void connectionCloseIsAnsweredWithCloseAndTheConnectionEnds() throws Exception {
        Proc.Result p = curl("-s", "-v", "-H", "Connection: close", base + "/plaintext");
        assertThat(p.out()).isEqualTo("Hello, World!");
        assertThat(p.err()).contains("< Connection: close").containsPattern("(?i)closing connection");
    }

    @Test
    void headGetsTheHeadWithoutABody() throws Exception {
        Proc.Result p = curl("-s", "-I", base + "/plaintext");
        assertThat(p.out()).startsWith("HTTP/1.1 200 OK").contains("Content-Length: 13\r\n").doesNotContain("Hello");
    }

    @Test
    void chunkedAnswersAreDecodedByCurl() throws Exception {
        Proc.Result p = curl("-s", "-v", base + "/chunked");
        assertThat(p.err()).contains("< Transfer-Encoding: chunked");
        assertThat(p.out()).isEqualTo("Hello, chunked World!\n");
    }

    @Test
    void staticFilesAreServedAndNothingOutsideTheirDirectory() throws Exception {
        assertThat(curl("-s", "-i", base + "/static/a.txt").out()).contains("Content-Type: text/plain; charset=utf-8")
                .endsWith("static a\n");
        assertThat(status("--path-as-is", base + "/static/../secret.txt")).isEqualTo("404");
        assertThat(status(base + "/static/%2e%2e/secret.txt")).isEqualTo("404");
        assertThat(status(base + "/static/missing.txt")).isEqualTo("404");
    }

    @Test
    void unknownPathsGet404AndWrongMethodsGet405WithAllow() throws Exception {
        assertThat(status(base + "/nope")).isEqualTo("404");
        Proc.Result p = curl("-s", "-i", "-X", "POST", base + "/plaintext");
        assertThat(p.out()).startsWith("HTTP/1.1 405 Method Not Allowed").contains("Allow: GET, HEAD\r\n");
    }

    @Test
    void anOversizedBodyGets413() throws Exception {
        Path f = file("big.bin", 300_000);
        assertThat(status("--data-binary", "@" + f, base + "/echo")).isEqualTo("413");
    }

    @Test
    void oversizedHeadersGet431AndAnOverlongTargetGets414() throws Exception {
        assertThat(status("-H", "X-Big: " + "b".repeat(20_000), base + "/plaintext")).isEqualTo("431");
        assertThat(status(base + "/" + "u".repeat(9_000))).isEqualTo("414");
    }

    @Test
    void aRefusedClientDisturbsNoOtherConnection() throws Exception {
        try (Socket healthy = new Socket("127.0.0.1", server.port())) {
            healthy.setSoTimeout(10_000);
            healthy.getOutputStream().write("GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(RawHttp.readResponse(healthy.getInputStream())).endsWith("Hello, World!");
            assertThat(status("-H", "X-Big: " + "b".repeat(20_000), base + "/plaintext")).isEqualTo("431");
            healthy.getOutputStream().write("GET /json HTTP/1.1\r\nHost: h\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(RawHttp.readResponse(healthy.getInputStream())).endsWith("{\"message\":\"Hello, World!\"}");
        }
    }
}
