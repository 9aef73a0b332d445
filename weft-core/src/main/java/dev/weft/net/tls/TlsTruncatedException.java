package dev.weft.net.tls;

import javax.net.ssl.SSLException;

/**
 * The peer's byte stream ended without a TLS {@code close_notify}: the connection was cut (by the
 * peer, a middlebox or an attacker), so what was read may not be all the peer sent. A
 * {@link TlsStream} read throws it where a plain socket read would answer {@code -1}; a read
 * after the peer's {@code close_notify} answers {@code -1}. Also thrown when the stream ends
 * during the handshake.
 *
 * {@snippet :
 * try {
 *     int n = await(tls.read(buf, 0, buf.length));
 * } catch (TlsTruncatedException cut) {
 *     // the peer did not end the session: do not take a partial message as complete
 * }
 * }
 */
public final class TlsTruncatedException extends SSLException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what ended, and when
     */
    public TlsTruncatedException(String message) {
        super(message);
    }
}
