package dev.weft.examples.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A slowloris client (one byte per second of a request it never finishes in time) is cut off by
 * the request timeout, while a normal client is served meanwhile; and the same check fails
 * against a server built without the timeout, so it does test the timeout.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SlowlorisTest {
    private static final String REQUEST = "*2\r\n$4\r\nECHO\r\n$20\r\nslow-slow-slow-slow!\r\n";

    /** How long the slowloris kept its connection, dripping 1 byte/s, until cut off or {@code giveUpAfter}. */
    static Duration slowlorisHold(int port, Duration giveUpAfter) throws IOException, InterruptedException {
        long start = System.nanoTime();
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            s.setSoTimeout(1000);
            OutputStream out = s.getOutputStream();
            byte[] request = REQUEST.getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; System.nanoTime() - start < giveUpAfter.toNanos(); i = (i + 1) % request.length) {
                try {
                    out.write(request[i]);
                    out.flush();
                    if (ClosedCheck.closedWithin(s, 1000)) break; // one byte per second
                } catch (IOException cutOff) {
                    break;
                }
            }
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    @Test
    void aClientSendingOneBytePerSecondIsCutOffAfterTheRequestTimeout() throws Exception {
        try (RedisServer server = ServerFixture.start(RedisConfig.onPort(0).withRequestTimeout(Duration.ofSeconds(2)));
             RespClient normal = new RespClient(server.port())) {
            Duration held = slowlorisHold(server.port(), Duration.ofSeconds(8));
            assertThat(held).as("held before being cut off").isBetween(Duration.ofMillis(1500), Duration.ofSeconds(5));
            assertThat(normal.call("PING")).isEqualTo("PONG");
        }
    }

    @Test
    void withoutTheRequestTimeoutTheSlowlorisIsNeverCutOffSoTheCheckAboveWouldFail() throws Exception {
        try (RedisServer server = ServerFixture.start(RedisConfig.onPort(0).withRequestTimeout(null))) {
            Duration held = slowlorisHold(server.port(), Duration.ofSeconds(6));
            assertThat(held).as("an unbounded server keeps the slowloris").isGreaterThanOrEqualTo(Duration.ofSeconds(6));
        }
    }
}
