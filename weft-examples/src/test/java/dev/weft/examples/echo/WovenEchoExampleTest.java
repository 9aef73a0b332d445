package dev.weft.examples.echo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.future.Future;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class WovenEchoExampleTest {
    /** Every blocking read of a test client gives up after this, so a lost echo fails the test. */
    private static final int READ_TIMEOUT_MILLIS = 10_000;

    @Test
    @Timeout(60)
    void eachConnectionIsAWovenFutureSoAnUnwovenBuildFailsHere() throws Exception {
        byte[] sent = "one connection, run by hand".getBytes(StandardCharsets.UTF_8);
        try (TcpListener l = TcpListener.bind(new InetSocketAddress("127.0.0.1", 0));
                Socket peer = connect(l.localAddress().getPort());
                TcpStream s = Weft.blockOn(l.accept())) {
            Future<Void> connection = WovenEchoServer.echo(s);
            assertThat(connection)
                    .as("WovenEchoServer.echo's Weft.async body must be woven (weft-weaver's weave goal)")
                    .isInstanceOf(WovenFuture.class);
            peer.getOutputStream().write(sent);
            peer.shutdownOutput();
            Weft.blockOn(connection); // this thread polls the state machine: read, write, read the end
            assertThat(peer.getInputStream().readAllBytes()).isEqualTo(sent);
        }
    }

    @Test
    @Timeout(60)
    void loadGeneratorDrivesTheWovenEchoServerAndVerifiesEveryEcho() throws Exception {
        try (WovenEchoServer server = WovenEchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
            EchoLoad.Result r = EchoLoad.run(server.port(), 20, Duration.ofMillis(500));
            assertThat(r.roundTrips()).isPositive();
            assertThat(r.p99Micros()).isGreaterThanOrEqualTo(r.p50Micros());
        }
    }

    @Test
    @Timeout(60)
    void concurrentConnectionsEachGetTheirOwnBytesBack() throws Exception {
        int clients = 8;
        try (WovenEchoServer server = WovenEchoServer.start(new InetSocketAddress("127.0.0.1", 0))) {
            Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                byte[] sent = new byte[256 * 1024];
                new Random(c).nextBytes(sent);
                Socket socket = connect(server.port());
                threads.add(Thread.ofVirtual().start(() -> {
                    try (socket) {
                        assertThat(echoThenEnd(socket, sent)).isEqualTo(sent);
                    } catch (Throwable t) {
                        failures.add(t);
                    }
                }));
            }
            for (Thread t : threads) t.join();
            assertThat(failures).isEmpty();
        }
    }

    @Test
    @Timeout(60)
    void aClientThatHalfClosesGetsEveryByteBackAndThenTheEnd() throws Exception {
        byte[] sent = "sent, then half-closed before reading a byte".getBytes(StandardCharsets.UTF_8);
        try (WovenEchoServer server = WovenEchoServer.start(new InetSocketAddress("127.0.0.1", 0));
                Socket c = connect(server.port())) {
            c.getOutputStream().write(sent);
            c.shutdownOutput();
            assertThat(c.getInputStream().readAllBytes()).isEqualTo(sent); // ends: the server closed
        }
    }

    @Test
    @Timeout(60)
    void aClientThatResetsMidTransferEndsOnlyItsOwnConnection() throws Exception {
        try (WovenEchoServer server = WovenEchoServer.start(new InetSocketAddress("127.0.0.1", 0));
                Socket healthy = connect(server.port())) {
            roundTrip(healthy, "before the reset");
            resetMidTransfer(server.port());
            roundTrip(healthy, "after the reset");
            try (Socket late = connect(server.port())) {
                roundTrip(late, "a new connection after the reset");
            }
        }
    }

    private static Socket connect(int port) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(READ_TIMEOUT_MILLIS);
        return s;
    }

    /** Writes {@code msg} and reads its echo back on the same connection. */
    private static void roundTrip(Socket c, String msg) throws IOException {
        byte[] out = msg.getBytes(StandardCharsets.UTF_8);
        c.getOutputStream().write(out);
        assertThat(c.getInputStream().readNBytes(out.length)).isEqualTo(out);
    }

    /**
     * Sends {@code sent} from a writer thread and half-closes, while this thread reads everything
     * until the server ends the connection.
     */
    private static byte[] echoThenEnd(Socket c, byte[] sent) throws Exception {
        Queue<Throwable> writeFailure = new ConcurrentLinkedQueue<>();
        Thread writer = Thread.ofVirtual().start(() -> {
            try {
                OutputStream out = c.getOutputStream(); // closing it would close the socket
                out.write(sent);
                c.shutdownOutput();
            } catch (IOException e) {
                writeFailure.add(e);
            }
        });
        byte[] got = c.getInputStream().readAllBytes();
        writer.join();
        assertThat(writeFailure).isEmpty();
        return got;
    }

    /**
     * A peer that sends without ever reading the echo until its buffers are full (so the server's
     * write is stuck mid-transfer), then aborts with RST.
     */
    private static void resetMidTransfer(int port) throws IOException {
        try (SocketChannel rude = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))) {
            rude.configureBlocking(false);
            ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
            for (int i = 0; i < 256; i++) {
                chunk.clear();
                if (rude.write(chunk) == 0) break;
            }
            rude.setOption(StandardSocketOptions.SO_LINGER, 0);
        }
    }
}
