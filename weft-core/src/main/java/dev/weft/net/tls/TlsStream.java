package dev.weft.net.tls;

import dev.weft.blocking.Blocking;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncIo;
import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import dev.weft.io.IoFuture;
import dev.weft.net.tls.internal.TlsDriver;
import java.io.IOException;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;

/**
 * A TLS connection over a Weft byte stream (a {@link dev.weft.net.TcpStream}, a
 * {@link dev.weft.net.UnixStream}, a stream of the simulated network): an {@link AsyncRead} and
 * {@link AsyncWrite} of plaintext, encrypted by the JDK's {@link SSLEngine}. Made by
 * {@link TlsConnector} (client) or {@link TlsAcceptor} (server), with the handshake done; or by
 * {@link #over} from an engine configured by hand, with the handshake run by the first read,
 * write or {@link #handshake()}.
 *
 * {@snippet :
 * TlsStream tls = await(TlsConnector.system().connect("example.com", 443)); // trust store, host name checked
 * await(tls.writeAll("GET / HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
 * byte[] reply = await(AsyncIo.readToEnd(tls));   // ends at the server's close_notify
 * tls.close();
 * }
 *
 * <p><b>Ending.</b> {@link #shutdown()} sends {@code close_notify} and shuts the transport's
 * output down; with TLS 1.3 the stream can still be read (half-close), with TLS 1.2 the peer
 * answers with its own {@code close_notify}. {@link #close()} sends {@code close_notify} without
 * waiting (what the transport takes now) and closes the transport. A read answers {@code -1}
 * only after the peer's {@code close_notify}; a transport that ends without one fails the read
 * with {@link TlsTruncatedException}.
 *
 * <p><b>Errors.</b> What the engine throws ({@link SSLException} and its subclasses: a bad
 * certificate, a malformed record, an alert from the peer) fails the stream for good: the alert
 * for the peer is written without waiting, and every later read and write throws the same
 * exception.
 *
 * <p><b>Cancel safety.</b> A read is cancel-safe: plaintext leaves the stream only in the poll
 * that returns it. A write ({@link #pollWrite}, {@code AsyncIo.write}) is cancel-safe too: a poll
 * that answers pending took nothing from {@code src}; a poll that returns {@code n} has encrypted
 * those {@code n} bytes into the stream's outbound buffer (one record at most), and the part the
 * transport did not take yet goes out with the next write, flush, shutdown or read of this stream
 * (so what a cancelled write leaves is: nothing taken, or {@code n} bytes encrypted and queued,
 * never a record cut in half). {@link #writeAll(byte[])} is not cancel-safe: after a cancel an
 * unknown prefix of the bytes was encrypted and queued (with {@code AsyncIo.writeAll} over a
 * {@code ByteBuffer}, its position says where that prefix ends). The handshake's delegated tasks
 * run on the blocking pool of the runtime that made the stream ({@link Blocking#currentPool()});
 * {@link #close()} cancels one that is running.
 *
 * <p><b>Memory.</b> Up to three buffers of the session's sizes (about 16 KiB each for ciphertext
 * in, plaintext in and ciphertext out), grown at most once to the sizes the session asks for, and
 * held only while they hold bytes: between reads and writes they go back to a small pool shared by
 * every stream, so an idle connection holds none. A read into a buffer with room for the
 * ciphertext that arrived is decrypted straight into it.
 *
 * <p>One task may read while another writes, as with a socket. Memory consistency effects: a
 * completed read happens-before the code that awaits it; the steps of the engine are ordered by
 * a lock held for each poll (never across a wait).
 */
public final class TlsStream implements AsyncRead, AsyncWrite, AutoCloseable {
    private final TlsDriver driver;
    private final AutoCloseable transport;

    TlsStream(TlsDriver driver, AutoCloseable transport) {
        this.driver = driver;
        this.transport = transport;
    }

    /**
     * A TLS stream over {@code transport} with an engine the caller configured (client or server
     * mode, parameters, ALPN). The stream owns the transport: {@link #close()} closes it. The
     * handshake runs on the first read, write or {@link #handshake()}; delegated tasks run on the
     * {@linkplain Blocking#currentPool() current} blocking pool.
     *
     * {@snippet :
     * SSLEngine engine = SSLContext.getDefault().createSSLEngine("example.com", 443);
     * engine.setUseClientMode(true);
     * TlsStream tls = TlsStream.over(conn, engine);
     * await(tls.handshake());
     * }
     *
     * @param transport the byte stream the ciphertext goes over
     * @param engine a fresh engine
     * @param <S> the transport's type
     * @return the stream
     * @throws SSLException if the engine refuses to begin its handshake
     */
    // "try": the transport is closed by hand, never a try-with-resources resource, so that
    // AutoCloseable.close() may throw InterruptedException does not matter here
    @SuppressWarnings("try")
    public static <S extends AsyncRead & AsyncWrite & AutoCloseable> TlsStream over(S transport, SSLEngine engine) throws SSLException {
        return over(transport, engine, ByteBuffer.allocate(0));
    }

