package dev.weft.examples.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for {@code localhost} and {@code 127.0.0.1}, for the HTTPS demo only:
 * made by the JDK's {@code keytool} (the one beside the running {@code java}), written as PEM
 * ({@code cert.pem}, {@code key.pem}: PKCS#8) as a real server's would be, so that the demo serves
 * it the same way. A client trusts it by name: {@code curl --cacert cert.pem}.
 *
 * {@snippet :
 * SelfSigned.Pem pem = SelfSigned.write(Files.createTempDirectory("demo-tls"));
 * SSLContext ctx = TlsContexts.fromPem(pem.cert(), pem.key());
 * }
 */
public final class SelfSigned {
    /**
     * The two files.
     *
     * @param cert the certificate, PEM
     * @param key its private key, PEM (PKCS#8)
     */
    public record Pem(Path cert, Path key) {}

    private static final String PASSWORD = "demo-only";

    private SelfSigned() {}

    /**
     * @param dir where {@code cert.pem} and {@code key.pem} go (and keytool's scratch store)
     * @return the files
     * @throws IOException if keytool is missing or fails
     * @throws GeneralSecurityException if its store does not read back
     */
    public static Pem write(Path dir) throws IOException, GeneralSecurityException {
        return write(dir, "EC");
    }

    /**
     * As {@link #write(Path)}, with a key of {@code algorithm}: {@code "EC"} (P-256) or {@code "RSA"}
     * (2048 bits; its signatures have one length, which a simulation that compares traces needs).
     *
     * @param dir where {@code cert.pem} and {@code key.pem} go
     * @param algorithm {@code "EC"} or {@code "RSA"}
     * @return the files
     * @throws IOException if keytool is missing or fails
     * @throws GeneralSecurityException if its store does not read back
     */
    public static Pem write(Path dir, String algorithm) throws IOException, GeneralSecurityException {
        Path store = dir.resolve("self-signed.p12");
        Files.deleteIfExists(store);
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-keystore", store.toString(), "-storetype", "PKCS12",
                "-storepass", PASSWORD, "-alias", "demo", "-keyalg", algorithm, algorithm.equals("EC") ? "-groupname" : "-keysize",
                algorithm.equals("EC") ? "secp256r1" : "2048", "-dname", "CN=localhost",
                "-ext", "san=dns:localhost,ip:127.0.0.1", "-validity", "30").redirectErrorStream(true).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException(keytool + " failed: " + out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + keytool + " ran", e);
        } finally {
            p.destroyForcibly();
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        Certificate cert = ks.getCertificate("demo");
        Key key = ks.getKey("demo", PASSWORD.toCharArray());
        Files.delete(store);
        Pem pem = new Pem(dir.resolve("cert.pem"), dir.resolve("key.pem"));
        Files.writeString(pem.cert(), pem("CERTIFICATE", cert.getEncoded()));
        Files.writeString(pem.key(), pem("PRIVATE KEY", key.getEncoded())); // PKCS#8, as the JDK encodes private keys
        return pem;
    }

    private static String pem(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }
}
