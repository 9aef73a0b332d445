package dev.weft.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.examples.Transport;
import dev.weft.future.Future;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class HttpConnectionTest {
    private static final Router ROUTES = Routes.all(null)
            .route("GET", "/fail", r -> {
                throw new IllegalStateException("handler bug");
            })
            .build();

    private static ScriptedTransport serve(ScriptedTransport t) {
        Weft.blockOn(HttpConnection.serve(t, ROUTES, Limits.DEFAULT, HttpDate.SHARED));
        return t;
    }

    private static ScriptedTransport serve(String input) {
        return serve(new ScriptedTransport(input));
    }

    private static int count(String haystack, String needle) {
        Matcher m = Pattern.compile(Pattern.quote(needle)).matcher(haystack);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    @Test
    void answersPipelinedRequestsInOrderWithOneWritePerBatch() {
        ScriptedTransport t = serve("GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\nGET /json HTTP/1.1\r\nHost: h\r\n\r\n"
                + "GET /nope HTTP/1.1\r\nHost: h\r\n\r\n");
        String out = t.output();
        assertThat(t.writes()).hasSize(1);
        assertThat(out.indexOf("Hello, World!")).isLessThan(out.indexOf("{\"message\":\"Hello, World!\"}"));
        assertThat(out.indexOf("{\"message\"")).isLessThan(out.indexOf("HTTP/1.1 404 Not Found"));
        assertThat(t.closed()).isTrue();
    }

    @Test
    void plaintextAndJsonCarryTechEmpowersHeaders() {
        String out = serve("GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\nGET /json HTTP/1.1\r\nHost: h\r\n\r\n").output();
        assertThat(out).contains("Content-Type: text/plain\r\nContent-Length: 13\r\n\r\nHello, World!");
        assertThat(out).contains("Content-Type: application/json\r\nContent-Length: 27\r\n\r\n{\"message\":\"Hello, World!\"}");
        assertThat(count(out, "Server: weft\r\n")).isEqualTo(2);
        assertThat(out).containsPattern("Date: [A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT\r\n");
    }

    @Test
    void connectionCloseEndsTheConnectionAfterItsAnswerAndLaterRequestsAreIgnored() {
        ScriptedTransport t = serve("GET /plaintext HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"
                + "GET /json HTTP/1.1\r\nHost: h\r\n\r\n");
        assertThat(t.output()).contains("Connection: close\r\n").doesNotContain("message");
    }

    @Test
    void http10GetsItsAnswerAndTheConnectionClosesUnlessItAskedForKeepAlive() {
        String out = serve("GET /plaintext HTTP/1.0\r\n\r\nGET /json HTTP/1.0\r\n\r\n").output();
        assertThat(out).contains("Connection: close").doesNotContain("message");
        String kept = serve("GET /plaintext HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /json HTTP/1.0\r\n\r\n").output();
        assertThat(kept).contains("Connection: keep-alive").contains("message");
    }

    @Test
    void headGetsTheHeadOfTheGetAnswerAndNoBody() {
        String out = serve("HEAD /plaintext HTTP/1.1\r\nHost: h\r\n\r\n").output();
        assertThat(out).contains("Content-Length: 13\r\n").endsWith("\r\n\r\n").doesNotContain("Hello");
    }

    @Test
    void chunkedAnswersAreChunkedForHttp11AndWholeForHttp10() {
        assertThat(serve("GET /chunked HTTP/1.1\r\nHost: h\r\n\r\n").output())
                .contains("Transfer-Encoding: chunked\r\n\r\n7\r\nHello, \r\n8\r\nchunked \r\n7\r\nWorld!\n\r\n0\r\n\r\n");
        assertThat(serve("GET /chunked HTTP/1.0\r\n\r\n").output())
                .contains("Content-Length: 22\r\n").endsWith("Hello, chunked World!\n");
    }

    @Test
    void contentLengthAndChunkedUploadsReachTheHandlerWhole() {
        assertThat(serve("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello").output()).endsWith("\r\n\r\nhello");
        assertThat(serve("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
                .output()).contains("Content-Length: 5\r\n").endsWith("abcde");
    }

    @Test
    void expectContinueIsAnsweredWith100BeforeTheBodyIsRead() {
        String request = "POST /echo HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\nbody";
        int head = request.indexOf("\r\n\r\n") + 4;
        ScriptedTransport t = new ScriptedTransport(Feed.ascii(request),
                read -> read == 0 ? head : Integer.MAX_VALUE); // the head alone first, as a client that waits
        serve(t);
        assertThat(Feed.text(t.writes().get(0))).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
        assertThat(t.output()).contains("HTTP/1.1 200 OK").endsWith("body");
    }

    @Test
    void aRefusedRequestIsAnsweredWithItsStatusAndCloseAfterTheAnswersBeforeIt() {
        ScriptedTransport t = serve("GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\nGET / HTTP/3.0\r\n\r\nGET /json HTTP/1.1\r\nHost: h\r\n\r\n");
        String out = t.output();
        assertThat(out).startsWith("HTTP/1.1 200 OK").contains("HTTP/1.1 505 HTTP Version Not Supported\r\n")
                .contains("Connection: close\r\n").doesNotContain("message");
        assertThat(t.closed()).isTrue();
    }

    @Test
    void aFailingHandlerGets500AndOnlyItsConnectionEnds() {
        String out = serve("GET /fail HTTP/1.1\r\nHost: h\r\n\r\nGET /json HTTP/1.1\r\nHost: h\r\n\r\n").output();
        assertThat(out).contains("HTTP/1.1 500 Internal Server Error").contains("Connection: close").doesNotContain("message");
    }

    @Test
    void unknownPathsGet404AndWrongMethodsGet405WithAllow() {
        String out = serve("GET /nope HTTP/1.1\r\nHost: h\r\n\r\nDELETE /json HTTP/1.1\r\nHost: h\r\n\r\n").output();
        assertThat(out).contains("HTTP/1.1 404 Not Found").contains("HTTP/1.1 405 Method Not Allowed")
                .contains("Allow: GET, HEAD\r\n");
    }

    @Test
    void staticFilesAreServedWithTheirTypeAndNothingOutsideTheirDirectory(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        java.nio.file.Files.writeString(dir.resolve("a.txt"), "file a");
        java.nio.file.Files.createDirectories(dir.resolve("sub"));
        java.nio.file.Files.writeString(dir.resolve("sub/index.html"), "<p>index</p>");
        java.nio.file.Files.writeString(dir.getParent().resolve("secret-" + dir.getFileName()), "secret");
        Router r = Routes.all(dir).build();
        String req = "GET /static/a.txt HTTP/1.1\r\nHost: h\r\n\r\nGET /static/sub/ HTTP/1.1\r\nHost: h\r\n\r\n"
                + "GET /static/../secret-" + dir.getFileName() + " HTTP/1.1\r\nHost: h\r\n\r\n"
                + "GET /static/%2e%2e/secret-" + dir.getFileName() + " HTTP/1.1\r\nHost: h\r\n\r\n"
                + "GET /static/missing HTTP/1.1\r\nHost: h\r\n\r\n";
        ScriptedTransport t = new ScriptedTransport(req);
        Weft.blockOn(HttpConnection.serve(t, r, Limits.DEFAULT, HttpDate.SHARED));
        String out = t.output();
        assertThat(out).contains("Content-Type: text/plain; charset=utf-8\r\nContent-Length: 6\r\n\r\nfile a");
        assertThat(out).contains("Content-Type: text/html; charset=utf-8").contains("<p>index</p>");
        assertThat(count(out, "HTTP/1.1 404 Not Found")).isEqualTo(3);
        assertThat(out).doesNotContain("secret");
    }

    @Test
    void aHandlerMayAwaitBeforeAnswering() {
        Router r = Router.builder().route("GET", "/later", req -> Weft.async(() -> {
            String v = Weft.await(Future.ready("awaited"));
            return Response.text(200, v);
        })).build();
        ScriptedTransport t = new ScriptedTransport("GET /later HTTP/1.1\r\nHost: h\r\n\r\n");
        Weft.blockOn(HttpConnection.serve(t, r, Limits.DEFAULT, HttpDate.SHARED));
        assertThat(t.output()).endsWith("awaited");
    }
}
