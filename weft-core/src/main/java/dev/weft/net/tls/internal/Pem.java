package dev.weft.net.tls.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads PEM files (RFC 7468) with the JDK's own parsers: certificates with
 * {@link CertificateFactory}, a PKCS#8 private key ({@code BEGIN PRIVATE KEY}, what
 * {@code openssl req -nodes -keyout} writes) with {@link KeyFactory}.
 */
public final class Pem {
    private static final Pattern BLOCK = Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([^-]*)-----END \\1-----");
    /** Tried in turn on a PKCS#8 key: its algorithm is inside the DER, which the JDK does not expose. */
    private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC", "Ed25519", "Ed448", "RSASSA-PSS");

    private Pem() {}

    /**
     * @param file a PEM file of one or more certificates, the leaf first
     * @return the certificates, in file order
     * @throws IOException if the file cannot be read or holds no certificate
     * @throws GeneralSecurityException if a certificate does not parse
     */
    public static List<X509Certificate> certificates(Path file) throws IOException, GeneralSecurityException {
        CertificateFactory cf = CertificateFactory.getInstance("X.509");
        List<X509Certificate> out = new ArrayList<>();
        for (byte[] der : blocks(file, "CERTIFICATE")) {
            out.add((X509Certificate) cf.generateCertificate(new ByteArrayInputStream(der)));
        }
        if (out.isEmpty()) throw new IOException(file + " holds no PEM CERTIFICATE block");
        return out;
    }

    /**
     * @param file a PEM file with a {@code PRIVATE KEY} block (PKCS#8, unencrypted)
     * @return the key
     * @throws IOException if the file cannot be read or holds no such block (a PKCS#1
     *     {@code RSA PRIVATE KEY} is named: convert it with {@code openssl pkcs8 -topk8 -nocrypt})
     * @throws GeneralSecurityException if no algorithm of the JDK reads the key
     */
    public static PrivateKey privateKey(Path file) throws IOException, GeneralSecurityException {
        List<byte[]> keys = blocks(file, "PRIVATE KEY");
        if (keys.isEmpty()) {
            String text = Files.readString(file, StandardCharsets.US_ASCII);
            String hint = text.contains("BEGIN RSA PRIVATE KEY") || text.contains("BEGIN EC PRIVATE KEY")
                    ? " (it holds a traditional key: convert it with openssl pkcs8 -topk8 -nocrypt)"
                    : text.contains("BEGIN ENCRYPTED PRIVATE KEY") ? " (its key is encrypted: decrypt it with openssl pkcs8 -nocrypt)" : "";
            throw new IOException(file + " holds no PEM PRIVATE KEY block (PKCS#8)" + hint);
        }
        PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(keys.get(0));
        GeneralSecurityException last = null;
        for (String algorithm : KEY_ALGORITHMS) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (InvalidKeySpecException e) {
                last = e;
            }
        }
        throw new InvalidKeySpecException(file + ": no key algorithm of this JDK reads its key (tried " + KEY_ALGORITHMS + ")", last);
    }

    private static List<byte[]> blocks(Path file, String label) throws IOException {
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        List<byte[]> out = new ArrayList<>();
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            if (m.group(1).equals(label)) out.add(Base64.getMimeDecoder().decode(m.group(2)));
        }
        return out;
    }
}
