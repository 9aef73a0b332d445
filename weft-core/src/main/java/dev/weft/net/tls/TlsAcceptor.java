package dev.weft.net.tls;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import dev.weft.io.IoFuture;
import dev.weft.net.tls.internal.CipherOrder;
import dev.weft.net.tls.internal.ClientHelloSni;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * The server side of TLS: completes the handshake of an accepted connection within a time limit,
 * with a certificate chosen by the name the client asks for (SNI), the ALPN protocols the server
 * speaks, and optionally a client certificate. Immutable: each {@code with} method returns a new
 * acceptor. Sessions are resumed through the {@link SSLContext} (keep one acceptor for the
 * server's life).
 *
 * {@snippet :
 * TlsAcceptor tls = TlsAcceptor.of(TlsContexts.fromPem(Path.of("cert.pem"), Path.of("key.pem")))
 *         .withAlpn("http/1.1");
 * while (true) {
 *     TcpStream c = await(listener.accept());
 *     Task.spawn(Weft.async(() -> {
 *         try (TlsStream s = await(tls.accept(c))) {   // handshake failed: c is closed, the error thrown
 *             await(AsyncIo.copy(s, s));
 *             await(s.shutdown());
 *         }
 *         return null;
 *     })).detach();
 * }
 * }
 *
 * <p>A hostile or broken client ends only its own connection, with a named error: bytes that are
 * not TLS and malformed records fail with the engine's {@link javax.net.ssl.SSLException}, a
 * stream cut during the handshake with {@link TlsTruncatedException}, a handshake slower than the
 * limit with {@link TlsHandshakeTimeoutException}. The engine's delegated tasks (the expensive
 * key exchange steps) run on the blocking pool, never on a worker.
 *
 * <p>Cipher suites: the context's, in the JDK's order, except that the server prefers AES-128-GCM
 * to AES-256-GCM, as Mozilla's server guidelines and Netty do (the JDK prefers AES-256; AES-128 is
 * TLS 1.3's must-implement suite). Where the JVM names its server suites
 * ({@code -Djdk.tls.server.cipherSuites}), that list and its order are kept.
 */
public final class TlsAcceptor {
    /** Whether a client must show a certificate. */
    public enum ClientAuth {
        /** No client certificate is asked for. */
        NONE,
        /** One is asked for; a client without one is let in ({@code setWantClientAuth}). */
        REQUESTED,
        /** One is required; a client without one fails the handshake ({@code setNeedClientAuth}). */
        REQUIRED
    }

