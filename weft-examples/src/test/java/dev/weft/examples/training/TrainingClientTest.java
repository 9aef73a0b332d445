package dev.weft.examples.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.examples.echo.EchoServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The training load drives each example server and checks its answers. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TrainingClientTest {

    @ParameterizedTest
    @ValueSource(strings = {"echo", "redis", "http", "chat"})
    void eachServerIsDrivenWithAnswersChecked(String name) throws Exception {
        try (TrainedServer server = TrainedServer.start(name)) {
            long exchanges = TrainingClient.drive(name, server.port(), 4, Duration.ofMillis(300));
            assertThat(exchanges).as(name + " exchanges").isPositive();
            server.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void aServerThatAnswersAnotherProtocolFailsTheRun() throws IOException {
        // the HTTP load against the echo server: its answer is the request itself, not a 200
        try (EchoServer echo = EchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
            assertThatThrownBy(() -> TrainingClient.drive("http", echo.port(), 1, Duration.ofMillis(200)))
                    .isInstanceOf(IOException.class).hasMessageContaining("http:");
        }
    }
}
