package dev.weft.net;

import static dev.weft.net.EchoServer.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.io.AsyncIo;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class TcpEchoTest {
    /** {@code -Dweft.stress=true}: 1 GB through one connection and 4,000 connections. */
    private static final boolean STRESS = Boolean.getBoolean("weft.stress");

    /** Byte {@code i} of the test stream of connection {@code seed}: every byte differs by position. */
    static byte pattern(long seed, long i) {
        long x = (i + seed * 0x9E3779B97F4A7C15L) * 0xBF58476D1CE4E5B9L;
        return (byte) (x ^ (x >>> 29));
    }

    @Test
    @Timeout(600)
    void hundredMegabytesEchoedThroughOneConnectionEveryByteVerified() throws Exception {
        long total = (STRESS ? 1024L : 100L) * 1024 * 1024;
        try (EchoServer server = new EchoServer();
                TcpStream c = await(TcpStream.connect(server.address()))) {
            AtomicReference<Throwable> writerFailure = new AtomicReference<>();
            Thread writer = Thread.ofVirtual().start(() -> {
                try {
                    ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
                    for (long sent = 0; sent < total; ) {
                        buf.clear();
                        int n = (int) Math.min(buf.capacity(), total - sent);
                        for (int i = 0; i < n; i++) buf.put(pattern(7, sent + i));
                        buf.flip();
                        await(c.writeAll(buf));
                        sent += n;
                    }
                    c.shutdownOutput();
                } catch (Throwable t) {
                    writerFailure.set(t);
                }
            });
            ByteBuffer in = ByteBuffer.allocate(64 * 1024);
            long received = 0;
            while (true) {
                in.clear();
                int n = await(c.read(in));
                if (n < 0) break;
                for (int i = 0; i < n; i++) {
                    if (in.get(i) != pattern(7, received + i)) {
                        throw new AssertionError("byte " + (received + i) + " differs");
                    }
                }
                received += n;
            }
            writer.join();
            assertThat(writerFailure.get()).isNull();
            assertEquals(total, received);
            Conditions.await("server outcome", Duration.ofSeconds(10), () -> server.outcomes.containsKey(0));
            assertEquals(total, server.outcomes.get(0));
        }
    }

    @Test
    @Timeout(600)
    void thousandConcurrentConnectionsEachEchoVerified() throws Exception {
        int conns = STRESS ? 4000 : 1000;
        int size = 2048;
        try (EchoServer server = new EchoServer()) {
            var addr = server.address();
            AtomicLong verified = new AtomicLong();
            List<Thread> clients = new ArrayList<>();
            List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int k = 0; k < conns; k++) {
                int seed = k;
                clients.add(Thread.ofVirtual().start(() -> {
                    try (TcpStream c = await(TcpStream.connect(addr))) {
                        byte[] out = new byte[size];
                        for (int i = 0; i < size; i++) out[i] = pattern(seed, i);
                        await(c.writeAll(out, 0, size));
                        byte[] back = new byte[size];
                        await(c.readExact(back, 0, size));
                        assertArrayEquals(out, back);
                        c.shutdownOutput();
                        assertEquals(-1, await(c.read(ByteBuffer.allocate(1))));
                        verified.incrementAndGet();
                    } catch (Throwable t) {
                        failures.add(t);
                    }
                }));
            }
            for (Thread t : clients) t.join();
            assertThat(failures).isEmpty();
            assertEquals(conns, verified.get());
            Conditions.await("all server outcomes", Duration.ofSeconds(20), () -> server.outcomes.size() == conns);
            for (Object o : server.outcomes.values()) assertEquals((long) size, o);
        }
    }

    @Test
    @Timeout(60)
    void peerResetMidTransferFailsOnlyThatConnection() throws Exception {
        try (EchoServer server = new EchoServer()) {
            var addr = server.address();
            try (TcpStream healthy = await(TcpStream.connect(addr))) {
                echoOnce(healthy, "before");
                Conditions.await("healthy accepted", Duration.ofSeconds(5), () -> server.accepted.get() == 1);
                // The resetting peer: a blocking JDK socket that sends 8 MB without reading the
                // echo, so the server's echo is stuck mid-transfer, then aborts with RST.
                SocketChannel rude = SocketChannel.open(addr);
                byte[] chunk = new byte[64 * 1024];
                for (int i = 0; i < 32; i++) rude.write(ByteBuffer.wrap(chunk));
                rude.setOption(StandardSocketOptions.SO_LINGER, 0);
                rude.close();
                Conditions.await("reset connection's outcome", Duration.ofSeconds(20), () -> server.outcomes.containsKey(1));
                assertThat(server.outcomes.get(1)).isInstanceOf(IOException.class);
                echoOnce(healthy, "after");
                try (TcpStream late = await(TcpStream.connect(addr))) {
                    echoOnce(late, "new connection");
                }
            }
            Conditions.await("healthy outcome", Duration.ofSeconds(5), () -> server.outcomes.containsKey(0));
            assertThat(server.outcomes.get(0)).isInstanceOf(Long.class);
        }
    }

    private static void echoOnce(TcpStream s, String msg) {
        byte[] out = msg.getBytes(StandardCharsets.UTF_8);
        await(s.writeAll(out, 0, out.length));
        byte[] back = new byte[out.length];
        await(s.readExact(back, 0, back.length));
        assertArrayEquals(out, back);
    }

    @Test
    @Timeout(30)
    void afterPeerShutsOutputReadSeesEndAndWritingStillWorks() throws Exception {
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0);
                TcpStream client = await(TcpStream.connect(l.localAddress()));
                TcpStream server = await(l.accept())) {
            byte[] hello = "hello".getBytes(StandardCharsets.UTF_8);
            await(client.writeAll(hello, 0, hello.length));
            client.shutdownOutput();
            assertArrayEquals(hello, await(AsyncIo.readToEnd(server)));
            assertEquals(-1, await(server.read(ByteBuffer.allocate(8))));
            byte[] bye = "bye after half-close".getBytes(StandardCharsets.UTF_8);
            await(server.writeAll(bye, 0, bye.length));
            await(AsyncIo.shutdown(server));
            assertArrayEquals(bye, await(AsyncIo.readToEnd(client)));
        }
    }

    @Test
    @Timeout(30)
    void connectOptionsAndAddresses() throws Exception {
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0);
                TcpStream client = await(TcpStream.connect(l.localAddress(), Duration.ofSeconds(5)));
                TcpStream server = await(l.accept())) {
            client.setNoDelay(true);
            assertThat(client.noDelay()).isTrue();
            client.setNoDelay(false);
            assertThat(client.noDelay()).isFalse();
            assertEquals(l.localAddress(), client.remoteAddress());
            assertEquals(client.localAddress(), server.remoteAddress());
        }
    }

    @Test
    @Timeout(30)
    void connectToAClosedPortFails() throws Exception {
        java.net.InetSocketAddress free;
        try (TcpListener l = TcpListener.bind("127.0.0.1", 0)) {
            free = l.localAddress();
        }
        Throwable t = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> await(TcpStream.connect(free)));
        // Refused once the closed listener's socket is gone; reset if the connect raced its close
        // (a channel registered with a selector is closed by the selector's next round).
        assertThat(t).isInstanceOfAny(java.net.ConnectException.class, java.net.SocketException.class);
    }

    @Test
    @Timeout(60)
    void pingPongOfOneByteMessagesLosesNoWakeup() throws Exception {
        int rounds = STRESS ? 200_000 : 20_000;
        try (EchoServer server = new EchoServer();
                TcpStream c = await(TcpStream.connect(server.address()))) {
            c.setNoDelay(true);
            byte[] out = new byte[1];
            byte[] in = new byte[1];
            for (int i = 0; i < rounds; i++) {
                out[0] = (byte) i;
                await(c.writeAll(out, 0, 1));
                await(c.readExact(in, 0, 1));
                if (in[0] != out[0]) throw new AssertionError("round " + i + " echoed " + in[0]);
            }
            assertEquals(0, c.waiterCount());
        }
    }
}
