package dev.weft.net.tls;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.io.AsyncIo;
import dev.weft.io.AsyncRead;
import dev.weft.net.TcpStream;
import dev.weft.net.UnixListener;
import dev.weft.net.UnixStream;
import dev.weft.task.Task;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Weft TLS client against a Weft TLS server over loopback TCP (and once over a Unix-domain
 * socket): data both ways at once, TLS 1.2 and 1.3, ALPN, SNI, client certificates, resumption, close_notify against truncation,
 * half-close, where the engine's delegated tasks run, and what a pending write takes.
 */
@Timeout(60)
class TlsStreamTest {

    static TlsStream connect(TlsConnector connector, TlsTestServer server, String name) throws IOException {
        return await(connector.connect(server.connectTcp(), name, server.port()));
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** The handler of an echo server: copies until the client's close_notify, then sends its own. */
    static Object echo(TlsStream tls, TcpStream raw) throws IOException {
        long n = await(AsyncIo.copy(tls, tls));
        await(tls.shutdown());
        return n;
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void aMegabyteEchoedWhileWritingEveryByteVerified(String version) throws Exception {
        TestCerts certs = TestCerts.get();
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), TlsStreamTest::echo)) {
            TlsStream tls = connect(TlsConnector.of(certs.client()).withProtocols(version), server, "localhost");
            assertThat(tls.session().getProtocol()).isEqualTo(version);
            byte[] sent = new byte[1 << 20];
            new Random(40).nextBytes(sent);
            AtomicReference<Throwable> writer = new AtomicReference<>();
            Thread t = Thread.ofVirtual().start(() -> {
                try {
                    await(tls.writeAll(sent));
                    await(tls.shutdown());
                } catch (Throwable e) {
                    writer.set(e);
                }
            });
            byte[] got = await(AsyncIo.readToEnd(tls));
            t.join();
            assertThat(writer.get()).isNull();
            assertThat(Arrays.equals(got, sent)).as("every byte came back in order").isTrue();
            assertThat(server.outcome()).isEqualTo((long) sent.length);
            tls.close();
        }
    }

    @Test
    void alpnChoosesTheServersFirstProtocolTheClientOffersAndNoOverlapFailsTheHandshake() throws Exception {
        TestCerts certs = TestCerts.get();
        TlsAcceptor acceptor = TlsAcceptor.of(certs.server("localhost")).withAlpn("http/1.1", "redis");
        try (TlsTestServer server = new TlsTestServer(acceptor, (tls, raw) -> tls.applicationProtocol())) {
            try (TlsStream tls = connect(TlsConnector.of(certs.client()).withAlpn("h2", "http/1.1"), server, "localhost")) {
                assertThat(tls.applicationProtocol()).isEqualTo("http/1.1");
                assertThat(server.outcome()).isEqualTo("http/1.1");
            }
            assertThatThrownBy(() -> connect(TlsConnector.of(certs.client()).withAlpn("h2"), server, "localhost"))
                    .isInstanceOf(SSLHandshakeException.class);
            assertThat(server.outcome()).isInstanceOf(SSLHandshakeException.class)
                    .extracting(o -> ((Throwable) o).getMessage()).asString().containsIgnoringCase("protocol");
        }
    }

    @Test
    void sniChoosesTheCertificateByTheNameTheClientAsksFor() throws Exception {
        TestCerts certs = TestCerts.get();
        List<String> asked = new CopyOnWriteArrayList<>();
        SSLContext other = certs.server("other");
        TlsAcceptor acceptor = TlsAcceptor.of(certs.server("localhost")).withSni(name -> {
            asked.add(String.valueOf(name));
            return "other.test".equals(name) ? other : null;
        });
        try (TlsTestServer server = new TlsTestServer(acceptor, (tls, raw) -> "ok")) {
            for (String name : List.of("other.test", "localhost")) {
                try (TlsStream tls = connect(TlsConnector.of(certs.client()), server, name)) {
                    X509Certificate leaf = (X509Certificate) tls.session().getPeerCertificates()[0];
                    assertThat(leaf.getSubjectX500Principal().getName()).isEqualTo("CN=" + name);
                }
                assertThat(server.outcome()).isEqualTo("ok");
            }
            // an address is not sent as SNI (RFC 6066): the chooser hears null, the default answers
            try (TlsStream tls = connect(TlsConnector.of(certs.client()), server, "127.0.0.1")) {
                assertThat(((X509Certificate) tls.session().getPeerCertificates()[0]).getSubjectX500Principal().getName())
                        .isEqualTo("CN=localhost");
            }
            assertThat(server.outcome()).isEqualTo("ok");
            assertThat(asked).containsExactly("other.test", "localhost", "null");
        }
    }

    @Test
    void aRequiredClientCertificateIsCheckedAndAClientWithoutOneIsRefused() throws Exception {
        TestCerts certs = TestCerts.get();
        TlsAcceptor acceptor = TlsAcceptor.of(certs.server("localhost")).withClientAuth(TlsAcceptor.ClientAuth.REQUIRED);
        try (TlsTestServer server = new TlsTestServer(acceptor, (tls, raw) -> tls.session().getPeerPrincipal().getName())) {
            try (TlsStream _ = connect(TlsConnector.of(certs.clientWithCertificate()), server, "localhost")) {
                assertThat(server.outcome()).isEqualTo("CN=client");
            }
            // TLS 1.3: the client's handshake may end before the server refuses; its first read sees the alert
            assertThatThrownBy(() -> {
                try (TlsStream tls = connect(TlsConnector.of(certs.client()), server, "localhost")) {
                    await(AsyncIo.readToEnd(tls));
                }
            }).isInstanceOf(SSLException.class);
            assertThat(server.outcome()).isInstanceOf(SSLHandshakeException.class);
        }
    }

    /**
     * A resumed session keeps the creation time of the session it resumes (the JDK copies it into
     * the new session, TLS 1.2 and 1.3 alike), so equal times mean resumed; a connector with a
     * context of its own (an empty cache) is the control that makes a full handshake.
     */
    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void aSecondConnectionOfTheSameConnectorResumesItsSession(String version) throws Exception {
        TestCerts certs = TestCerts.get();
        TlsAcceptor acceptor = TlsAcceptor.of(certs.server("localhost")).withProtocols(version);
        TlsConnector connector = TlsConnector.of(certs.client()).withProtocols(version);
        TlsConnector fresh = TlsConnector.of(certs.client()).withProtocols(version);
        try (TlsTestServer server = new TlsTestServer(acceptor, TlsStreamTest::echo)) {
            long[] created = new long[3];
            int i = 0;
            for (TlsConnector c : List.of(connector, connector, fresh)) {
                try (TlsStream tls = connect(c, server, "localhost")) {
                    await(tls.writeAll(ascii("ping")));
                    await(tls.shutdown());
                    assertThat(await(AsyncIo.readToEnd(tls))).isEqualTo(ascii("ping")); // reads the session ticket too
                    created[i++] = tls.session().getCreationTime();
                }
                assertThat(server.outcome()).isEqualTo(4L);
            }
            assertThat(created[1]).as("the second connection resumed the first's session").isEqualTo(created[0]);
            assertThat(created[2]).as("another context's connection made a session of its own").isNotEqualTo(created[0]);
        }
    }

    @Test
    void delegatedTasksRunOnTheRuntimesBlockingPoolNeverOnAWorker() throws Exception {
        TestCerts certs = TestCerts.get();
        RecordingKeyManager keys = RecordingKeyManager.of(certs.file("localhost.pem"), certs.file("localhost.key"));
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(keys.context()), (tls, raw) -> "ok")) {
            for (int i = 0; i < 3; i++) {
                connect(TlsConnector.of(certs.client()), server, "localhost").close();
                assertThat(server.outcome()).isEqualTo("ok");
            }
            assertThat(keys.threads).isNotEmpty().allSatisfy(name -> assertThat(name).startsWith(TlsTestServer.PREFIX + "blocking"));
        }
    }

    @Test
    void closeNotifyEndsTheStreamAndAMissingOneIsATruncation() throws Exception {
        TestCerts certs = TestCerts.get();
        TlsTestServer.Handler handler = (tls, raw) -> {
            byte[] which = new byte[1];
            await(AsyncIo.readExact(tls, which, 0, 1));
            await(tls.writeAll(ascii("hello")));
            if (which[0] == 'c') {
                await(tls.shutdown());
            } else {
                raw.close(); // the TCP stream ends; no close_notify
            }
            return "ok";
        };
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), handler)) {
            try (TlsStream clean = connect(TlsConnector.of(certs.client()), server, "localhost")) {
                await(clean.writeAll(ascii("c")));
                assertThat(await(AsyncIo.readToEnd(clean))).isEqualTo(ascii("hello"));
            }
            try (TlsStream cut = connect(TlsConnector.of(certs.client()), server, "localhost")) {
                await(cut.writeAll(ascii("t")));
                assertThat(readUntilEndOrFailure(cut)).isInstanceOf(TlsTruncatedException.class);
            }
            assertThat(server.outcome()).isEqualTo("ok");
            assertThat(server.outcome()).isEqualTo("ok");
        }
    }

    /** What a reader that drops the truncation would look like: a broken variant the check above must reject. */
    @Test
    void theTruncationCheckRejectsAReaderThatTakesAMissingCloseNotifyForAnEnd() throws Exception {
        TestCerts certs = TestCerts.get();
        TlsTestServer.Handler handler = (tls, raw) -> {
            await(tls.writeAll(ascii("hello")));
            raw.close();
            return "ok";
        };
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), handler);
                TlsStream cut = connect(TlsConnector.of(certs.client()), server, "localhost")) {
            AsyncRead ignoresTruncation = (cx, dst) -> {
                try {
                    return cut.pollRead(cx, dst);
                } catch (TlsTruncatedException e) {
                    return Poll.ready(-1);
                }
            };
            assertThat(readUntilEndOrFailure(ignoresTruncation)).as("the broken variant sees a clean end").isEqualTo(-1);
            assertThat(server.outcome()).isEqualTo("ok");
        }
    }

    /** @return -1 if {@code in} ended cleanly, else what it threw */
    static Object readUntilEndOrFailure(AsyncRead in) {
        try {
            await(AsyncIo.readToEnd(in));
            return -1;
        } catch (IOException e) {
            return e;
        }
    }

    @Test
    void tls13HalfCloseLetsTheServerAnswerAfterTheClientsCloseNotify() throws Exception {
        TestCerts certs = TestCerts.get();
        TlsTestServer.Handler handler = (tls, raw) -> {
            byte[] request = await(AsyncIo.readToEnd(tls)); // ends at the client's close_notify
            await(tls.writeAll(ascii("got " + request.length)));
            await(tls.shutdown());
            return "ok";
        };
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), handler);
                TlsStream tls = connect(TlsConnector.of(certs.client()).withProtocols("TLSv1.3"), server, "localhost")) {
            await(tls.writeAll(ascii("question")));
            await(tls.shutdown());
            assertThat(new String(await(AsyncIo.readToEnd(tls)), StandardCharsets.US_ASCII)).isEqualTo("got 8");
            assertThat(server.outcome()).isEqualTo("ok");
        }
    }

    @Test
    void tls12ClosesBothDirectionsAtTheClientsCloseNotifyAndAWriteAfterItIsNamed() throws Exception {
        TestCerts certs = TestCerts.get();
        TlsTestServer.Handler handler = (tls, raw) -> {
            await(AsyncIo.readToEnd(tls));
            try {
                await(tls.writeAll(ascii("late")));
                return "written";
            } catch (SSLException e) {
                return e.getMessage();
            }
        };
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), handler);
                TlsStream tls = connect(TlsConnector.of(certs.client()).withProtocols("TLSv1.2"), server, "localhost")) {
            await(tls.shutdown());
            assertThat(server.outcome()).asString().contains("close_notify");
        }
    }

    @Test
    void aPendingWriteTakesNothingAndEveryByteAWriteCountedReachesThePeer() throws Exception {
        TestCerts certs = TestCerts.get();
        CompletableFuture<Void> go = new CompletableFuture<>();
        TlsTestServer.Handler handler = (tls, raw) -> {
            await(Future.fromStage(go));
            byte[] all = await(AsyncIo.readToEnd(tls, 64 << 20));
            return all.length;
        };
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), handler);
                TlsStream tls = connect(TlsConnector.of(certs.client()), server, "localhost")) {
            // the server reads only once go completes: until then the socket fills
            ByteBuffer src = ByteBuffer.allocate(64 << 20);
            long counted = 0;
            int pendings = 0;
            while (src.hasRemaining() && pendings == 0) {
                int before = src.position();
                Poll<Integer> p = tls.pollWrite(Context.noop(), src);
                if (p instanceof Poll.Ready<Integer>(Integer n)) {
                    assertThat(src.position() - before).isEqualTo(n);
                    counted += n;
                } else {
                    assertThat(src.position()).as("a pending write took nothing").isEqualTo(before);
                    pendings++;
                }
            }
            assertThat(pendings).as("the transport filled up before 64 MiB").isEqualTo(1);
            go.complete(null);
            await(AsyncIo.flush(tls));
            await(tls.shutdown());
            assertThat(server.outcome()).isEqualTo((int) counted);
        }
    }

    @Test
    void aRequestCutShortByCloseNotifyIsAnEndOfStreamTheReaderNames() throws Exception {
        TestCerts certs = TestCerts.get();
        TlsTestServer.Handler handler = (tls, raw) -> {
            byte[] request = new byte[100];
            await(AsyncIo.readExact(tls, request, 0, request.length));
            return "whole";
        };
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), handler);
                TlsStream tls = connect(TlsConnector.of(certs.client()), server, "localhost")) {
            await(tls.writeAll(ascii("GET / HTTP/1.1\r\n")));
            await(tls.shutdown());
            assertThat(server.outcome()).isInstanceOf(EOFException.class);
        }
    }

    @Test
    void tlsRunsOverAUnixDomainSocketToo(@TempDir Path dir) throws Exception {
        TestCerts certs = TestCerts.get();
        TlsAcceptor acceptor = TlsAcceptor.of(certs.server("localhost"));
        try (UnixListener listener = UnixListener.bind(dir.resolve("tls.sock"));
                WeftRuntime rt = WeftRuntime.builder().workers(1).threadNamePrefix("tls-unix-").build()) {
            Task<Object> server = rt.spawn(Weft.async(() -> {
                try (TlsStream tls = await(acceptor.accept(await(listener.accept())))) {
                    return echo(tls, null);
                }
            }));
            UnixStream unix = await(UnixStream.connect(dir.resolve("tls.sock")));
            try (TlsStream tls = await(TlsConnector.of(certs.client()).connect(unix, "localhost", 0))) {
                await(tls.writeAll(ascii("over a unix socket")));
                await(tls.shutdown());
                assertThat(new String(await(AsyncIo.readToEnd(tls)), StandardCharsets.US_ASCII)).isEqualTo("over a unix socket");
            }
            assertThat(await(server)).isEqualTo(18L);
        }
    }
}
