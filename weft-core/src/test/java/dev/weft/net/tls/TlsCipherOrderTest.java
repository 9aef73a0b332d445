package dev.weft.net.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.net.tls.internal.CipherOrder;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The server's cipher preference: AES-128-GCM before AES-256-GCM, even for a client that prefers
 * AES-256 (the JDK's own client does), the key exchange order kept, and the JVM's own server list
 * left alone.
 */
@Timeout(60)
class TlsCipherOrderTest {

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
    void aServerChoosesAes128GcmForAClientThatPrefersAes256(String version) throws Exception {
        TestCerts certs = TestCerts.get();
        String[] clientOrder = SSLContext.getDefault().getDefaultSSLParameters().getCipherSuites();
        assertThat(indexOfSuffix(clientOrder, "AES_256_GCM_SHA384")).as("the JDK's client prefers AES-256")
                .isLessThan(indexOfSuffix(clientOrder, "AES_128_GCM_SHA256"));
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), TlsStreamTest::echo);
                TlsStream tls = TlsStreamTest.connect(TlsConnector.of(certs.client()).withProtocols(version), server, "localhost")) {
            assertThat(tls.session().getCipherSuite()).endsWith("AES_128_GCM_SHA256");
        }
    }

    @Test
    void theJvmsOwnServerListIsKeptAsItIs() throws Exception {
        TestCerts certs = TestCerts.get();
        System.setProperty("jdk.tls.server.cipherSuites", "TLS_AES_256_GCM_SHA384,TLS_AES_128_GCM_SHA256");
        try (TlsTestServer server = new TlsTestServer(TlsAcceptor.of(certs.server("localhost")), TlsStreamTest::echo);
                TlsStream tls = TlsStreamTest.connect(TlsConnector.of(certs.client()).withProtocols("TLSv1.3"), server, "localhost")) {
            assertThat(tls.session().getCipherSuite()).isEqualTo("TLS_AES_256_GCM_SHA384");
        } finally {
            System.clearProperty("jdk.tls.server.cipherSuites");
        }
    }

    @Test
    void onlyTheBulkCipherMovesAndEverySuiteIsKept() throws Exception {
        String[] jdk = SSLContext.getDefault().getDefaultSSLParameters().getCipherSuites();
        String[] ordered = CipherOrder.preferAes128(jdk);
        assertThat(ordered).containsExactlyInAnyOrder(jdk);
        assertThat(Arrays.copyOf(ordered, 3)).containsExactly("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256");
        List<String> list = List.of(ordered);
        for (String s : jdk) {
            if (!s.endsWith("_AES_256_GCM_SHA384") || s.startsWith("TLS_AES")) continue;
            String sibling = s.replace("_AES_256_GCM_SHA384", "_AES_128_GCM_SHA256");
            if (list.contains(sibling)) {
                assertThat(list.indexOf(sibling)).as(sibling + " before " + s).isEqualTo(list.indexOf(s) - 1);
            }
        }
        // every other suite keeps the JDK's order (so its preference of key exchanges too)
        List<String> moved = list.stream().filter(x -> x.startsWith("TLS_AES") || x.startsWith("TLS_CHACHA20")
                || (x.endsWith("_AES_128_GCM_SHA256") && list.contains(x.replace("_AES_128_GCM_SHA256", "_AES_256_GCM_SHA384")))).toList();
        assertThat(list.stream().filter(x -> !moved.contains(x)).toList())
                .isEqualTo(Arrays.stream(jdk).filter(x -> !moved.contains(x)).toList());
    }

    private static int indexOfSuffix(String[] suites, String suffix) {
        for (int i = 0; i < suites.length; i++) {
            if (suites[i].endsWith(suffix)) return i;
        }
        return -1;
    }
}
