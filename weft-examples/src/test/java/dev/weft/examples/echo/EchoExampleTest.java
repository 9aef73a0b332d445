package dev.weft.examples.echo;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class EchoExampleTest {

    @Test
    @Timeout(60)
    void loadGeneratorDrivesTheEchoServerAndVerifiesEveryEcho() throws Exception {
        try (EchoServer server = EchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
            EchoLoad.Result r = EchoLoad.run(server.port(), 20, Duration.ofMillis(500));
            assertThat(r.roundTrips()).isPositive();
            assertThat(r.roundTripsPerSecond()).isPositive();
            assertThat(r.p99Micros()).isGreaterThanOrEqualTo(r.p50Micros());
        }
    }
}
