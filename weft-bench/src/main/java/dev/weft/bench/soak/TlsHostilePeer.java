package dev.weft.bench.soak;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;

/**
 * One hostile peer of the TLS matrix, run on a virtual thread: one hostile connection after
 * another, each waited on until the server closes it, until {@link #stop()} (the connection in
 * progress is finished first, so that the server names the reason of every one). What happened is
 * in its {@link Tally}, summed over the peers of a kind.
 *
 * <h2>State</h2>
 * <pre>
 * field     meaning                                         who writes it
 * stopped   finish the connection in progress, then end      stop(), from the harness (volatile)
 * aborted   the harness closed the connection in progress    abort(), from the harness (volatile)
 * socket    the connection in progress, for abort()          the peer's thread (volatile)
 * </pre>
 */
final class TlsHostilePeer implements Runnable {
    /** The kinds of hostile TLS peer, each with the reason the server must end its connections with. */
    enum Kind {
        /** an HTTP request in plaintext instead of a ClientHello */
        GARBAGE("SSLException: Unrecognized SSL message, plaintext connection?"),
        /** the first 60 bytes of a ClientHello, then the end of its stream */
        TRUNCATED("TlsTruncatedException: the peer's stream ended during the handshake"),
        /** the first 20 bytes of a ClientHello, then nothing: the server's handshake deadline cuts it */
        STALL("TlsHandshakeTimeoutException: "),
        /** a handshake record whose header says 65,535 bytes, more than a TLS record may hold */
        OVERSIZED_RECORD("SSLProtocolException: Input record too big"),
        /** a handshake record of the right size holding a ClientHello of random bytes */
        MALFORMED_RECORD("SSLException: Insufficient space in the buffer"),
        /** a TLS 1.2 client that completes a round trip, then renegotiates */
        RENEGOTIATE("SSLHandshakeException: renegotiation refused"),
        /** a TLS 1.3 client that sends key updates without end and never any data */
        KEY_UPDATES("SSLProtocolException: the peer sent # TLS records in a row without application data"),
        /** a client that sends 100 bytes of a 1,000-byte request, then close_notify */
        CLOSE_NOTIFY_MID_REQUEST("EOFException: close_notify mid-request");

        /** The start of the server's {@link Endings} reason for this kind's connections. */
        final String reason;

        Kind(String reason) {
            this.reason = reason;
        }
    }

    /** What the peers of one kind add up. */
    static final class Tally {
        /** connections made (each one the server must end with the kind's reason) */
        final LongAdder connections = new LongAdder();
        /** connections the server closed while the peer waited */
        final LongAdder closedByServer = new LongAdder();
        /** connections still open 30 s after the peer had done its part or closed by the harness, or peer-side failures */
        final LongAdder errors = new LongAdder();
    }

    /**
     * The most key updates a peer sends on one connection: the server must cut it long before
     * (after 64 records without data). More would only load the harness: a JDK client makes each
     * one in a loop that never waits while the socket takes its bytes.
     */
    static final int MAX_KEY_UPDATES = 256;

    private final Kind kind;
    private final int port;
    private final SSLContext client;
    private final Tally tally;
    private volatile boolean stopped;
    private volatile boolean aborted;
    private volatile Socket socket;

    TlsHostilePeer(Kind kind, int port, SSLContext client, Tally tally) {
        this.kind = kind;
        this.port = port;
        this.client = client;
        this.tally = tally;
    }

    /** Asks the peer to stop after its connection in progress. */
    void stop() {
        stopped = true;
    }

    /** Closes the connection in progress: for a peer that did not stop when asked. */
    void abort() {
        aborted = true;
        Sockets.closeQuietly(socket);
    }

    @Override
    public void run() {
        while (!stopped) {
            try {
                once();
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            } catch (IOException | RuntimeException e) {
                tally.errors.increment();
            }
        }
    }