    /** The time limit of a handshake unless set: 10 s, the ClientHello's arrival included. */
    public static final Duration DEFAULT_HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);

    private final SSLContext context;
    private final Function<String, SSLContext> byName;
    private final List<String> alpn;
    private final List<String> protocols;
    private final ClientAuth clientAuth;
    private final Duration handshakeTimeout;

    private TlsAcceptor(SSLContext context, Function<String, SSLContext> byName, List<String> alpn, List<String> protocols,
            ClientAuth clientAuth, Duration handshakeTimeout) {
        this.context = context;
        this.byName = byName;
        this.alpn = alpn;
        this.protocols = protocols;
        this.clientAuth = clientAuth;
        this.handshakeTimeout = handshakeTimeout;
    }

    /**
     * @param context the server's context: its key managers hold the certificate and key
     * @return an acceptor with no SNI choice, no ALPN, no client authentication
     */
    public static TlsAcceptor of(SSLContext context) {
        return new TlsAcceptor(Objects.requireNonNull(context, "context"), null, List.of(), List.of(), ClientAuth.NONE,
                DEFAULT_HANDSHAKE_TIMEOUT);
    }

    /**
     * Chooses the context (the certificate) by the host name the client asks for. The function
     * runs on the accepting task, once per connection, with the name (lower case as the client
     * sent it) or {@code null} when the client sent none; answering {@code null} means the
     * default context of {@link #of}. Only a ClientHello that fits in its first record is read
     * for the name (every common client's does); otherwise the default context answers.
     *
     * {@snippet :
     * TlsAcceptor tls = TlsAcceptor.of(fallback).withSni(name -> "api.example.com".equals(name) ? api : null);
     * }
     *
     * @param chooser the context for a name, or null for the default
     * @return an acceptor that chooses so
     */
    public TlsAcceptor withSni(Function<String, SSLContext> chooser) {
        return new TlsAcceptor(context, Objects.requireNonNull(chooser, "chooser"), alpn, protocols, clientAuth, handshakeTimeout);
    }

    /**
     * @param protocols the ALPN protocols the server speaks, preferred first; the first of them the
     *     client offers is chosen, and a client that offers ALPN but none of them fails the
     *     handshake ({@code no_application_protocol})
     * @return an acceptor that negotiates them
     */
    public TlsAcceptor withAlpn(String... protocols) {
        return new TlsAcceptor(context, byName, List.of(protocols), this.protocols, clientAuth, handshakeTimeout);
    }

    /**
     * @param versions the TLS versions allowed ({@code "TLSv1.3"}, {@code "TLSv1.2"}); none given: the context's default
     * @return an acceptor that allows only those
     */
    public TlsAcceptor withProtocols(String... versions) {
        return new TlsAcceptor(context, byName, alpn, List.of(versions), clientAuth, handshakeTimeout);
    }

    /**
     * @param auth whether a client certificate is asked for or required; it is checked against
     *     the context's trust managers
     * @return an acceptor that asks so
     */
    public TlsAcceptor withClientAuth(ClientAuth auth) {
        return new TlsAcceptor(context, byName, alpn, protocols, Objects.requireNonNull(auth, "auth"), handshakeTimeout);
    }

    /**
     * @param limit how long a client has from the accept to the end of its handshake
     * @return an acceptor with that limit
     */
    public TlsAcceptor withHandshakeTimeout(Duration limit) {
        if (limit.isNegative() || limit.isZero()) throw new IllegalArgumentException("handshake timeout must be positive: " + limit);
        return new TlsAcceptor(context, byName, alpn, protocols, clientAuth, limit);
    }

    /**
     * Reads the client's first record (for SNI), then completes the handshake. Woken by the
     * transport and the blocking pool; throws the engine's {@link javax.net.ssl.SSLException},
     * {@link TlsTruncatedException}, {@link TlsHandshakeTimeoutException} or the transport's
     * error, and closes {@code transport} then. Cancel-safe: a cancel closes {@code transport}.
     *
     * @param transport an accepted connection; the TLS stream owns it from here
     * @param <S> the transport's type
     * @return a future of the stream, handshake done
     */
    // "try": the transport is closed by hand, never a try-with-resources resource, so that
    // AutoCloseable.close() may throw InterruptedException does not matter here
    @SuppressWarnings("try")
    public <S extends AsyncRead & AsyncWrite & AutoCloseable> IoFuture<TlsStream> accept(S transport) {
        return new Handshake(new Peek<>(transport), handshakeTimeout);
    }

    /** A server engine from {@code chosen}, with this acceptor's settings. */
    private SSLEngine engine(SSLContext chosen) {
        SSLEngine engine = chosen.createSSLEngine();
        engine.setUseClientMode(false);
        SSLParameters p = engine.getSSLParameters();
        switch (clientAuth) {
            case NONE -> p.setNeedClientAuth(false);
            case REQUESTED -> p.setWantClientAuth(true);
            case REQUIRED -> p.setNeedClientAuth(true);
        }
        if (!alpn.isEmpty()) p.setApplicationProtocols(alpn.toArray(String[]::new));
        if (!protocols.isEmpty()) p.setProtocols(protocols.toArray(String[]::new));
        if (System.getProperty("jdk.tls.server.cipherSuites") == null) {
            p.setCipherSuites(CipherOrder.preferAes128(p.getCipherSuites()));
            p.setUseCipherSuitesOrder(true);
        }
        engine.setSSLParameters(p);
        return engine;
    }

    /**
     * Reads until the client's first record is whole (at most {@link ClientHelloSni#MAX_RECORD}
     * bytes), then makes the stream with the context its name chooses, handing it those bytes.
     *
     * <h2>State (owner thread only)</h2>
     * <pre>
     * hello   the bytes read so far, in write mode; handed to the stream once it is made
     * </pre>
     */
    // "try": the transport is closed by hand, never a try-with-resources resource, so that
    // AutoCloseable.close() may throw InterruptedException does not matter here
    @SuppressWarnings("try")
    private final class Peek<S extends AsyncRead & AsyncWrite & AutoCloseable> implements Handshake.Opening {
        private final S transport;
        /** The client's first record, read only when SNI chooses the context. */
        private final ByteBuffer hello = ByteBuffer.allocate(byName == null ? 0 : ClientHelloSni.MAX_RECORD);

        Peek(S transport) {
            this.transport = transport;
        }

        @Override
        public Poll<TlsStream> poll(Context cx) throws IOException {
            SSLContext chosen = context;
            if (byName != null) {
                Optional<String> name;
                while ((name = ClientHelloSni.parse(hello.duplicate().flip())) == null) {
                    if (!(transport.pollRead(cx, hello) instanceof Poll.Ready<Integer>(Integer n))) return Poll.pending();
                    if (n < 0) throw new TlsTruncatedException("the peer's stream ended before its ClientHello was whole");
                }
                SSLContext named = byName.apply(name.orElse(null));
                if (named != null) chosen = named;
            }
            return Poll.ready(TlsStream.over(transport, engine(chosen), hello.flip()));
        }

        @Override
        public void abandon() {
            Handshake.closeQuietly(transport);
        }
    }
}
