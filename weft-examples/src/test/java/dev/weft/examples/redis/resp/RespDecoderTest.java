package dev.weft.examples.redis.resp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RespDecoderTest {
    private static final RespLimits SMALL = new RespLimits(16, 8, 4, 2, 64);

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String[] words(byte[][] args) {
        return Arrays.stream(args).map(a -> new String(a, StandardCharsets.ISO_8859_1)).toArray(String[]::new);
    }

    private static byte[][] request(RespLimits limits, String input) throws RespProtocolException {
        byte[] b = bytes(input);
        return new RespDecoder(limits).decodeRequest(b, 0, b.length);
    }

    @Test
    void decodesPipelinedMultibulkAndInlineRequestsOneAtATime() throws Exception {
        byte[] b = bytes("*2\r\n$3\r\nGET\r\n$1\r\nk\r\nPING\r\n");
        RespDecoder d = new RespDecoder(RespLimits.DEFAULT);
        assertThat(words(d.decodeRequest(b, 0, b.length))).containsExactly("GET", "k");
        int at = d.consumed();
        assertThat(words(d.decodeRequest(b, at, b.length))).containsExactly("PING");
        assertThat(at + d.consumed()).isEqualTo(b.length);
    }

    @Test
    void anIncompleteRequestConsumesNothingAndSaysHowFarTheBytesMustReach() throws Exception {
        byte[] b = bytes("*1\r\n$5\r\nhel");
        RespDecoder d = new RespDecoder(RespLimits.DEFAULT);
        assertThat(d.decodeRequest(b, 0, b.length)).isNull();
        assertThat(d.needed()).isEqualTo(b.length + 2 + 2); // "lo" and CRLF
        for (int cut = 0; cut < b.length; cut++) assertThat(d.decodeRequest(b, 0, cut)).as("cut at %d", cut).isNull();
    }

    @Test
    void inlineCommandsSplitOnSpacesAndHonourQuotes() throws Exception {
        assertThat(words(request(RespLimits.DEFAULT, "set \"a b\" 'it\\'s' \"\\x41\\n\"\r\n")))
                .containsExactly("set", "a b", "it's", "A\n");
        assertThatThrownBy(() -> request(RespLimits.DEFAULT, "set \"a\r\n"))
                .hasMessage("unbalanced quotes in request");
        assertThat(request(RespLimits.DEFAULT, "  \r\n")).isEmpty();
    }

    @Test
    void emptyAndNullArraysAreEmptyRequests() throws Exception {
        assertThat(request(RespLimits.DEFAULT, "*0\r\n")).isEmpty();
        assertThat(request(RespLimits.DEFAULT, "*-1\r\n")).isEmpty();
    }

    @Test
    void anInlineLineLongerThanTheLimitIsRejectedBeforeItEnds() {
        assertThatThrownBy(() -> request(SMALL, "x".repeat(17))).hasMessage("too big inline request");
        assertThatThrownBy(() -> request(SMALL, "x".repeat(17) + "\r\n")).hasMessage("too big inline request");
    }

    @Test
    void aLineOfExactlyTheLimitIsAccepted() throws Exception {
        assertThat(words(request(SMALL, "x".repeat(16) + "\r\n"))).containsExactly("x".repeat(16));
    }

    @Test
    void aHeaderLineLongerThanTheLimitIsRejected() {
        assertThatThrownBy(() -> request(SMALL, "*" + "1".repeat(20))).hasMessage("too big mbulk count string");
        assertThatThrownBy(() -> request(SMALL, "*1\r\n$" + "1".repeat(20))).hasMessage("too big bulk count string");
    }

    @Test
    void aBulkStringLongerThanTheLimitIsRejectedAtItsHeader() {
        assertThatThrownBy(() -> request(SMALL, "*1\r\n$9\r\n")).hasMessage("invalid bulk length");
        assertThatThrownBy(() -> request(RespLimits.DEFAULT, "*1\r\n$600000000\r\n")).hasMessage("invalid bulk length");
    }

    @Test
    void anArrayOfMoreElementsThanTheLimitIsRejectedAtItsHeader() {
        assertThatThrownBy(() -> request(SMALL, "*5\r\n")).hasMessage("invalid multibulk length");
        assertThatThrownBy(() -> request(SMALL, "a b c d e\r\n")).hasMessage("invalid multibulk length");
    }

    @Test
    void aRequestSpanningMoreBytesThanTheLimitIsRejectedBeforeItIsBuffered() {
        RespLimits limits = new RespLimits(16, 8, 8, 2, 64);
        String fifth = "*8\r\n" + "$8\r\n12345678\r\n".repeat(4) + "$8\r\n"; // the fifth body would end at byte 74
        assertThatThrownBy(() -> request(limits, fifth)).hasMessage("request too big");
    }

    @Test
    void nestedArraysDeeperThanTheLimitAreRejected() throws Exception {
        byte[] ok = bytes("*1\r\n*1\r\n:1\r\n");
        assertThat(new RespDecoder(SMALL).decodeValue(ok, 0, ok.length)).isInstanceOf(Object[].class);
        byte[] deep = bytes("*1\r\n*1\r\n*1\r\n:1\r\n");
        assertThatThrownBy(() -> new RespDecoder(SMALL).decodeValue(deep, 0, deep.length)).hasMessage("nesting too deep");
    }

    @Test
    void aRequestHoldsOnlyBulkStringsAsRedisRequires() {
        assertThatThrownBy(() -> request(RespLimits.DEFAULT, "*1\r\n*1\r\n$1\r\na\r\n")).hasMessage("expected '$', got '*'");
        assertThatThrownBy(() -> request(RespLimits.DEFAULT, "*1\r\n:1\r\n")).hasMessage("expected '$', got ':'");
        assertThatThrownBy(() -> request(RespLimits.DEFAULT, "*1\r\n$-1\r\n")).hasMessage("invalid bulk length");
    }

    @Test
    void malformedLengthsAndAMissingCrlfAfterABodyAreProtocolErrors() {
        assertThatThrownBy(() -> request(RespLimits.DEFAULT, "*x\r\n")).hasMessage("invalid multibulk length");
        assertThatThrownBy(() -> request(RespLimits.DEFAULT, "*1\r\n$+1\r\n")).hasMessage("invalid bulk length");
        assertThatThrownBy(() -> request(RespLimits.DEFAULT, "*1\r\n$99999999999999999999\r\n")).hasMessage("invalid bulk length");
        assertThatThrownBy(() -> request(RespLimits.DEFAULT, "*1\r\n$4\r\nPINGxx")).hasMessage("expected CRLF after bulk string");
    }

    @Test
    void decodesEveryReplyType() throws Exception {
        byte[] b = bytes("*6\r\n+OK\r\n-ERR no\r\n:-42\r\n$2\r\nhi\r\n$-1\r\n*-1\r\n");
        Object[] v = (Object[]) new RespDecoder(RespLimits.DEFAULT).decodeValue(b, 0, b.length);
        assertThat(v[0]).isEqualTo("OK");
        assertThat(v[1]).isEqualTo(new RespError("ERR no"));
        assertThat(v[2]).isEqualTo(-42L);
        assertThat(v[3]).isEqualTo(bytes("hi"));
        assertThat(v[4]).isEqualTo(RespNull.NULL);
        assertThat(v[5]).isEqualTo(RespNull.NULL);
    }
}
