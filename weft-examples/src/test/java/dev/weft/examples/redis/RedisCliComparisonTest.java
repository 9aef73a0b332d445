package dev.weft.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The same client, the same script, two servers: what {@code redis-cli} prints against Weft's
 * server must be what it prints against the real {@code redis-server}, for every command Weft
 * supports (and their error cases), for pub/sub, and for malformed requests.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RedisCliComparisonTest {

    @Test
    void redisCliPrintsTheSameForEveryCommandAsAgainstRealRedis() throws Exception {
        String script = script();
        String cli = RedisTools.require("redis-cli");
        try (RealRedisServer real = RealRedisServer.start(); RedisServer weft = RedisServer.start(RedisConfig.onPort(0))) {
            RedisTools.Run expected = RedisTools.run(List.of(cli, "-p", String.valueOf(real.port())), script, 30);
            RedisTools.Run actual = RedisTools.run(List.of(cli, "-p", String.valueOf(weft.port())), script, 30);
            assertThat(expected.stdout()).as("the reference run printed replies").contains("PONG", "WRONGTYPE");
            assertThat(numbered(actual.stdout())).isEqualTo(numbered(expected.stdout()));
            assertThat(actual.exit()).isEqualTo(expected.exit());
        }
    }

    @Test
    void aSubscribedRedisCliPrintsTheSameMessagesAsAgainstRealRedis() throws Exception {
        try (RealRedisServer real = RealRedisServer.start(); RedisServer weft = RedisServer.start(RedisConfig.onPort(0))) {
            String expected = subscriberOutput(real.port());
            String actual = subscriberOutput(weft.port());
            assertThat(expected).contains("message", "hello", "world");
            assertThat(actual).isEqualTo(expected);
        }
    }

    @Test
    void subscribedModeAnswersTheSameRepliesAsRealRedis() throws Exception {
        String[][] session = {
            {"SUBSCRIBE", "a", "b"}, {"GET"}, {"GET", "k"}, {"PING"}, {"PING", "x"}, {"UNSUBSCRIBE", "a"},
            {"UNSUBSCRIBE"}, {"UNSUBSCRIBE"}, {"PING"}, {"SET", "k", "v"}, {"GET", "k"},
        };
        int replies = 12; // SUBSCRIBE answers once per channel
        try (RealRedisServer real = RealRedisServer.start(); RedisServer weft = RedisServer.start(RedisConfig.onPort(0))) {
            assertThat(replies(weft.port(), session, replies)).isEqualTo(replies(real.port(), session, replies));
        }
    }

    @Test
    void malformedRequestsGetTheSameProtocolErrorsAsFromRealRedis() throws Exception {
        String[] inputs = {
            "*1\r\n*1\r\n$1\r\na\r\n", "*1\r\n$-1\r\n", "*x\r\n", "*1\r\n$x\r\n", "*1\r\n:1\r\n",
            "set \"a b\" \"c\\x41\"\r\nget \"a b\"\r\nset \"a\r\n", "*-1\r\nPING\r\n*0\r\n\r\nPING\r\n",
            "*1\r\n$600000000\r\n", "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$-5\r\n",
        };
        try (RealRedisServer real = RealRedisServer.start(); RedisServer weft = RedisServer.start(RedisConfig.onPort(0))) {
            for (String input : inputs) {
                assertThat(rawExchange(weft.port(), input)).as(input).isEqualTo(rawExchange(real.port(), input));
            }
        }
    }

    private static String script() throws IOException {
        try (InputStream in = RedisCliComparisonTest.class.getResourceAsStream("every-command.redis")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Lines numbered, so a difference names its place. */
    private static List<String> numbered(String out) {
        List<String> lines = new ArrayList<>();
        String[] split = out.split("\n", -1);
        for (int i = 0; i < split.length; i++) lines.add((i + 1) + ": " + split[i]);
        return lines;
    }

    /** A redis-cli SUBSCRIBE process's output after two messages were published to its channels. */
    private static String subscriberOutput(int port) throws Exception {
        String cli = RedisTools.require("redis-cli");
        Process sub = new ProcessBuilder(cli, "-p", String.valueOf(port), "SUBSCRIBE", "ch1", "ch2")
                .redirectErrorStream(true).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            try (RespClient pub = new RespClient(port)) {
                while (!Long.valueOf(1).equals(pub.call("PUBLISH", "ch2", "probe"))) { // until it has subscribed
                    if (System.nanoTime() > deadline) throw new AssertionError("the subscriber never subscribed");
                    Thread.sleep(20);
                }
                assertThat(pub.call("PUBLISH", "ch1", "hello")).isEqualTo(1L);
                assertThat(pub.call("PUBLISH", "ch2", "world")).isEqualTo(1L);
            }
            InputStream out = sub.getInputStream();
            StringBuilder seen = new StringBuilder();
            while (!seen.toString().contains("world\n")) {
                if (System.nanoTime() > deadline) throw new AssertionError("subscriber printed only: " + seen);
                int b = out.read();
                if (b < 0) break;
                seen.append((char) b);
            }
            return seen.toString();
        } finally {
            sub.destroyForcibly();
            sub.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static List<String> replies(int port, String[][] commands, int count) throws IOException {
        List<String> out = new ArrayList<>();
        try (RespClient c = new RespClient(port)) {
            for (String[] cmd : commands) c.send(cmd);
            for (int i = 0; i < count; i++) out.add(Replies.show(c.reply()));
        }
        return out;
    }

    /** Everything the server answers to {@code input} and whether it then closes, as text. */
    private static String rawExchange(int port, String input) throws IOException {
        try (RespClient c = new RespClient(port)) {
            c.sendRaw(input.getBytes(StandardCharsets.ISO_8859_1));
            StringBuilder sb = new StringBuilder();
            while (true) {
                Object r;
                try {
                    r = c.replyWithin(1000);
                } catch (IOException closed) {
                    return sb.append("<closed>").toString();
                }
                if (r == null) return sb.append("<open>").toString();
                sb.append(Replies.show(r)).append(' ');
            }
        }
    }
}
