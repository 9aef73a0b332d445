package dev.weft.examples.http;

import static dev.weft.examples.http.Feed.all;
import static dev.weft.examples.http.Feed.one;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestDecoderTest {
    private static final Limits SMALL = new Limits(64, 4, 256, 100, Duration.ofSeconds(1));

    private static int statusOf(Limits limits, String text) {
        try {
            all(new RequestDecoder(limits), text);
        } catch (ProtocolError e) {
            return e.status();
        }
        throw new AssertionError("accepted: " + text);
    }

    private static int statusOf(String text) {
        return statusOf(Limits.DEFAULT, text);
    }

    @Test
    void decodesARequestLineAndHeaderFields() throws Exception {
        Request r = one("GET /search?q=weft HTTP/1.1\r\nHost: example\r\nX-Twice: a\r\nx-twice:  b \r\n\r\n");
        assertThat(r.method()).isEqualTo("GET");
        assertThat(r.path()).isEqualTo("/search");
        assertThat(r.query()).isEqualTo("q=weft");
        assertThat(r.minorVersion()).isEqualTo(1);
        assertThat(r.headers().get("HOST")).isEqualTo("example");
        assertThat(r.headers().all("X-Twice")).containsExactly("a", "b");
        assertThat(r.body()).isEmpty();
        assertThat(r.keepAlive()).isTrue();
    }

    @Test
    void decodesTheSameRequestWhicheverWayItsBytesAreSplit() throws Exception {
        String text = "POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;ext=1\r\nhello\r\n1\r\n!\r\n0\r\nX-Sum: 6\r\n\r\n";
        for (int piece = 1; piece <= text.length(); piece++) {
            List<Request> rs = Feed.pieces(new RequestDecoder(Limits.DEFAULT), Feed.ascii(text), piece);
            assertThat(rs).as("piece %d", piece).hasSize(1);
            assertThat(Feed.text(rs.get(0).body())).isEqualTo("hello!");
            assertThat(rs.get(0).trailers().get("x-sum")).isEqualTo("6");
        }
    }

    @Test
    void decodesEveryPipelinedRequestInOrder() throws Exception {
        List<Request> rs = all("GET /a HTTP/1.1\r\nHost: h\r\n\r\nPOST /b HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nxyz"
                + "GET /c HTTP/1.1\r\nHost: h\r\n\r\n");
        assertThat(rs).extracting(Request::target).containsExactly("/a", "/b", "/c");
        assertThat(Feed.text(rs.get(1).body())).isEqualTo("xyz");
    }

    @Test
    void acceptsBareLineFeedsAndLeadingEmptyLines() throws Exception {
        Request r = one("\r\n\nGET / HTTP/1.1\nHost: h\n\n");
        assertThat(r.target()).isEqualTo("/");
    }

    @Test
    void http10ClosesUnlessItAsksForKeepAliveAndHttp11StaysUnlessItAsksForClose() throws Exception {
        assertThat(one("GET / HTTP/1.0\r\n\r\n").keepAlive()).isFalse();
        assertThat(one("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").keepAlive()).isTrue();
        assertThat(one("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n").keepAlive()).isFalse();
        assertThat(one("GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade, close\r\n\r\n").keepAlive()).isFalse();
    }

    @Test
    void absoluteFormTargetsBecomeOriginForm() throws Exception {
        assertThat(one("GET http://example.com/x?y HTTP/1.1\r\nHost: h\r\n\r\n").target()).isEqualTo("/x?y");
        assertThat(one("GET http://example.com HTTP/1.1\r\nHost: h\r\n\r\n").target()).isEqualTo("/");
        assertThat(one("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n").target()).isEqualTo("*");
    }

    @Test
    void expectContinueIsOfferedOnceAfterTheHeadAndBeforeAnyBody() throws Exception {
        RequestDecoder d = new RequestDecoder(Limits.DEFAULT);
        assertThat(all(d, "PUT /f HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")).isEmpty();
        assertThat(d.takeContinue()).isTrue();
        assertThat(d.takeContinue()).isFalse();
        assertThat(all(d, "ok")).hasSize(1);
        RequestDecoder eager = new RequestDecoder(Limits.DEFAULT);
        assertThat(all(eager, "PUT /f HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\no")).isEmpty();
        assertThat(eager.takeContinue()).as("some body came already").isFalse();
    }

    @Test
    void anUnknownExpectationIsRefusedWith417() {
        assertThat(statusOf("PUT / HTTP/1.1\r\nHost: h\r\nExpect: tea\r\n\r\n")).isEqualTo(417);
    }

    @Test
    void anOverlongRequestLineIsRefusedWith414EvenBeforeItEnds() {
        assertThat(statusOf(SMALL, "GET /" + "a".repeat(100) + " HTTP/1.1\r\n\r\n")).isEqualTo(414);
        assertThat(statusOf(SMALL, "GET /" + "a".repeat(100))).isEqualTo(414);
    }

    @Test
    void tooManyOrTooLargeHeaderFieldsAreRefusedWith431() {
        assertThat(statusOf(SMALL, "GET / HTTP/1.1\r\nHost: h\r\na: 1\r\nb: 2\r\nc: 3\r\nd: 4\r\n\r\n")).isEqualTo(431);
        assertThat(statusOf(SMALL, "GET / HTTP/1.1\r\nHost: " + "h".repeat(300) + "\r\n\r\n")).isEqualTo(431);
        assertThat(statusOf(SMALL, "GET / HTTP/1.1\r\nHost: " + "h".repeat(300))).isEqualTo(431);
    }

    @Test
    void trailerFieldsCountAgainstTheHeaderLimits() {
        String head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n";
        assertThat(statusOf(SMALL, head + "a: 1\r\nb: 2\r\nc: 3\r\nd: 4\r\n\r\n")).isEqualTo(431);
    }

    @Test
    void anOversizedBodyIsRefusedWith413BeforeItArrives() {
        assertThat(statusOf(SMALL, "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 101\r\n\r\n")).isEqualTo(413);
        assertThat(statusOf(SMALL, "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n"))
                .isEqualTo(413);
        assertThat(statusOf(SMALL, "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n40\r\n"
                + "x".repeat(64) + "\r\n40\r\n")).isEqualTo(413);
        assertThat(statusOf(SMALL, "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffff\r\n"))
                .isEqualTo(413);
    }

    @Test
    void aBodyOfExactlyTheLimitIsAccepted() throws Exception {
        RequestDecoder d = new RequestDecoder(SMALL);
        assertThat(all(d, "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n" + "b".repeat(100))).hasSize(1);
    }

    @Test
    void unknownTransferCodingsAreRefusedWith501() {
        assertThat(statusOf("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n")).isEqualTo(501);
    }

    @Test
    void otherHttpVersionsAreRefusedWith505() {
        assertThat(statusOf("GET / HTTP/2.0\r\n\r\n")).isEqualTo(505);
        assertThat(statusOf("GET / HTTP/0.9\r\n\r\n")).isEqualTo(505);
    }

    @Test
    void malformedRequestsAreRefusedWith400() {
        for (String bad : List.of(
                "GET /\r\n\r\n",
                "GET  / HTTP/1.1\r\nHost: h\r\n\r\n",
                "G@T / HTTP/1.1\r\nHost: h\r\n\r\n",
                "GET / HTTP/1.1 \r\nHost: h\r\n\r\n",
                "GET / http/1.1\r\nHost: h\r\n\r\n",
                "GET /\u0001 HTTP/1.1\r\nHost: h\r\n\r\n",
                "GET nope HTTP/1.1\r\nHost: h\r\n\r\n",
                "GET / HTTP/1.1\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
                "GET / HTTP/1.1\r\nHost : h\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1x\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, chunked\r\n\r\n",
                "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n")) {
            assertThat(statusOf(bad)).as(bad).isEqualTo(400);
        }
    }

    @Test
    void aRefusedDecoderKeepsRefusing() {
        RequestDecoder d = new RequestDecoder(Limits.DEFAULT);
        assertThatThrownBy(() -> all(d, "BAD\r\n\r\n")).isInstanceOf(ProtocolError.class);
        assertThatThrownBy(d::next).isInstanceOf(ProtocolError.class).hasMessage("malformed request line");
    }

    @Test
    void headRequestsAreMarkedSoTheirAnswerHasNoBody() throws Exception {
        assertThat(one("HEAD / HTTP/1.1\r\nHost: h\r\n\r\n").isHead()).isTrue();
    }

    @Test
    void memoryStaysWithinTheLimitsWhateverArrives() throws Exception {
        RequestDecoder d = new RequestDecoder(SMALL);
        try {
            Feed.pieces(d, Feed.ascii("GET /" + "a".repeat(1 << 20)), 4096);
        } catch (ProtocolError expected) {
            assertThat(expected.status()).isEqualTo(414);
        }
        assertThat(d.retainedBytes()).isLessThanOrEqualTo(Bounds.of(SMALL));
    }

    @Test
    void limitsRefuseNonPositiveBoundsWithAClearMessage() {
        assertThatThrownBy(() -> new Limits(0, 1, 1, 1, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxRequestLine");
        assertThatThrownBy(() -> new Limits(1, 1, 1, 1, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("headerTimeout");
    }

    @Test
    void filledRefusesMoreBytesThanTheBufferHasRoomFor() {
        RequestDecoder d = new RequestDecoder(Limits.DEFAULT);
        int room = d.readBuffer().remaining();
        assertThatThrownBy(() -> d.filled(room + 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> d.filled(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