    // "try": the transport is closed by hand, never a try-with-resources resource, so that
    // AutoCloseable.close() may throw InterruptedException does not matter here
    @SuppressWarnings("try")
    static <S extends AsyncRead & AsyncWrite & AutoCloseable> TlsStream over(S transport, SSLEngine engine, ByteBuffer received)
            throws SSLException {
        return new TlsStream(new TlsDriver(engine, transport, transport, Blocking.currentPool(), received), transport);
    }

    TlsDriver driver() {
        return driver;
    }

    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        return driver.pollRead(cx, dst);
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        return driver.pollWrite(cx, src);
    }

    /** Writes the ciphertext this stream holds, then flushes the transport. */
    @Override
    public Poll<Void> pollFlush(Context cx) throws IOException {
        return driver.pollFlush(cx);
    }

    /** Sends {@code close_notify}, writes it, and shuts the transport's output down. */
    @Override
    public Poll<Void> pollShutdown(Context cx) throws IOException {
        return driver.pollShutdown(cx);
    }

    /**
     * Runs the handshake to its end (a stream made by {@link TlsConnector} or {@link TlsAcceptor}
     * has done so already: then it is ready at once). Woken by the transport and by the
     * blocking pool's delegated tasks; throws the engine's {@link SSLException} (e.g.
     * {@link javax.net.ssl.SSLHandshakeException} for a certificate refused),
     * {@link TlsTruncatedException} if the transport ended, or the transport's error. Cancel-safe:
     * the handshake goes on with the next read or write. No time limit: see
     * {@link TlsConnector#withHandshakeTimeout}.
     *
     * @return a future completing when the handshake is done
     */
    public IoFuture<Void> handshake() {
        return driver::pollHandshake;
    }

    /**
     * Reads what is available into {@code dst} (at least one byte). Woken by the transport;
     * throws {@link TlsTruncatedException} if the transport ends without {@code close_notify}.
     * Cancel-safe.
     *
     * @param dst where the bytes go
     * @return a future of the count read, {@code -1} after the peer's {@code close_notify}
     */
    public IoFuture<Integer> read(ByteBuffer dst) {
        return AsyncIo.read(this, dst);
    }

    /**
     * As {@link #read(ByteBuffer)}, into {@code b[off, off+len)}.
     *
     * @param b the array
     * @param off the first index
     * @param len the most bytes to read
     * @return a future of the count read, {@code -1} after the peer's {@code close_notify}
     */
    public IoFuture<Integer> read(byte[] b, int off, int len) {
        return AsyncIo.read(this, b, off, len);
    }

    /**
     * Writes all of {@code b} and flushes, so that the peer can read it when this completes. Not
     * cancel-safe: after a cancel, an unknown prefix was encrypted (see the class comment).
     *
     * @param b the bytes
     * @return a future completing when every byte was written to the transport
     */
    public IoFuture<Void> writeAll(byte[] b) {
        IoFuture<Void> write = AsyncIo.writeAll(this, b, 0, b.length);
        IoFuture<Void> flush = AsyncIo.flush(this);
        boolean[] written = new boolean[1];
        return cx -> {
            if (!written[0]) {
                if (write.poll(cx) instanceof Poll.Pending) return Poll.pending();
                written[0] = true;
            }
            return flush.poll(cx);
        };
    }

    /**
     * Sends {@code close_notify} and shuts the transport's output down; reading goes on with
     * TLS 1.3 (half-close). Cancel-safe.
     *
     * @return a future completing once the transport's output is shut down
     */
    public IoFuture<Void> shutdown() {
        return AsyncIo.shutdown(this);
    }

    /** @return the session: protocol ({@code "TLSv1.3"}), cipher suite, peer certificates */
    public SSLSession session() {
        return driver.engine().getSession();
    }

    /** @return the protocol ALPN chose ({@code "http/1.1"}), or {@code ""} if none, or null before the handshake */
    public String applicationProtocol() {
        return driver.engine().getApplicationProtocol();
    }

    /**
     * Sends {@code close_notify} without waiting (what the transport takes now), cancels a
     * delegated task that runs, and closes the transport. Reads and writes waiting on this
     * stream are woken and fail with {@link java.nio.channels.ClosedChannelException}. For a
     * {@code close_notify} that surely left, await {@link #shutdown()} first.
     *
     * @throws IOException if closing the transport failed
     */
    @Override
    public void close() throws IOException {
        driver.close();
        try {
            transport.close();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("closing the transport failed", e);
        }
    }

    @Override
    public String toString() {
        return "TlsStream[" + session().getProtocol() + " over " + transport + "]";
    }
}
