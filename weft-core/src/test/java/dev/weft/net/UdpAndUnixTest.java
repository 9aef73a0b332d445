package dev.weft.net;

import static dev.weft.net.EchoServer.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.io.AsyncIo;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class UdpAndUnixTest {

    @Test
    @Timeout(30)
    void udpRoundTripWithAddressesThenConnectedMode() throws Exception {
        try (UdpSocket a = UdpSocket.bind(new InetSocketAddress("127.0.0.1", 0));
                UdpSocket b = UdpSocket.bind(new InetSocketAddress("127.0.0.1", 0))) {
            byte[] ping = "ping".getBytes(StandardCharsets.UTF_8);
            assertEquals(4, await(a.sendTo(ByteBuffer.wrap(ping), b.localAddress())));
            ByteBuffer in = ByteBuffer.allocate(1500);
            SocketAddress from = await(b.receiveFrom(in));
            assertEquals(a.localAddress(), from);
            assertArrayEquals(ping, Arrays.copyOf(in.array(), in.position()));

            byte[] pong = "pong".getBytes(StandardCharsets.UTF_8);
            await(b.sendTo(ByteBuffer.wrap(pong), from));
            in.clear();
            assertEquals(b.localAddress(), await(a.receiveFrom(in)));
            assertArrayEquals(pong, Arrays.copyOf(in.array(), in.position()));

            a.connect(b.localAddress());
            b.connect(a.localAddress());
            for (int i = 0; i < 100; i++) {
                byte[] msg = ("datagram " + i).getBytes(StandardCharsets.UTF_8);
                await(a.send(ByteBuffer.wrap(msg)));
                in.clear();
                assertEquals(msg.length, await(b.receive(in)));
                assertArrayEquals(msg, Arrays.copyOf(in.array(), in.position()));
            }
        }
    }

    @Test
    @Timeout(30)
    void unixDomainRoundTripAndHalfClose(@TempDir Path dir) throws Exception {
        Path sock = dir.resolve("echo.sock");
        try (UnixListener l = UnixListener.bind(sock)) {
            assertEquals(sock, l.path());
            Thread server = Thread.ofVirtual().start(() -> {
                try (UnixStream s = await(l.accept())) {
                    await(AsyncIo.copy(s, s));
                    s.shutdownOutput();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            byte[] msg = new byte[200_000];
            for (int i = 0; i < msg.length; i++) msg[i] = (byte) (i * 31 + 7);
            try (UnixStream c = await(UnixStream.connect(sock))) {
                Thread writer = Thread.ofVirtual().start(() -> {
                    await(c.writeAll(ByteBuffer.wrap(msg)));
                    try {
                        c.shutdownOutput();
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                });
                assertArrayEquals(msg, await(AsyncIo.readToEnd(c)));
                writer.join();
            }
            server.join();
        } finally {
            Files.deleteIfExists(sock);
        }
    }
}
