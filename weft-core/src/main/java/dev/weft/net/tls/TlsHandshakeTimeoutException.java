package dev.weft.net.tls;

import javax.net.ssl.SSLHandshakeException;

/**
 * A TLS handshake did not complete within its time limit
 * ({@link TlsAcceptor#withHandshakeTimeout}, {@link TlsConnector#withHandshakeTimeout}): a peer
 * that stalls, or sends its ClientHello a byte at a time, holds a connection no longer than that.
 * The connection is closed when this is thrown.
 *
 * {@snippet :
 * try {
 *     TlsStream tls = await(acceptor.accept(conn));
 * } catch (TlsHandshakeTimeoutException slow) {
 *     // closed already; serve the next one
 * }
 * }
 */
public final class TlsHandshakeTimeoutException extends SSLHandshakeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message the limit that ran out
     */
    public TlsHandshakeTimeoutException(String message) {
        super(message);
    }
}
