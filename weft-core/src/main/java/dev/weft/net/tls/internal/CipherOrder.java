package dev.weft.net.tls.internal;

import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The order in which a Weft TLS server prefers cipher suites: the JDK's, except that AES-128-GCM
 * comes before AES-256-GCM (and ChaCha20-Poly1305 after both in TLS 1.3), as in Mozilla's server
 * guidelines and Netty's defaults. The JDK puts AES-256 first; AES-128 is TLS 1.3's
 * must-implement suite. (With AES-NI the two cost the same CPU per request here; what the order
 * buys is a server that negotiates what its peers do.) Only the bulk cipher moves: a TLS 1.2 suite stays after its key-exchange neighbours, so the JDK's
 * preference of ECDHE over the others is kept.
 *
 * {@snippet :
 * String[] order = CipherOrder.preferAes128(engine.getSSLParameters().getCipherSuites());
 * // {"TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256",
 * //  "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", ...}
 * }
 */
public final class CipherOrder {
    private static final List<String> TLS13 = List.of("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256");
    private static final String AES256 = "_AES_256_GCM_SHA384";
    private static final String AES128 = "_AES_128_GCM_SHA256";

    private CipherOrder() {}

    /**
     * @param enabled the suites in the JDK's order of preference
     * @return the same suites, AES-128-GCM before AES-256-GCM
     */
    public static String[] preferAes128(String[] enabled) {
        Set<String> all = new HashSet<>(Arrays.asList(enabled));
        Set<String> out = new LinkedHashSet<>(enabled.length * 2);
        for (String s : TLS13) {
            if (all.contains(s)) out.add(s);
        }
        for (String s : enabled) {
            if (s.endsWith(AES256)) {
                String sibling = s.substring(0, s.length() - AES256.length()) + AES128;
                if (all.contains(sibling)) out.add(sibling); // a set: no effect if already in
            }
            out.add(s);
        }
        return out.toArray(String[]::new);
    }
}
