package dev.weft.net.tls;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.io.AsyncIo;
import dev.weft.task.Task;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The record buffers of a TLS stream: held only while they hold bytes (an idle connection holds
 * none, on either side), shared through one pool by many connections on several workers without
 * a byte lost or mixed up, and reads into buffers smaller and larger than a record (decrypted
 * straight into the reader's buffer, or through the stream's own).
 */
@Timeout(60)
class TlsBuffersTest {

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void anIdleConnectionHoldsNoRecordBufferOnEitherSide(String version) throws Exception {
        TestCerts certs = TestCerts.get();
        CompletableFuture<Void> clientChecked = new CompletableFuture<>();
        TlsTestServer.Handler handler = (tls, raw) -> {
            byte[] request = new byte[5];
            await(AsyncIo.readExact(tls, request, 0, request.length));
            await(tls.writeAll("world".getBytes()));
            await(Future.fromStage(clientChecked)); // idle between requests, as a keep-alive connection
            return tls.driver().buffersHeld();
        };
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), handler);
                TlsStream tls = TlsStreamTest.connect(TlsConnector.of(certs.client()).withProtocols(version), server, "localhost")) {
            await(tls.writeAll("hello".getBytes()));
            byte[] reply = new byte[5];
            await(AsyncIo.readExact(tls, reply, 0, reply.length));
            assertThat(new String(reply)).isEqualTo("world");
            assertThat(tls.driver().buffersHeld()).as("the client's buffers while idle").isZero();
            clientChecked.complete(null);
            assertThat(server.outcome()).as("the server's buffers while idle").isEqualTo(0);
        }
    }

    @Test
    void manyConnectionsOnSeveralWorkersEchoEveryByteWithReadsOfEverySize() throws Exception {
        TestCerts certs = TestCerts.get();
        int connections = 16;
        int bytes = 200_000;
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), TlsStreamTest::echo);
                WeftRuntime clients = WeftRuntime.builder().workers(2).build()) {
            List<Task<Boolean>> all = new ArrayList<>();
            for (int c = 0; c < connections; c++) {
                long seed = c;
                all.add(clients.spawn(Weft.async(() -> echoChecked(server, certs, seed, bytes))));
            }
            for (Task<Boolean> t : all) {
                assertThat(clients.blockOn(t)).as("every byte came back in order").isTrue();
            }
            for (int c = 0; c < connections; c++) {
                assertThat(server.outcome()).isEqualTo((long) bytes);
            }
        }
    }

    /** Writes {@code n} random bytes in chunks of random sizes while reading them back with buffers of random sizes. */
    private static boolean echoChecked(TlsTestServer server, TestCerts certs, long seed, int n) throws Exception {
        Random random = new Random(seed);
        byte[] sent = new byte[n];
        random.nextBytes(sent);
        try (TlsStream tls = TlsStreamTest.connect(TlsConnector.of(certs.client()), server, "localhost")) {
            Task<Void> writer = Task.spawn(Weft.async(() -> {
                Random sizes = new Random(seed + 1000);
                for (int at = 0; at < n; ) {
                    int len = Math.min(n - at, 1 + sizes.nextInt(sizes.nextBoolean() ? 64 : 40_000));
                    await(AsyncIo.writeAll(tls, ByteBuffer.wrap(sent, at, len)));
                    at += len;
                }
                await(AsyncIo.flush(tls));
                await(tls.shutdown());
                return null;
            }));
            byte[] got = new byte[n];
            int at = 0;
            while (true) {
                int room = Math.min(n - at, 1 + random.nextInt(random.nextBoolean() ? 16 : 33_000));
                int r = await(tls.read(ByteBuffer.wrap(got, at, Math.max(room, 1))));
                if (r < 0) break;
                at += r;
                if (at == n) {
                    assertThat(await(tls.read(ByteBuffer.allocate(1)))).as("the end after every byte").isEqualTo(-1);
                    break;
                }
            }
            await(writer);
            return at == n && Arrays.equals(got, sent);
        }
    }
}
