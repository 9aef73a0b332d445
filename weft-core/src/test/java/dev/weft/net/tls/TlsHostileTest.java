package dev.weft.net.tls;

import static dev.weft.Weft.await;
import static dev.weft.net.tls.TlsStreamTest.ascii;
import static dev.weft.net.tls.TlsStreamTest.connect;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.io.AsyncIo;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.security.cert.CertificateExpiredException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLProtocolException;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Peers that do not play by the rules: each ends its own connection with a named error, and a
 * good client served beside it is not held up. Client side: certificates that must be refused.
 */
@Timeout(60)
class TlsHostileTest {

    /** The first flight of a real JDK client: a ClientHello record. */
    static byte[] clientHello() throws Exception {
        SSLEngine e = SSLContext.getDefault().createSSLEngine("localhost", 443);
        e.setUseClientMode(true);
        e.beginHandshake();
        ByteBuffer out = ByteBuffer.allocate(e.getSession().getPacketBufferSize());
        e.wrap(ByteBuffer.allocate(0), out);
        return Arrays.copyOf(out.array(), out.position());
    }

    /** Sends {@code bytes} from a plain socket, half-closes if asked, and reads until the server closes. */
    static Socket raw(TlsTestServer server, byte[] bytes, boolean halfClose) throws IOException {
        Socket s = new Socket("127.0.0.1", server.port());
        try {
            s.getOutputStream().write(bytes);
            s.getOutputStream().flush();
            if (halfClose) s.shutdownOutput();
        } catch (IOException refusedMidWay) {
            // the server may fail the connection before it took every byte: what it answers is the test
        }
        return s;
    }

