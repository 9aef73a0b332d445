package dev.weft.bench.jmh;

import dev.weft.examples.http.SelfSigned;
import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import dev.weft.net.tls.TlsContexts;
import dev.weft.net.tls.TlsStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What Weft's TLS stream adds to the JDK's engine for one keep-alive exchange (an 80-byte request
 * and a 130-byte answer, TLS 1.3), both ends in this thread over an in-memory pipe, so that no
 * socket and no scheduler is measured:
 * <ul>
 *   <li>{@link #engines()}: the two {@code SSLEngine}s alone, wrap and unwrap each way into
 *       buffers kept for the run: the least the JDK's provider costs;</li>
 *   <li>{@link #streams()}: the same exchange through two {@link TlsStream}s, with the polls an
 *       HTTP connection makes (read, write, flush, and the read that finds nothing, on each
 *       side).</li>
 * </ul>
 * The difference is the stream's own cost per exchange (both ends).
 *
 * {@snippet lang=shell :
 * java -jar weft-bench/target/weft-bench.jar TlsExchangeBench -prof gc
 * }
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TlsExchangeBench {
    private static final ByteBuffer REQUEST = ByteBuffer.allocate(80);
    private static final ByteBuffer ANSWER = ByteBuffer.allocate(130);

    /** One direction of an in-memory connection, polled by one thread; never pending on write. */
    private static final class Pipe {
        final ByteBuffer bytes = ByteBuffer.allocate(1 << 16); // write mode
    }

    /** One end: reads {@code in}, writes {@code out}. */
    private record End(Pipe in, Pipe out) implements AsyncRead, AsyncWrite, AutoCloseable {
        @Override
        public Poll<Integer> pollRead(Context cx, ByteBuffer dst) {
            if (in.bytes.position() == 0) return Poll.pending();
            in.bytes.flip();
            int n = Math.min(dst.remaining(), in.bytes.remaining());
            dst.put(dst.position(), in.bytes, in.bytes.position(), n).position(dst.position() + n);
            in.bytes.position(in.bytes.position() + n).compact();
            return Poll.ready(n);
        }

        @Override
        public Poll<Integer> pollWrite(Context cx, ByteBuffer src) {
            int n = src.remaining();
            out.bytes.put(src);
            return Poll.ready(n);
        }

        @Override
        public Poll<Void> pollFlush(Context cx) {
            return Poll.ready(null);
        }

        @Override
        public Poll<Void> pollShutdown(Context cx) {
            return Poll.ready(null);
        }

        @Override
        public void close() {}
    }

    private TlsStream client;
    private TlsStream server;
    private final ByteBuffer serverBuf = ByteBuffer.allocate(8192);
    private final ByteBuffer clientBuf = ByteBuffer.allocate(8192);

    private SSLEngine clientEngine;
    private SSLEngine serverEngine;
    private ByteBuffer wire;
    private ByteBuffer plain;

    @Setup
    public void setUp() throws Exception {
        SelfSigned.Pem pem = SelfSigned.write(Files.createTempDirectory("tls-bench"));
        SSLContext serverContext = TlsContexts.fromPem(pem.cert(), pem.key());
        SSLContext clientContext = TlsContexts.trusting(pem.cert());
        Pipe up = new Pipe();
        Pipe down = new Pipe();
        client = TlsStream.over(new End(down, up), engine(clientContext, true));
        server = TlsStream.over(new End(up, down), engine(serverContext, false));
        while (!(client.handshake().poll(Context.noop()) instanceof Poll.Ready)
                | !(server.handshake().poll(Context.noop()) instanceof Poll.Ready)) {
            Thread.onSpinWait(); // the delegated tasks run on the blocking pool
        }
        clientEngine = engine(clientContext, true);
        serverEngine = engine(serverContext, false);
        wire = ByteBuffer.allocate(clientEngine.getSession().getPacketBufferSize());
        plain = ByteBuffer.allocate(clientEngine.getSession().getApplicationBufferSize());
        handshake(clientEngine, serverEngine);
        streams(); // the first exchange carries the server's session tickets
        engines();
    }

    private static SSLEngine engine(SSLContext context, boolean client) {
        SSLEngine e = client ? context.createSSLEngine("localhost", 443) : context.createSSLEngine();
        e.setUseClientMode(client);
        e.setEnabledProtocols(new String[] {"TLSv1.3"});
        return e;
    }

    /** A handshake between two engines in this thread, through one wire buffer per direction. */
    private void handshake(SSLEngine c, SSLEngine s) throws IOException {
        ByteBuffer toServer = ByteBuffer.allocate(1 << 16);
        ByteBuffer toClient = ByteBuffer.allocate(1 << 16);
        c.beginHandshake();
        s.beginHandshake();
        for (int i = 0; i < 1000 && (busy(c) || busy(s)); i++) {
            step(c, toClient, toServer);
            step(s, toServer, toClient);
        }
        if (busy(c) || busy(s)) throw new IllegalStateException("the engines' handshake did not end");
        // what is left on the wires (the server's session tickets) is taken in before the exchanges
        takeIn(c, toClient);
        takeIn(s, toServer);
    }

    /** Unwraps every record left in {@code wire} (write mode) into {@code e}. */
    private void takeIn(SSLEngine e, ByteBuffer wire) throws IOException {
        wire.flip();
        boolean more = true;
        while (wire.hasRemaining() && more) {
            more = e.unwrap(wire, plain.clear()).bytesConsumed() > 0;
        }
        if (wire.hasRemaining()) throw new IllegalStateException("bytes left on a wire after the handshake");
    }

    private static boolean busy(SSLEngine e) {
        SSLEngineResult.HandshakeStatus h = e.getHandshakeStatus();
        return h != SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING && h != SSLEngineResult.HandshakeStatus.FINISHED;
    }

    private void step(SSLEngine e, ByteBuffer in, ByteBuffer out) throws IOException {
        switch (e.getHandshakeStatus()) {
            case NEED_TASK -> {
                for (Runnable r; (r = e.getDelegatedTask()) != null; ) r.run();
            }
            case NEED_WRAP -> e.wrap(ByteBuffer.allocate(0), out);
            case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                in.flip();
                e.unwrap(in, plain.clear());
                in.compact();
            }
            default -> { }
        }
    }

    /** @return the answer's last byte count read by the client */
    @Benchmark
    public int streams() throws IOException {
        Context cx = Context.noop();
        client.pollWrite(cx, REQUEST.clear());
        client.pollFlush(cx);
        server.pollRead(cx, serverBuf.clear());
        server.pollWrite(cx, ANSWER.clear());
        server.pollFlush(cx);
        server.pollRead(cx, serverBuf.clear()); // nothing more: pending
        Poll<Integer> got = client.pollRead(cx, clientBuf.clear());
        client.pollRead(cx, clientBuf); // nothing more: pending
        return got instanceof Poll.Ready<Integer>(Integer n) ? n : -1;
    }

    /** @return the answer's byte count unwrapped by the client */
    @Benchmark
    public int engines() throws IOException {
        clientEngine.wrap(REQUEST.clear(), wire.clear());
        serverEngine.unwrap(wire.flip(), plain.clear());
        serverEngine.wrap(ANSWER.clear(), wire.clear());
        return clientEngine.unwrap(wire.flip(), plain.clear()).bytesProduced();
    }
}
