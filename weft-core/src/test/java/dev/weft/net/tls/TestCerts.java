package dev.weft.net.tls;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * Certificates made for this JVM's tests, in a temporary directory, by {@code openssl} (a test CA,
 * leaves for {@code localhost} and {@code other.test} and a client, all signed by it) and by the
 * JDK's {@code keytool} (a {@code localhost} certificate that expired in 2020, and its own CA). No key
 * is committed anywhere.
 */
final class TestCerts {
    final Path dir;

    private static TestCerts made;

    private TestCerts(Path dir) {
        this.dir = dir;
    }

    /** @return the certificates, made on first use; the test is skipped, named, if openssl is absent */
    static synchronized TestCerts get() throws Exception {
        assumeTrue(hasOpenssl(), "openssl is not on the PATH: .ci/setup installs it (these tests need it to make certificates)");
        if (made == null) made = make(Files.createTempDirectory("weft-tls-certs"));
        return made;
    }

    static boolean hasOpenssl() {
        try {
            return new ProcessBuilder("openssl", "version").redirectErrorStream(true).start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static TestCerts make(Path d) throws Exception {
        run(d, "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key",
                "-out", "ca.pem", "-days", "2", "-subj", "/CN=Weft Test CA", "-addext", "basicConstraints=critical,CA:TRUE",
                "-addext", "keyUsage=critical,keyCertSign,cRLSign");
        leaf(d, "localhost", "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n");
        leaf(d, "other", "subjectAltName=DNS:other.test\nextendedKeyUsage=serverAuth\n");
        leaf(d, "client", "extendedKeyUsage=clientAuth\n");
        return new TestCerts(d);
    }

    /** A key and a certificate for {@code name}, signed by the test CA, with {@code extensions}. */
    private static void leaf(Path d, String name, String extensions) throws Exception {
        Files.writeString(d.resolve(name + ".ext"), extensions);
        String cn = name.equals("other") ? "other.test" : name;
        run(d, "openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", name + ".key",
                "-out", name + ".csr", "-subj", "/CN=" + cn);
        run(d, "openssl", "x509", "-req", "-in", name + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", name + ".pem", "-days", "2", "-extfile", name + ".ext");
    }

    private static String[] keytool(String keytool, List<String> store, String... args) {
        List<String> cmd = new ArrayList<>(List.of(keytool));
        cmd.addAll(List.of(args));
        cmd.addAll(store);
        return cmd.toArray(String[]::new);
    }

    private static void run(Path dir, String... command) throws Exception {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed:\n" + out);
        }
    }

    Path file(String name) {
        return dir.resolve(name);
    }

    /** @return a server context presenting {@code name}'s certificate ({@code localhost}, {@code other}) and trusting the CA */
    SSLContext server(String name) throws IOException, GeneralSecurityException {
        return TlsContexts.fromPem(file(name + ".pem"), file(name + ".key"), file("ca.pem"));
    }

    /** @return a client context that trusts the test CA */
    SSLContext client() throws IOException, GeneralSecurityException {
        return TlsContexts.trusting(file("ca.pem"));
    }

    /** @return a client context with the client certificate, trusting the test CA */
    SSLContext clientWithCertificate() throws IOException, GeneralSecurityException {
        return TlsContexts.fromPem(file("client.pem"), file("client.key"), file("ca.pem"));
    }

    private boolean expiredMade;

    /** Makes the expired certificate on first use: six runs of keytool, a JVM each, so only for the test that needs it. */
    private synchronized void makeExpired() throws Exception {
        if (expiredMade) return;
        // an expired leaf (valid two days of 2020) signed by a CA of its own, so that PKIX checks its dates
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        List<String> store = List.of("-keystore", "expired.p12", "-storetype", "PKCS12", "-storepass", "changeit");
        run(dir, keytool(keytool, store, "-genkeypair", "-alias", "expca", "-keyalg", "EC", "-dname", "CN=Expired Test CA",
                "-ext", "bc:c", "-validity", "2"));
        run(dir, keytool(keytool, store, "-genkeypair", "-alias", "expired", "-keyalg", "EC", "-dname", "CN=localhost"));
        run(dir, keytool(keytool, store, "-certreq", "-alias", "expired", "-file", "expired.csr"));
        run(dir, keytool(keytool, store, "-gencert", "-alias", "expca", "-infile", "expired.csr", "-outfile", "expired.pem", "-rfc",
                "-startdate", "2020/01/01 00:00:00", "-validity", "2", "-ext", "san=dns:localhost,ip:127.0.0.1"));
        run(dir, keytool(keytool, store, "-importcert", "-noprompt", "-alias", "expired", "-file", "expired.pem"));
        run(dir, keytool(keytool, store, "-exportcert", "-rfc", "-alias", "expca", "-file", "expired-ca.pem"));
        expiredMade = true;
    }

    /** @return a server context presenting the expired certificate (trusted through {@code expired-ca.pem}) */
    SSLContext expiredServer() throws Exception {
        makeExpired();
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file("expired.p12"))) {
            ks.load(in, "changeit".toCharArray());
        }
        ks.deleteEntry("expca"); // else the key manager would present the CA's valid certificate, not the expired one
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "changeit".toCharArray());
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        return ctx;
    }
}