    /** @return whether the server closed {@code s} within 10 s (it may send an alert first) */
    static boolean closedByServer(Socket s) throws IOException {
        s.setSoTimeout(10_000);
        InputStream in = s.getInputStream();
        try {
            while (in.read() >= 0) {
                // the alert, if any
            }
            return true;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    /** A good client, served between the hostile ones: a round trip through the echo handler. */
    static void goodClientIsServed(TestCerts certs, TlsTestServer server) throws Exception {
        try (TlsStream tls = connect(TlsConnector.of(certs.client()), server, "localhost")) {
            await(tls.writeAll(ascii("fine")));
            await(tls.shutdown());
            assertThat(await(AsyncIo.readToEnd(tls))).isEqualTo(ascii("fine"));
        }
        assertThat(server.outcome()).isEqualTo(4L);
    }

    static TlsTestServer echoServer(TlsAcceptor acceptor) throws IOException {
        return new TlsTestServer(acceptor, TlsStreamTest::echo);
    }

    @Test
    void plaintextInsteadOfAClientHelloFailsThatConnectionWithTheEnginesError() throws Exception {
        TestCerts certs = TestCerts.get();
        try (TlsTestServer server = echoServer(TlsAcceptor.of(certs.server("localhost")));
                Socket s = raw(server, ascii("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"), false)) {
            assertThat(server.outcome()).isInstanceOf(SSLException.class).isNotInstanceOf(TlsTruncatedException.class)
                    .extracting(o -> ((Throwable) o).getMessage()).asString().containsIgnoringCase("unrecognized");
            assertThat(closedByServer(s)).isTrue();
            goodClientIsServed(certs, server);
        }
    }

    @Test
    void aHandshakeCutShortIsATruncationBeforeAndAfterTheEngineExists() throws Exception {
        TestCerts certs = TestCerts.get();
        byte[] half = Arrays.copyOf(clientHello(), 60);
        TlsAcceptor plain = TlsAcceptor.of(certs.server("localhost"));
        TlsAcceptor bySni = plain.withSni(name -> null); // reads the whole first record before making an engine
        for (TlsAcceptor acceptor : List.of(plain, bySni)) {
            try (TlsTestServer server = echoServer(acceptor); Socket s = raw(server, half, true)) {
                assertThat(server.outcome()).isInstanceOf(TlsTruncatedException.class);
                assertThat(closedByServer(s)).isTrue();
                goodClientIsServed(certs, server);
            }
        }
    }

    @Test
    void aStalledHandshakeEndsAtItsDeadlineWhileAnotherClientIsServed() throws Exception {
        TestCerts certs = TestCerts.get();
        byte[] start = Arrays.copyOf(clientHello(), 20);
        TlsAcceptor acceptor = TlsAcceptor.of(certs.server("localhost")).withHandshakeTimeout(Duration.ofMillis(500));
        try (TlsTestServer server = echoServer(acceptor); Socket s = raw(server, start, false)) {
            long t0 = System.nanoTime();
            goodClientIsServed(certs, server); // served while the stalled one waits
            assertThat(server.outcome()).isInstanceOf(TlsHandshakeTimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isBetween(Duration.ofMillis(400), Duration.ofSeconds(10));
            assertThat(closedByServer(s)).isTrue();
        }
    }

    /** The check above, against a broken variant: an acceptor whose deadline is too far to matter. */
    @Test
    void theStallCheckRejectsAnAcceptorWithoutAUsefulDeadline() throws Exception {
        TestCerts certs = TestCerts.get();
        byte[] start = Arrays.copyOf(clientHello(), 20);
        TlsAcceptor acceptor = TlsAcceptor.of(certs.server("localhost")).withHandshakeTimeout(Duration.ofMinutes(10));
        try (TlsTestServer server = echoServer(acceptor); Socket s = raw(server, start, false)) {
            s.setSoTimeout(2_000);
            assertThatThrownBy(() -> s.getInputStream().read()).as("the stalled connection is still open after 2 s")
                    .isInstanceOf(SocketTimeoutException.class);
        }
    }

    @Test
    void anOversizedAndAMalformedRecordFailTheirConnectionsWithTheEnginesErrors() throws Exception {
        TestCerts certs = TestCerts.get();
        byte[] oversized = new byte[5 + 0xffff];
        oversized[0] = 22;
        oversized[1] = 3;
        oversized[2] = 3;
        oversized[3] = (byte) 0xff;
        oversized[4] = (byte) 0xff;
        byte[] malformed = new byte[5 + 64];
        new Random(40).nextBytes(malformed);
        malformed[0] = 22;
        malformed[1] = 3;
        malformed[2] = 1;
        malformed[3] = 0;
        malformed[4] = 64;
        malformed[5] = 1; // a ClientHello of 60 bytes, whole in its record, of random bytes
        malformed[6] = 0;
        malformed[7] = 0;
        malformed[8] = 60;
        List<Object> outcomes = new ArrayList<>();
        try (TlsTestServer server = echoServer(TlsAcceptor.of(certs.server("localhost")))) {
            for (byte[] hostile : List.of(oversized, malformed)) {
                try (Socket s = raw(server, hostile, false)) {
                    outcomes.add(server.outcome());
                    assertThat(closedByServer(s)).isTrue();
                }
            }
            goodClientIsServed(certs, server);
        }
        assertThat(outcomes).allSatisfy(o -> assertThat(o).isInstanceOf(SSLException.class).isNotInstanceOf(TlsTruncatedException.class));
    }

    @Test
    void anExpiredCertificateIsRefusedByTheClient() throws Exception {
        TestCerts certs = TestCerts.get();
        try (TlsTestServer server = echoServer(TlsAcceptor.of(certs.expiredServer()))) {
            assertThatThrownBy(() -> connect(TlsConnector.of(TlsContexts.trusting(certs.file("expired-ca.pem"))), server, "localhost"))
                    .isInstanceOf(SSLHandshakeException.class).hasRootCauseInstanceOf(CertificateExpiredException.class);
            assertThat(server.outcome()).isInstanceOf(SSLException.class);
        }
    }

    @Test
    void aCertificateForAnotherHostIsRefusedByDefault() throws Exception {
        TestCerts certs = TestCerts.get();
        try (TlsTestServer server = echoServer(TlsAcceptor.of(certs.server("other")))) {
            assertThatThrownBy(() -> connect(TlsConnector.of(certs.client()), server, "localhost"))
                    .isInstanceOf(SSLHandshakeException.class).hasMessageContaining("localhost");
            assertThat(server.outcome()).isInstanceOf(SSLException.class);
        }
    }

    @Test
    void theSystemConnectorTrustsOnlyTheDefaultTrustStore() throws Exception {
        TestCerts certs = TestCerts.get();
        try (TlsTestServer server = echoServer(TlsAcceptor.of(certs.server("localhost")))) {
            assertThatThrownBy(() -> connect(TlsConnector.system(), server, "localhost"))
                    .isInstanceOf(SSLHandshakeException.class).hasMessageContaining("PKIX");
            assertThat(server.outcome()).isInstanceOf(SSLException.class);
        }
    }

    @Test
    void aServerThatNeverAnswersEndsTheClientsHandshakeAtItsDeadline() throws Exception {
        try (ServerSocket silent = new ServerSocket()) {
            silent.bind(new InetSocketAddress("127.0.0.1", 0));
            TlsConnector connector = TlsConnector.system().withHandshakeTimeout(Duration.ofMillis(300));
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> await(connector.connect("127.0.0.1", silent.getLocalPort())))
                    .isInstanceOf(TlsHandshakeTimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
            try (Socket accepted = silent.accept()) {
                assertThat(accepted.getInputStream().readAllBytes()).asInstanceOf(InstanceOfAssertFactories.BYTE_ARRAY)
                        .as("the client sent its ClientHello, then closed").isNotEmpty();
            }
        }
    }

    @Test
    void aPeerThatSendsEndlessKeyUpdatesIsCutOffByName() throws Exception {
        TestCerts certs = TestCerts.get();
        try (TlsTestServer server = echoServer(TlsAcceptor.of(certs.server("localhost")))) {
            SSLEngine engine = certs.client().createSSLEngine("localhost", server.port());
            engine.setUseClientMode(true);
            SSLParameters p = engine.getSSLParameters();
            p.setProtocols(new String[] {"TLSv1.3"});
            engine.setSSLParameters(p);
            int sent = 0;
            TlsStream attacker = TlsStream.over(server.connectTcp(), engine);
            Object outcome;
            try {
                await(attacker.handshake());
                for (; sent < 10 * TLS_QUIET_LIMIT; sent++) {
                    engine.beginHandshake(); // on TLS 1.3: a KeyUpdate that asks for one back
                    await(attacker.handshake());
                }
            } catch (IOException cutOff) {
                // the server's alert, or its closed connection
            } finally {
                // the attacker may send all its key updates before the server reads the first: it
                // stays connected until the server has ended the connection, else the server's
                // answer to a key update could meet a closed socket first (a broken pipe)
                outcome = server.outcome();
                attacker.close();
            }
            assertThat(outcome).isInstanceOf(SSLProtocolException.class)
                    .extracting(o -> ((Throwable) o).getMessage()).asString().contains("without application data");
            assertThat(sent).as("key updates sent, at least up to the cut").isGreaterThanOrEqualTo(TLS_QUIET_LIMIT);
            goodClientIsServed(certs, server);
        }
    }

    /** The limit the test above reaches. */
    private static final int TLS_QUIET_LIMIT = dev.weft.net.tls.internal.TlsDriver.MAX_QUIET_RECORDS;
}
