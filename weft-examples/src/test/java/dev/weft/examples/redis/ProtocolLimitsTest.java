package dev.weft.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.redis.resp.RespError;
import dev.weft.examples.redis.resp.RespLimits;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Each limit broken over a real connection: the server answers {@code -ERR Protocol error: ...},
 * closes that connection, and another client connected all along is served as before.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProtocolLimitsTest {
    private static final RespLimits LIMITS = new RespLimits(64, 1024, 16, 2, 8 * 1024);

    private static void assertRejected(String input, String error) throws Exception {
        try (RedisServer server = ServerFixture.start(RedisConfig.onPort(0).withLimits(LIMITS));
             RespClient bystander = new RespClient(server.port());
             RespClient hostile = new RespClient(server.port())) {
            assertThat(bystander.call("SET", "k", "before")).isEqualTo("OK");
            hostile.sendRaw(input.getBytes(StandardCharsets.ISO_8859_1));
            assertThat(hostile.reply()).isEqualTo(new RespError("ERR Protocol error: " + error));
            assertThat(hostile.closedWithin(5000)).as("the hostile connection is closed").isTrue();
            assertThat(RespClient.text(bystander.call("GET", "k"))).isEqualTo("before");
            assertThat(bystander.call("PING")).isEqualTo("PONG");
        }
    }

    @Test
    void anInlineLineOverTheLimitIsAnsweredWithAProtocolErrorAndClosed() throws Exception {
        assertRejected("x".repeat(100), "too big inline request");
    }

    @Test
    void aBulkStringOverTheLimitIsAnsweredWithAProtocolErrorAndClosed() throws Exception {
        assertRejected("*2\r\n$3\r\nGET\r\n$2000\r\n", "invalid bulk length");
    }

    @Test
    void anArrayOverTheCountLimitIsAnsweredWithAProtocolErrorAndClosed() throws Exception {
        assertRejected("*17\r\n", "invalid multibulk length");
    }

    @Test
    void aRequestOverTheByteLimitIsAnsweredWithAProtocolErrorAndClosed() throws Exception {
        String element = "$1000\r\n" + "x".repeat(1000) + "\r\n";
        assertRejected("*16\r\n" + element.repeat(9), "request too big");
    }

    @Test
    void aNestedArrayIsAnsweredWithAProtocolErrorAndClosed() throws Exception {
        assertRejected("*1\r\n*1\r\n$1\r\na\r\n", "expected '$', got '*'");
    }

    @Test
    void repliesToRequestsBeforeTheBadOneAreWrittenFirst() throws Exception {
        try (RedisServer server = ServerFixture.start(RedisConfig.onPort(0).withLimits(LIMITS));
             RespClient c = new RespClient(server.port())) {
            c.sendRaw("PING\r\nECHO hi\r\n*99\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(c.reply()).isEqualTo("PONG");
            assertThat(RespClient.text(c.reply())).isEqualTo("hi");
            assertThat(c.reply()).isEqualTo(new RespError("ERR Protocol error: invalid multibulk length"));
            assertThat(c.closedWithin(5000)).isTrue();
        }
    }
}
