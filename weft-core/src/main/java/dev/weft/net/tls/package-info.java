/**
 * TLS over Weft's byte streams, with the JDK's {@link javax.net.ssl.SSLEngine}:
 * {@link dev.weft.net.tls.TlsConnector} (clients: trust store and host-name check on by default,
 * SNI, ALPN), {@link dev.weft.net.tls.TlsAcceptor} (servers: a certificate chosen by SNI, ALPN,
 * client authentication, a handshake deadline), {@link dev.weft.net.tls.TlsStream} (the
 * connection, an {@code AsyncRead} and {@code AsyncWrite} of plaintext) and
 * {@link dev.weft.net.tls.TlsContexts} (contexts from PEM files). No cryptography is written here.
 *
 * <h2>Maintainer overview</h2>
 * {@code internal.TlsDriver} owns the engine and three bounded buffers (ciphertext in,
 * plaintext in, ciphertext out), each held only while it holds bytes and otherwise back in
 * {@code internal.RecordBufferPool}, and runs the engine's loop inside the polls of the stream, under
 * one lock held for a step and never across a wait: each poll registers its side's waker, then
 * polls the transport with the driver's own waker, which wakes every side (a read may need the
 * transport to be writable during a handshake, a write may need it readable). A step that moved
 * bytes or the engine wakes the other sides, which may have waited for what it consumed.
 * {@code NEED_TASK} becomes one job on the blocking pool of the runtime that made the stream; its
 * completion wakes every side. Failures are sticky: the first {@code SSLException}, or the
 * truncation when the transport ends without {@code close_notify}, is thrown by every later poll.
 * {@code Handshake} puts a time limit over making the stream and its handshake and closes the
 * connection on failure, time-out or cancel. The acceptor reads the client's first record before
 * any engine exists ({@code internal.ClientHelloSni}), so SNI can choose the {@code SSLContext},
 * and hands those bytes to the engine.
 *
 * <p>Not here: renegotiation control (the JDK's defaults apply: {@code jdk.tls.rejectClientInitiatedRenegotiation}),
 * 0-RTT (the JDK has none).
 */
package dev.weft.net.tls;
