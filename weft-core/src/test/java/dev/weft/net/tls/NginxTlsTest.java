package dev.weft.net.tls;

import static dev.weft.Weft.await;
import static dev.weft.net.tls.TlsStreamTest.ascii;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.io.AsyncIo;
import dev.weft.net.TcpStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Weft's TLS client against nginx, a server it did not write: a page fetched over HTTP/1.1 with
 * TLS 1.2 and with TLS 1.3 (ALPN {@code http/1.1}), and a certificate for another host refused.
 * One nginx serves the class: a port with the {@code localhost} certificate and one with the
 * {@code other.test} certificate, both signed by the test CA.
 */
@Timeout(60)
class NginxTlsTest {
    private static final String PAGE = "hello from nginx to weft\n";

    private static Path dir;
    private static NginxServer nginx;
    private static int localhostPort;
    private static int otherPort;

    @BeforeAll
    static void startNginx() throws Exception {
        TestCerts certs = TestCerts.get();
        dir = Files.createTempDirectory("weft-nginx");
        localhostPort = TlsOpensslTest.freePort();
        otherPort = TlsOpensslTest.freePort();
        nginx = NginxServer.start(dir, PAGE, List.of(
                new NginxServer.Site(localhostPort, certs.file("localhost.pem"), certs.file("localhost.key")),
                new NginxServer.Site(otherPort, certs.file("other.pem"), certs.file("other.key"))));
    }

    @AfterAll
    static void stopNginx() throws Exception {
        if (nginx != null) nginx.close();
    }

    /** Connects by TCP to 127.0.0.1 (nginx listens there only), then runs the handshake for {@code name}. */
    private static TlsStream connect(TlsConnector connector, int port) throws Exception {
        TcpStream tcp = await(TcpStream.connect(new InetSocketAddress("127.0.0.1", port)));
        return await(connector.connect(tcp, "localhost", port));
    }

    /** Sends a GET of {@code /hello.txt} and reads the answer to the end (nginx closes with close_notify). */
    private static String get(TlsStream tls) throws Exception {
        await(tls.writeAll(ascii("GET /hello.txt HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")));
        return new String(await(AsyncIo.readToEnd(tls)), StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void weftsClientFetchesAPageFromNginxOverHttp11(String version) throws Exception {
        TlsConnector connector = TlsConnector.of(TestCerts.get().client()).withProtocols(version).withAlpn("h2", "http/1.1");
        try (TlsStream tls = connect(connector, localhostPort)) {
            assertThat(tls.session().getProtocol()).isEqualTo(version);
            assertThat(tls.applicationProtocol()).isEqualTo("http/1.1");
            String reply = get(tls);
            assertThat(reply).startsWith("HTTP/1.1 200 OK\r\n").containsIgnoringCase("\r\nContent-Length: " + PAGE.length() + "\r\n");
            assertThat(reply.substring(reply.indexOf("\r\n\r\n") + 4)).isEqualTo(PAGE);
        }
        assertThat(nginx.accessLog()).contains("\"GET /hello.txt HTTP/1.1\" 200 " + PAGE.length());
    }

    @Test
    void aCertificateForAnotherHostIsRefusedNamingTheHost() throws Exception {
        TlsConnector connector = TlsConnector.of(TestCerts.get().client()).withAlpn("http/1.1");
        assertThatThrownBy(() -> connect(connector, otherPort))
                .isInstanceOf(SSLHandshakeException.class)
                .hasMessageContaining("No subject alternative DNS name matching localhost found");
    }

    /**
     * The check above against a broken variant: a client engine configured by hand without the
     * host-name check completes the handshake with the same server, so the refusal above is the
     * name check's doing (not an untrusted chain or a broken server).
     */
    @Test
    void theWrongHostPortIsAcceptedByAClientThatSkipsTheNameCheck() throws Exception {
        SSLEngine engine = TestCerts.get().client().createSSLEngine("localhost", otherPort);
        engine.setUseClientMode(true);
        SSLParameters p = engine.getSSLParameters();
        p.setEndpointIdentificationAlgorithm(null);
        engine.setSSLParameters(p);
        TcpStream tcp = await(TcpStream.connect(new InetSocketAddress("127.0.0.1", otherPort)));
        try (TlsStream tls = TlsStream.over(tcp, engine)) {
            await(tls.handshake());
            assertThat(get(tls)).startsWith("HTTP/1.1 200 OK").endsWith(PAGE);
        }
    }
}
