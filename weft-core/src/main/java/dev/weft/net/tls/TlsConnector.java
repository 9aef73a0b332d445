package dev.weft.net.tls;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import dev.weft.io.IoFuture;
import dev.weft.net.TcpStream;
import java.io.IOException;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * The client side of TLS: connects to a server by host name, checks its certificate against the
 * trust store and the name (the rules of HTTPS, RFC 2818, on by default), sends the name (SNI),
 * offers ALPN protocols, and completes the handshake within a time limit. Immutable: each
 * {@code with} method returns a new connector. Keep one per trust configuration and reuse it:
 * sessions are resumed through its {@link SSLContext}.
 *
 * {@snippet :
 * TlsConnector https = TlsConnector.system().withAlpn("http/1.1");
 * TlsStream tls = await(https.connect("example.com", 443));
 * assert tls.applicationProtocol().equals("http/1.1");
 * }
 *
 * <p>A server with a private certificate authority: {@code TlsConnector.of(TlsContexts.trusting(caPem))}.
 */
public final class TlsConnector {
    /** The time limit of a handshake unless set: 10 s. */
    public static final Duration DEFAULT_HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);

    private final SSLContext context;
    private final List<String> alpn;
    private final List<String> protocols;
    private final Duration handshakeTimeout;

    private TlsConnector(SSLContext context, List<String> alpn, List<String> protocols, Duration handshakeTimeout) {
        this.context = context;
        this.alpn = alpn;
        this.protocols = protocols;
        this.handshakeTimeout = handshakeTimeout;
    }

    /**
     * A connector with the JDK's default context: the default trust store ({@code cacerts}, or
     * what {@code javax.net.ssl.trustStore} names), no client certificate.
     *
     * @return the connector
     * @throws IllegalStateException if the JDK has no default context
     */
    public static TlsConnector system() {
        try {
            return of(SSLContext.getDefault());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no default SSLContext", e);
        }
    }

    /**
     * A connector with {@code context}'s trust managers (and key managers, for a client
     * certificate).
     *
     * @param context the context
     * @return the connector
     */
    public static TlsConnector of(SSLContext context) {
        return new TlsConnector(Objects.requireNonNull(context, "context"), List.of(), List.of(), DEFAULT_HANDSHAKE_TIMEOUT);
    }

    /**
     * @param protocols the ALPN protocols offered, most wanted first ({@code "h2"}, {@code "http/1.1"})
     * @return a connector that offers them
     */
    public TlsConnector withAlpn(String... protocols) {
        return new TlsConnector(context, List.of(protocols), this.protocols, handshakeTimeout);
    }

    /**
     * @param versions the TLS versions allowed ({@code "TLSv1.3"}, {@code "TLSv1.2"}); none given: the context's default
     * @return a connector that allows only those
     */
    public TlsConnector withProtocols(String... versions) {
        return new TlsConnector(context, alpn, List.of(versions), handshakeTimeout);
    }

    /**
     * @param limit how long a handshake may take, the connect included
     * @return a connector with that limit
     */
    public TlsConnector withHandshakeTimeout(Duration limit) {
        if (limit.isNegative() || limit.isZero()) throw new IllegalArgumentException("handshake timeout must be positive: " + limit);
        return new TlsConnector(context, alpn, protocols, limit);
    }

    /**
     * Connects by TCP to {@code host:port} and completes the handshake. Woken by the socket and
     * the blocking pool; throws the connect's {@link IOException}, the engine's
     * {@link javax.net.ssl.SSLHandshakeException} (a certificate that has expired, is not trusted or
     * does not name {@code host}), {@link TlsTruncatedException} or
     * {@link TlsHandshakeTimeoutException}. Cancel-safe: a cancel closes the connection.
     *
     * @param host the server's name, checked against its certificate and sent as SNI
     * @param port its port
     * @return a future of the stream, handshake done
     */
    public IoFuture<TlsStream> connect(String host, int port) {
        IoFuture<TcpStream> tcp = TcpStream.connect(host, port);
        return new Handshake(new Handshake.Opening() {
            @Override
            public Poll<TlsStream> poll(Context cx) throws IOException {
                if (!(tcp.poll(cx) instanceof Poll.Ready<TcpStream>(TcpStream s))) return Poll.pending();
                try {
                    return Poll.ready(TlsStream.over(s, engine(host, port)));
                } catch (IOException | RuntimeException e) {
                    s.close();
                    throw e;
                }
            }

            @Override
            public void cancel() {
                tcp.cancel();
            }

            @Override
            public void abandon() {}
        }, handshakeTimeout);
    }

    /**
     * As {@link #connect(String, int)}, over a stream already connected (a Unix socket, a
     * tunnel, a stream of the simulated network). The TLS stream owns {@code transport}: a
     * failure, a time-out or a cancel closes it.
     *
     * @param transport the connected byte stream
     * @param host the server's name, checked against its certificate and sent as SNI
     * @param port its port (with the name, the key of the session cache)
     * @param <S> the transport's type
     * @return a future of the stream, handshake done
     */
    // "try": the transport is closed by hand, never a try-with-resources resource, so that
    // AutoCloseable.close() may throw InterruptedException does not matter here
    @SuppressWarnings("try")
    public <S extends AsyncRead & AsyncWrite & AutoCloseable> IoFuture<TlsStream> connect(S transport, String host, int port) {
        return new Handshake(new Handshake.Opening() {
            @Override
            public Poll<TlsStream> poll(Context cx) throws IOException {
                return Poll.ready(TlsStream.over(transport, engine(host, port)));
            }

            @Override
            public void abandon() {
                Handshake.closeQuietly(transport);
            }
        }, handshakeTimeout);
    }

    /** A client engine for {@code host}: host name checked as HTTPS does, SNI unless {@code host} is an address. */
    private SSLEngine engine(String host, int port) {
        SSLEngine engine = context.createSSLEngine(host, port);
        engine.setUseClientMode(true);
        SSLParameters p = engine.getSSLParameters();
        p.setEndpointIdentificationAlgorithm("HTTPS");
        if (!isAddressLiteral(host)) p.setServerNames(List.of(new SNIHostName(host)));
        if (!alpn.isEmpty()) p.setApplicationProtocols(alpn.toArray(String[]::new));
        if (!protocols.isEmpty()) p.setProtocols(protocols.toArray(String[]::new));
        engine.setSSLParameters(p);
        return engine;
    }

    /** IPv6 literals have a colon, IPv4 ones only digits and dots: SNI carries names only (RFC 6066 §3). */
    static boolean isAddressLiteral(String host) {
        return host.indexOf(':') >= 0 || host.chars().allMatch(c -> c == '.' || (c >= '0' && c <= '9'));
    }
}
