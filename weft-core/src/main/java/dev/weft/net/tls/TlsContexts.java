package dev.weft.net.tls;

import dev.weft.net.tls.internal.Pem;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * {@link SSLContext}s from PEM files, the format {@code openssl}, certbot and most servers keep
 * certificates in: a chain ({@code cert.pem}, the leaf first) and a PKCS#8 private key
 * ({@code key.pem}, {@code BEGIN PRIVATE KEY}). Read with the JDK's own parsers; nothing else is
 * needed. A context made once serves every connection (and resumes their sessions).
 *
 * {@snippet :
 * SSLContext server = TlsContexts.fromPem(Path.of("cert.pem"), Path.of("key.pem"));
 * SSLContext client = TlsContexts.trusting(Path.of("ca.pem"));   // a private certificate authority
 * }
 */
public final class TlsContexts {
    /** The in-memory store's password: the key never leaves memory, but PKCS#12 encrypts entries with one. */
    private static final char[] STORE_PASSWORD = "weft-in-memory".toCharArray();

    private TlsContexts() {}

    /**
     * A context that presents the chain in {@code chainPem} with the key in {@code keyPem}, and
     * trusts what the JDK's default trust store trusts.
     *
     * @param chainPem the certificates, the leaf first
     * @param keyPem the leaf's private key, PKCS#8
     * @return the context
     * @throws IOException if a file cannot be read or lacks its block (named in the message)
     * @throws GeneralSecurityException if a certificate or the key does not parse
     */
    public static SSLContext fromPem(Path chainPem, Path keyPem) throws IOException, GeneralSecurityException {
        return context(keyManagers(chainPem, keyPem), null);
    }

    /**
     * As {@link #fromPem(Path, Path)}, trusting only the certificates in {@code trustedPem}: a
     * server that checks client certificates, or a client with a certificate of its own.
     *
     * @param chainPem the certificates, the leaf first
     * @param keyPem the leaf's private key, PKCS#8
     * @param trustedPem the certificates of the authorities trusted
     * @return the context
     * @throws IOException if a file cannot be read or lacks its block
     * @throws GeneralSecurityException if a certificate or the key does not parse
     */
    public static SSLContext fromPem(Path chainPem, Path keyPem, Path trustedPem) throws IOException, GeneralSecurityException {
        return context(keyManagers(chainPem, keyPem), trustManagers(trustedPem));
    }

    /**
     * A client context that trusts only the certificates in {@code trustedPem} (a private
     * certificate authority, a self-signed server), with no certificate of its own.
     *
     * @param trustedPem the certificates of the authorities trusted
     * @return the context
     * @throws IOException if the file cannot be read or holds no certificate
     * @throws GeneralSecurityException if a certificate does not parse
     */
    public static SSLContext trusting(Path trustedPem) throws IOException, GeneralSecurityException {
        return context(null, trustManagers(trustedPem));
    }

    private static KeyManagerFactory keyManagers(Path chainPem, Path keyPem) throws IOException, GeneralSecurityException {
        List<X509Certificate> chain = Pem.certificates(chainPem);
        PrivateKey key = Pem.privateKey(keyPem);
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("key", key, STORE_PASSWORD, chain.toArray(X509Certificate[]::new));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, STORE_PASSWORD);
        return kmf;
    }

    private static TrustManagerFactory trustManagers(Path trustedPem) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        int i = 0;
        for (X509Certificate c : Pem.certificates(trustedPem)) ks.setCertificateEntry("trusted-" + i++, c);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        return tmf;
    }

    private static SSLContext context(KeyManagerFactory kmf, TrustManagerFactory tmf) throws GeneralSecurityException {
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf == null ? null : kmf.getKeyManagers(), tmf == null ? null : tmf.getTrustManagers(), null);
        return ctx;
    }
}
