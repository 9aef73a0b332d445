package dev.weft.net;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import java.net.UnknownHostException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code connect(host, port)} looks host names up on the blocking pool, never on a worker. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HostConnectTest {

    @Test
    void aHostNameIsResolvedOnTheBlockingPoolAndTheConnectSucceeds() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("dns-test-").build();
                TcpListener l = TcpListener.bind("127.0.0.1", 0)) {
            int port = l.localAddress().getPort();
            var accepted = rt.spawn(l.accept());
            String peer = rt.blockOn(Weft.async(() -> {
                try (TcpStream s = await(TcpStream.connect("one.weft-test", port))) {
                    return s.remoteAddress().toString();
                }
            }));
            rt.blockOn(accepted).close();
            assertThat(peer).contains("127.0.0.1:" + port);
            assertThat(RecordingResolverProvider.RESOLVED_ON.get("one.weft-test")).startsWith("dns-test-blocking");
        }
    }

    @Test
    void anUnknownHostFailsWithUnknownHostException() {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build()) {
            assertThatThrownBy(() -> rt.blockOn(TcpStream.connect("fail.weft-test", 9)))
                    .isInstanceOf(UnknownHostException.class)
                    .hasMessageContaining("fail.weft-test");
        }
    }

    @Test
    void aLiteralAddressNeedsNoLookup() throws Exception {
        try (WeftRuntime rt = WeftRuntime.builder().workers(1).build();
                TcpListener l = TcpListener.bind("127.0.0.1", 0)) {
            int port = l.localAddress().getPort();
            var accepted = rt.spawn(l.accept());
            rt.blockOn(TcpStream.connect("127.0.0.1", port)).close();
            rt.blockOn(accepted).close();
        }
    }
}
