package dev.weft.examples.echo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.coro.Coroutine;
import dev.weft.coro.Mechanism;
import dev.weft.coro.WovenFuture;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CoroutineEchoExampleTest {

    @Test
    @Timeout(60)
    void coroutinesReallySuspendInTheseTests() {
        assertThat(Coroutine.mechanism()).isEqualTo(Mechanism.SUSPENDING);
    }

    @Test
    @Timeout(60)
    void connectionsStayStackfulCoroutinesInAWovenBuild() throws Exception {
        byte[] sent = "one connection, run by hand".getBytes(StandardCharsets.UTF_8);
        try (TcpListener l = TcpListener.bind(new InetSocketAddress("127.0.0.1", 0));
                Socket peer = new Socket("127.0.0.1", l.localAddress().getPort());
                TcpStream s = Weft.blockOn(l.accept())) {
            Future<Void> connection = CoroutineEchoServer.echo(s);
            assertThat(connection)
                    .as("Coroutine.async bodies are never woven")
                    .isNotInstanceOf(WovenFuture.class);
            peer.getOutputStream().write(sent);
            peer.shutdownOutput();
            Weft.blockOn(connection);
            assertThat(peer.getInputStream().readAllBytes()).isEqualTo(sent);
        }
    }

    @Test
    @Timeout(60)
    void loadGeneratorDrivesTheCoroutineEchoServerAndVerifiesEveryEcho() throws Exception {
        try (CoroutineEchoServer server = CoroutineEchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
            EchoLoad.Result r = EchoLoad.run(server.port(), 20, Duration.ofMillis(500));
            assertThat(r.roundTrips()).isPositive();
            assertThat(r.p99Micros()).isGreaterThanOrEqualTo(r.p50Micros());
        }
    }

    @Test
    @Timeout(60)
    void tenMegabytesComeBackByteForByte() throws Exception {
        byte[] sent = new byte[10 << 20];
        new Random(42).nextBytes(sent);
        try (CoroutineEchoServer server = CoroutineEchoServer.start(new InetSocketAddress("127.0.0.1", 0));
                Socket c = new Socket("127.0.0.1", server.port())) {
            Thread writer = Thread.ofVirtual().start(() -> {
                try {
                    OutputStream out = c.getOutputStream(); // closing it would close the socket
                    out.write(sent);
                    c.shutdownOutput();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            InputStream in = c.getInputStream();
            byte[] got = in.readAllBytes();
            writer.join();
            assertThat(got.length).isEqualTo(sent.length);
            assertThat(Arrays.equals(got, sent)).isTrue();
        }
    }
}
