package dev.weft.examples.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A client sending its head at 1 byte per second is cut off by the header timeout, and only it. */
class SlowlorisTest {
    private static final byte[] HEAD = "GET /plaintext HTTP/1.1\r\nHost: h\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII);

    /** What a slowloris client saw: when the server cut it off (null: it did not) and what it read. */
    record Outcome(Duration cutOffAfter, String received) {}

    /** Sends one byte a second for at most {@code patience}; the server cuts it off or not. */
    static Outcome slowloris(int port, Duration patience) throws IOException {
        long start = System.nanoTime();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(1000);
            InputStream in = s.getInputStream();
            for (int i = 0; System.nanoTime() - start < patience.toNanos(); i++) {
                try {
                    s.getOutputStream().write(i < HEAD.length ? HEAD[i] : 'z');
                } catch (IOException cut) {
                    return new Outcome(Duration.ofNanos(System.nanoTime() - start), got.toString(StandardCharsets.US_ASCII));
                }
                try {
                    byte[] b = new byte[512];
                    int n = in.read(b); // waits up to a second: the client's pace
                    if (n < 0) return new Outcome(Duration.ofNanos(System.nanoTime() - start), got.toString(StandardCharsets.US_ASCII));
                    got.write(b, 0, n);
                } catch (SocketTimeoutException stillOpen) {
                    // nothing from the server this second: send the next byte
                } catch (IOException reset) {
                    return new Outcome(Duration.ofNanos(System.nanoTime() - start), got.toString(StandardCharsets.US_ASCII));
                }
            }
        }
        return new Outcome(null, got.toString(StandardCharsets.US_ASCII));
    }

    static Outcome against(Limits limits, Duration patience) throws IOException {
        try (HttpServer server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), Routes.techEmpower().build(), limits)) {
            return slowloris(server.port(), patience);
        }
    }

    @Test
    @Timeout(30)
    void aOneBytePerSecondClientIsCutOffByTheHeaderTimeoutWith408() throws Exception {
        Outcome o = against(Limits.DEFAULT.withHeaderTimeout(Duration.ofSeconds(2)), Duration.ofSeconds(8));
        assertThat(o.cutOffAfter()).as("cut off").isNotNull().isLessThan(Duration.ofSeconds(5));
        assertThat(o.received()).startsWith("HTTP/1.1 408 Request Timeout\r\n").contains("Connection: close\r\n");
    }

    @Test
    @Timeout(30)
    void theSameClientIsNotCutOffByAServerWithoutTheHeaderTimeout() throws Exception {
        Outcome o = against(Limits.DEFAULT.withHeaderTimeout(Duration.ofHours(1)), Duration.ofSeconds(5));
        assertThat(o.cutOffAfter()).as("the check above fails against a server without the timeout").isNull();
    }

    @Test
    @Timeout(30)
    void otherClientsAreServedWhileASlowClientIsBeingCutOff() throws Exception {
        try (HttpServer server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), Routes.techEmpower().build(),
                Limits.DEFAULT.withHeaderTimeout(Duration.ofSeconds(2)))) {
            Thread slow = Thread.ofVirtual().start(() -> {
                try {
                    slowloris(server.port(), Duration.ofSeconds(4));
                } catch (IOException ignored) {
                    // the slow client's fate is the other tests' business
                }
            });
            try (Socket healthy = new Socket("127.0.0.1", server.port())) {
                healthy.setSoTimeout(5000);
                for (int i = 0; i < 3; i++) {
                    healthy.getOutputStream().write("GET /plaintext HTTP/1.1\r\nHost: h\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    assertThat(RawHttp.readResponse(healthy.getInputStream())).endsWith("Hello, World!");
                }
            }
            slow.join();
        }
    }
}
