package dev.weft.net;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.time.Time;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An await of an I/O or timeout future throws the checked exception itself, declared, so code
 * catches it by its type as around the blocking call (that these {@code catch} clauses compile is
 * half of the test: javac rejects a catch of a checked exception the try block cannot throw).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TypedAwaitTest {

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static String connectOrSayWhy(int port) {
        try (TcpStream s = await(TcpStream.connect("127.0.0.1", port))) {
            return "connected to " + s.remoteAddress();
        } catch (ConnectException refused) {
            return "refused";
        } catch (IOException other) {
            return "other " + other;
        }
    }

    private static String timeoutOrValue() {
        try {
            return "value " + await(Time.timeout(Future.<String>pending(), Duration.ofMillis(20)));
        } catch (TimeoutException late) {
            return "timed out";
        } catch (Exception other) {
            return "other " + other;
        }
    }

    @Test
    void onAPlainThreadTheRefusedConnectIsCaughtAsConnectException() throws Exception {
        assertThat(connectOrSayWhy(closedPort())).isEqualTo("refused");
        assertThat(timeoutOrValue()).isEqualTo("timed out");
    }

    @Test
    void inAStackfulCoroutineOnARuntimeTheSameCatchesWork() throws Exception {
        int port = closedPort();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).build()) {
            assertThat(rt.blockOn(Weft.async(() -> connectOrSayWhy(port)))).isEqualTo("refused");
            assertThat(rt.blockOn(Weft.async(TypedAwaitTest::timeoutOrValue))).isEqualTo("timed out");
        }
    }

    @Test
    void blockOnOfAnIoFutureDeclaresIoException() throws Exception {
        int port = closedPort();
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            try {
                rt.blockOn(TcpStream.connect("127.0.0.1", port));
                throw new AssertionError("connected to a closed port");
            } catch (ConnectException expected) {
                assertThat(expected).hasMessageContaining("Connection refused");
            }
        }
    }
}