    private void once() throws IOException, InterruptedException {
        switch (kind) {
            case GARBAGE -> raw("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII), false);
            case TRUNCATED -> raw(Arrays.copyOf(clientHello(), 60), true);
            case STALL -> raw(Arrays.copyOf(clientHello(), 20), false);
            case OVERSIZED_RECORD -> raw(oversized(), false);
            case MALFORMED_RECORD -> raw(malformed(), false);
            case RENEGOTIATE -> renegotiate();
            case KEY_UPDATES -> keyUpdates();
            case CLOSE_NOTIFY_MID_REQUEST -> closeNotifyMidRequest();
        }
    }

    private Socket plain() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 30_000);
        socket = s;
        tally.connections.increment();
        return s;
    }

    /** A TLS socket to the server, limited to {@code version}, its handshake done; the server's certificate checked against {@code ctx}. */
    static SSLSocket tls(SSLContext ctx, int port, String version) throws IOException {
        Socket tcp = new Socket();
        tcp.connect(new InetSocketAddress("127.0.0.1", port), 30_000);
        SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket(tcp, "localhost", port, true);
        if (version != null) s.setEnabledProtocols(new String[] {version});
        s.setSoTimeout(30_000);
        s.startHandshake();
        return s;
    }

    private SSLSocket tls(String version) throws IOException {
        SSLSocket s = tls(client, port, version);
        socket = s;
        tally.connections.increment();
        return s;
    }

    /** Writes {@code bytes} (and half-closes if asked), then waits for the server to close. */
    private void raw(byte[] bytes, boolean halfClose) throws IOException {
        try (Socket s = plain()) {
            try {
                s.getOutputStream().write(bytes);
                if (halfClose) s.shutdownOutput();
            } catch (IOException refusedMidWay) {
                // the server may end the connection before it took every byte
            }
            awaitClose(s);
        }
    }

    private void renegotiate() throws IOException {
        try (SSLSocket s = tls("TLSv1.2")) {
            roundTrip(s);
            try {
                s.startHandshake(); // on an established TLS 1.2 connection: a new ClientHello
            } catch (IOException refused) {
                // the server's alert may already be there
            }
            awaitClose(s);
        }
    }

    private void keyUpdates() throws IOException {
        try (SSLSocket s = tls("TLSv1.3")) {
            try {
                for (int i = 0; i < MAX_KEY_UPDATES && !s.isClosed(); i++) {
                    s.startHandshake(); // on an established TLS 1.3 connection: a KeyUpdate
                }
            } catch (IOException cutOff) {
                // the server closed the connection under the updates
            }
            awaitClose(s);
        }
    }

    private void closeNotifyMidRequest() throws IOException {
        try (SSLSocket s = tls(null)) {
            roundTrip(s);
            byte[] part = new byte[4 + 100];
            ByteBuffer.wrap(part).putInt(0, 1000);
            s.getOutputStream().write(part);
            s.getOutputStream().flush();
            s.shutdownOutput(); // close_notify, with 900 bytes of the request still to come
            awaitClose(s);
        }
    }

    /** One request and its echo, so that the connection is known to work before the hostile part. */
    private void roundTrip(SSLSocket s) throws IOException {
        byte[] request = new byte[4 + 16];
        ByteBuffer.wrap(request).putInt(0, 16);
        s.getOutputStream().write(request);
        s.getOutputStream().flush();
        byte[] back = s.getInputStream().readNBytes(16);
        if (back.length != 16) throw new IOException("no echo before the hostile part: " + back.length + " bytes");
    }

    /** Reads until the server closes the connection (an alert may come first); 30 s at most. */
    private void awaitClose(Socket s) {
        try {
            if (s.isClosed()) throw new IOException("the TLS socket closed itself on the server's alert");
            s.setSoTimeout(30_000);
            InputStream in = s.getInputStream();
            while (in.read() >= 0) {
                // an alert, or an echo
            }
            tally.closedByServer.increment();
        } catch (SocketTimeoutException stillOpen) {
            tally.errors.increment();
        } catch (IOException closed) {
            if (aborted) {
                tally.errors.increment(); // closed by the harness, not the server
            } else {
                tally.closedByServer.increment(); // a reset, or the TLS socket's report of the server's alert
            }
        }
    }

    /** A ClientHello made once: the peers send parts of it, so making one per connection would only load the harness. */
    private static volatile byte[] hello;

    private static byte[] clientHello() throws IOException {
        byte[] h = hello;
        if (h == null) hello = h = newClientHello();
        return h;
    }

    /** The first flight of a JDK client: one ClientHello record. */
    private static byte[] newClientHello() throws IOException {
        try {
            SSLEngine e = SSLContext.getDefault().createSSLEngine("localhost", 443);
            e.setUseClientMode(true);
            e.beginHandshake();
            ByteBuffer out = ByteBuffer.allocate(e.getSession().getPacketBufferSize());
            e.wrap(ByteBuffer.allocate(0), out);
            return Arrays.copyOf(out.array(), out.position());
        } catch (java.security.GeneralSecurityException e) {
            throw new IOException(e);
        }
    }

    private static byte[] oversized() {
        byte[] b = new byte[5 + 0xffff];
        b[0] = 22; // handshake
        b[1] = 3;
        b[2] = 3;
        b[3] = (byte) 0xff;
        b[4] = (byte) 0xff;
        return b;
    }

    /** The same bytes every time, so that the engine names the same fault every time. */
    private static byte[] malformed() {
        byte[] b = new byte[5 + 64];
        new SplittableRandom(40).nextBytes(b);
        b[0] = 22;
        b[1] = 3;
        b[2] = 1;
        b[3] = 0;
        b[4] = 64;
        b[5] = 1; // a ClientHello of 60 bytes, whole in its record, of random bytes
        b[6] = 0;
        b[7] = 0;
        b[8] = 60;
        return b;
    }
}
