package dev.weft.net.tls;

import static dev.weft.Weft.await;
import static dev.weft.net.tls.TlsStreamTest.ascii;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.io.AsyncIo;
import dev.weft.net.TcpStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Weft's TLS against a TLS implementation it did not write: the client against
 * {@code openssl s_server}, the server against {@code openssl s_client}, TLS 1.2 and 1.3, ALPN,
 * the certificate checked against the test CA and the host name.
 */
@Timeout(60)
class TlsOpensslTest {

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void weftsClientGetsAPageFromOpensslsServer(String version) throws Exception {
        TestCerts certs = TestCerts.get();
        int port = freePort();
        Process server = new ProcessBuilder("openssl", "s_server", "-accept", "127.0.0.1:" + port, "-naccept", "1",
                "-cert", certs.file("localhost.pem").toString(), "-key", certs.file("localhost.key").toString(),
                "-alpn", "http/1.1", "-www").redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            for (String line; (line = out.readLine()) != null && !line.startsWith("ACCEPT"); ) {
                // s_server prints ACCEPT once it listens
            }
            TlsConnector connector = TlsConnector.of(certs.client()).withProtocols(version).withAlpn("h2", "http/1.1");
            TcpStream tcp = await(TcpStream.connect(new InetSocketAddress("127.0.0.1", port)));
            try (TlsStream tls = await(connector.connect(tcp, "localhost", port))) {
                assertThat(tls.session().getProtocol()).isEqualTo(version);
                assertThat(tls.applicationProtocol()).isEqualTo("http/1.1");
                await(tls.writeAll(ascii("GET / HTTP/1.0\r\n\r\n")));
                String page = new String(await(AsyncIo.readToEnd(tls)), StandardCharsets.UTF_8);
                assertThat(page).startsWith("HTTP/1.0 200 ok").contains(version.equals("TLSv1.3") ? "TLSv1.3" : "TLSv1.2");
            }
            assertThat(server.waitFor(10, TimeUnit.SECONDS)).as("s_server exits after its one connection").isTrue();
        } finally {
            server.destroyForcibly();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"-tls1_3", "-tls1_2"})
    void opensslsClientTalksToWeftsServer(String versionFlag) throws Exception {
        TestCerts certs = TestCerts.get();
        TlsAcceptor acceptor = TlsAcceptor.of(certs.server("localhost")).withAlpn("http/1.1");
        TlsTestServer.Handler handler = (tls, raw) -> {
            byte[] ping = new byte[5];
            await(AsyncIo.readExact(tls, ping, 0, 5));
            await(tls.writeAll(ascii("pong " + new String(ping, StandardCharsets.US_ASCII).trim() + "\n")));
            await(tls.shutdown());
            return tls.session().getProtocol();
        };
        try (TlsTestServer server = new TlsTestServer(acceptor, handler)) {
            Process client = new ProcessBuilder("openssl", "s_client", "-connect", "127.0.0.1:" + server.port(),
                    "-servername", "localhost", "-verify_hostname", "localhost", "-CAfile", certs.file("ca.pem").toString(),
                    "-verify_return_error", "-alpn", "http/1.1", versionFlag, "-ign_eof").redirectErrorStream(true).start();
            try {
                client.getOutputStream().write(ascii("ping\n"));
                client.getOutputStream().close();
                String out;
                try (InputStream in = client.getInputStream()) {
                    out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
                assertThat(client.waitFor(10, TimeUnit.SECONDS)).isTrue();
                String version = versionFlag.equals("-tls1_3") ? "TLSv1.3" : "TLSv1.2";
                assertThat(out).contains("pong ping", "Verify return code: 0 (ok)", "ALPN protocol: http/1.1", version);
                assertThat(server.outcome()).isEqualTo(version);
            } finally {
                client.destroyForcibly();
            }
        }
    }

    @Test
    void aClientThatRenegotiatesIsRefusedByName() throws Exception {
        TestCerts certs = TestCerts.get();
        TlsTestServer.Handler handler = (tls, raw) -> {
            await(AsyncIo.readToEnd(tls));
            return "ended";
        };
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), handler)) {
            Process client = new ProcessBuilder("openssl", "s_client", "-connect", "127.0.0.1:" + server.port(),
                    "-servername", "localhost", "-CAfile", certs.file("ca.pem").toString(), "-tls1_2")
                    .redirectErrorStream(true).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
            try (OutputStream commands = client.getOutputStream()) {
                awaitLine(out, "Verify return code"); // the handshake is done
                commands.write(ascii("R\n")); // s_client's command: renegotiate (on its next write)
                commands.flush();
                awaitLine(out, "RENEGOTIATING");
                commands.write(ascii("x\n")); // the write that sends the new ClientHello
                commands.flush();
                assertThat(server.outcome()).isInstanceOf(SSLHandshakeException.class)
                        .extracting(o -> ((Throwable) o).getMessage()).asString().startsWith("renegotiation refused");
            } finally {
                client.destroyForcibly();
            }
        }
    }

    /** Reads {@code out} until a line contains {@code text} (bounded by the test's time-out). */
    static void awaitLine(BufferedReader out, String text) throws IOException {
        for (String line; (line = out.readLine()) != null; ) {
            if (line.contains(text)) return;
        }
        throw new AssertionError("openssl ended before printing " + text);
    }
}
