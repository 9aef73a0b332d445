package dev.weft.net.tls.internal;

import dev.weft.blocking.BlockingPool;
import dev.weft.future.Context;
import dev.weft.future.Fallible;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.io.AsyncRead;
import dev.weft.io.AsyncWrite;
import dev.weft.net.tls.TlsTruncatedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLProtocolException;

/**
 * One {@link SSLEngine} driven over a Weft byte stream in the poll model: the engine's
 * wrap/unwrap loop, its delegated tasks on a blocking pool, and three bounded buffers. The public
 * face is {@code dev.weft.net.tls.TlsStream}.
 *
 * <h2>State</h2>
 * <pre>
 * field                who touches it
 * engine, netIn,       guarded by lock (every poll takes it for its whole step; no step blocks:
 *  appIn, netOut,       the transport's polls never block and the engine's delegated tasks run
 *  tasks, failure,      on the blocking pool); the three buffers are null or the pool's
 *  closeSent, closed,
 *  established,
 *  quietRecords,
 *  progressed
 * readWaker,           volatile: written under lock by the poll of that side before it polls
 *  writeWaker,          the transport, read without the lock by {@link #wakeAll()}, which the
 *  handshakeWaker       transport and the blocking pool call from any thread
 * </pre>
 * Buffers are kept in write mode (position = bytes held): {@code netIn} ciphertext read and not
 * yet unwrapped, {@code appIn} plaintext unwrapped and not yet read, {@code netOut} ciphertext
 * wrapped and not yet written. Each is null while it holds nothing: a step takes it from the
 * {@link RecordBufferPool} when it needs it and gives it back at its end if it is empty, so an
 * idle connection holds no buffer. Each is at least the engine's session size and grows at most
 * once, to the size the session asks for after the handshake ({@link #grow}); a record that does
 * not fit then fails the stream. A read whose buffer has room for the ciphertext held unwraps
 * straight into it, without {@code appIn}.
 * <pre>
 * event                               effect
 * a poll of any side                  registers its waker; the transport is polled with
 *                                     {@link #io}, whose waker wakes all three sides
 * a step moved bytes or the engine    the other sides' wakers are woken once the lock is released
 *                                     (they may wait for what this step consumed)
 * a step ends                         each buffer that holds nothing goes back to the pool (null);
 *                                     once closed, every buffer does
 * engine NEED_TASK                    one job on the pool runs every delegated task; its
 *                                     completion wakes all sides
 * engine throws SSLException          failure is set, the alert is wrapped and written once
 *                                     without waiting; every later poll throws failure
 * transport ends before close_notify  failure = TlsTruncatedException
 * the peer renegotiates (TLS 1.2)     failure = SSLHandshakeException ("renegotiation refused")
 * more than MAX_QUIET_RECORDS records failure = SSLProtocolException ("... without application data")
 *  in a row without plaintext
 * shutdown / close                    closeOutbound, close_notify wrapped and written
 * </pre>
 * Memory consistency effects: the lock orders every step; bytes a write returned are wrapped
 * before that write's poll returns.
 */
public final class TlsDriver {
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);
    /**
     * The most records in a row that the peer may send after the handshake without application
     * data (post-handshake messages such as key updates, or empty records): a peer that sends
     * more would keep a connection busy for ever and is cut off. Legitimate peers send a few (one
     * or two session tickets, a key update every few million records).
     */
    public static final int MAX_QUIET_RECORDS = 64;
    private static final Poll<Void> READY = Poll.ready(null);
    private static final RecordBufferPool BUFFERS = RecordBufferPool.shared();

    private final SSLEngine engine;
    private final AsyncRead in;
    private final AsyncWrite out;
    private final BlockingPool pool;
    private final ReentrantLock lock = new ReentrantLock();
    private final Context io = Context.of(Waker.of(this::wakeAll));

    private ByteBuffer netIn;
    private ByteBuffer appIn;
    private ByteBuffer netOut;
    private Fallible<Void, Exception> tasks;
    private IOException failure;
    private boolean closeSent;
    private boolean closed;
    /** Whether the first handshake completed: a handshake after it is a renegotiation. */
    private boolean established;
    /** Records unwrapped since the handshake, or since the last one with plaintext, that held none. */
    private int quietRecords;
    /** Whether the current step moved bytes or the engine on: then the other sides are woken. */
    private boolean progressed;

    private volatile Waker readWaker;
    private volatile Waker writeWaker;
    private volatile Waker handshakeWaker;

    /**
     * @param engine a fresh engine in client or server mode; its handshake begins here
     * @param in the transport's read side
     * @param out the transport's write side
     * @param pool where the engine's delegated tasks run
     * @param received ciphertext already read from the transport (a server's peek at the
     *     ClientHello), in read mode; copied
     * @throws SSLException if the engine refuses to begin
     */
    public TlsDriver(SSLEngine engine, AsyncRead in, AsyncWrite out, BlockingPool pool, ByteBuffer received) throws SSLException {
        this.engine = engine;
        this.in = in;
        this.out = out;
        this.pool = pool;
        if (received.hasRemaining()) {
            this.netIn = BUFFERS.take(Math.max(engine.getSession().getPacketBufferSize(), received.remaining()));
            this.netIn.put(received);
        }
        engine.beginHandshake();
    }

    /** @return how many record buffers this stream holds now (0 while idle); for tests */
    public int buffersHeld() {
        lock.lock();
        try {
            return (netIn != null ? 1 : 0) + (appIn != null ? 1 : 0) + (netOut != null ? 1 : 0);
        } finally {
            lock.unlock();
        }
    }

    /** @return the engine, for its session and negotiated parameters (read-only use) */
    public SSLEngine engine() {
        return engine;
    }

    /**
     * Moves the handshake on until it is complete and its last flight written.
     *
     * @param cx the context of the polling task
     * @return ready once the handshake is done, or pending
     * @throws IOException the engine's {@link SSLException}, {@link TlsTruncatedException} if the
     *     transport ended during the handshake, or the transport's error
     */
    public Poll<Void> pollHandshake(Context cx) throws IOException {
        handshakeWaker = cx.waker();
        beginStep();
        try {
            check();
            if (handshakeStep() instanceof Poll.Pending) return Poll.pending();
            return flushNet();
        } finally {
            endStep(cx.waker());
        }
    }

    /**
     * Reads plaintext into {@code dst}; drives the handshake and post-handshake messages first,
     * and writes ciphertext left over from earlier writes without waiting for it.
     *
     * @param cx the context of the polling task
     * @param dst where the bytes go
     * @return ready with the count, {@code -1} after the peer's close_notify, or pending
     * @throws IOException as {@link #pollHandshake}, or {@link TlsTruncatedException} if the
     *     transport ended without close_notify
     */
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        readWaker = cx.waker();
        beginStep();
        try {
            while (true) {
                if (closed) throw new ClosedChannelException();
                if (holds(appIn)) return Poll.ready(deliver(dst)); // plaintext before a failure is still the peer's
                if (!dst.hasRemaining()) return Poll.ready(0);
                check();
                if (engine.isInboundDone()) {
                    answerCloseNotify();
                    return Poll.ready(-1);
                }
                if (handshakeStep() instanceof Poll.Pending) return Poll.pending();
                flushNet();
                if (holds(netIn)) {
                    // a record's plaintext is shorter than its ciphertext: room for all that is held
                    // is room for the first record's plaintext, so unwrap straight into dst
                    SSLEngineResult r = dst.remaining() >= netIn.position() ? unwrap(dst) : null;
                    if (r != null && r.bytesProduced() > 0) return Poll.ready(r.bytesProduced());
                    if (r == null || r.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) r = unwrap(appIn());
                    if (r.getStatus() != SSLEngineResult.Status.BUFFER_UNDERFLOW && (r.bytesConsumed() > 0 || r.bytesProduced() > 0
                            || r.getStatus() != SSLEngineResult.Status.OK)) continue;
                }
                Poll<Boolean> f = fillNet();
                if (f instanceof Poll.Pending) return Poll.pending();
                if (f instanceof Poll.Ready<Boolean>(Boolean more) && !more) throw truncated("the peer's stream ended without close_notify");
            }
        } finally {
            endStep(cx.waker());
        }
    }

    /**
     * Encrypts what the engine takes from {@code src} (at most one record) and starts writing it.
     * The bytes counted are wrapped: those the transport did not take yet are written by the next
     * write, flush, shutdown or read of this stream.
     *
     * @param cx the context of the polling task
     * @param src the plaintext
     * @return ready with the count taken, or pending (nothing taken)
     * @throws IOException as {@link #pollHandshake}, or an {@link SSLException} after close_notify
     */
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        writeWaker = cx.waker();
        beginStep();
        try {
            while (true) {
                check();
                if (closeSent) throw new SSLException("write after shutdown: close_notify was sent");
                if (!src.hasRemaining()) return Poll.ready(0);
                if (handshakeStep() instanceof Poll.Pending) return Poll.pending();
                if (flushNet() instanceof Poll.Pending) return Poll.pending();
                SSLEngineResult r = wrap(src);
                if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                    throw new SSLException("write after the peer's close_notify: the engine closed its output (TLS 1.2 closes both directions)");
                }
                if (r.bytesConsumed() > 0) {
                    flushNet();
                    return Poll.ready(r.bytesConsumed());
                }
                // the engine waits for the peer (a message the reader has not taken in yet): the
                // reader's progress wakes this side
                if (r.bytesProduced() == 0) return Poll.pending();
            }
        } finally {
            endStep(cx.waker());
        }
    }

    /**
     * Writes every wrapped byte, then flushes the transport.
     *
     * @param cx the context of the polling task
     * @return ready once written, or pending
     * @throws IOException the stream's failure or the transport's error
     */
    public Poll<Void> pollFlush(Context cx) throws IOException {
        writeWaker = cx.waker();
        beginStep();
        try {
            check();
            if (flushNet() instanceof Poll.Pending) return Poll.pending();
            return out.pollFlush(io);
        } finally {
            endStep(cx.waker());
        }
    }

    /**
     * Sends close_notify, writes it, then shuts the transport's output down. Reading goes on
     * where the protocol allows it (TLS 1.3 half-close).
     *
     * @param cx the context of the polling task
     * @return ready once the transport's output is shut down, or pending
     * @throws IOException the stream's failure or the transport's error
     */
    public Poll<Void> pollShutdown(Context cx) throws IOException {
        writeWaker = cx.waker();
        beginStep();
        try {
            check();
            if (!closeSent) {
                closeSent = true;
                engine.closeOutbound();
            }
            while (!engine.isOutboundDone()) {
                if (flushNet() instanceof Poll.Pending) return Poll.pending();
                if (wrap(EMPTY).bytesProduced() == 0) break;
            }
            if (flushNet() instanceof Poll.Pending) return Poll.pending();
            return out.pollShutdown(io);
        } finally {
            endStep(cx.waker());
        }
    }

    /**
     * Closes without waiting: wraps close_notify unless it was sent or the stream failed, writes
     * what the transport takes now, cancels running delegated tasks. The caller closes the
     * transport after. Later polls fail with {@link ClosedChannelException}.
     */
    public void close() {
        lock.lock();
        try {
            if (closed) return;
            closed = true;
            progressed = true;
            if (tasks != null) {
                tasks.cancel();
                tasks = null;
            }
            if (!closeSent && failure == null) {
                closeSent = true;
                engine.closeOutbound();
                try {
                    while (!engine.isOutboundDone() && !holds(netOut) && wrap(EMPTY).bytesProduced() > 0) {
                        flushNet();
                    }
                    flushNet();
                } catch (IOException | RuntimeException ignored) {
                    // best effort: the transport closes next whatever happened here
                }
            }
        } finally {
            endStep(null);
        }
    }

    /** Begins a step: takes the lock, which each poll holds for its whole step (never across a wait). */
    private void beginStep() {
        lock.lock();
        progressed = false;
    }

    /** Ends a step: gives back the empty buffers, releases the lock, then wakes the other sides if it moved anything. */
    private void endStep(Waker self) {
        giveBackEmptyBuffers();
        unlockAndWake(self);
    }

    /** @return whether {@code b} (a buffer field, null when not held) holds bytes */
    private static boolean holds(ByteBuffer b) {
        return b != null && b.position() > 0;
    }

    /**
     * Gives the buffers that hold nothing back to the pool, and every buffer once the stream is
     * closed (no poll touches them after that); under lock, at the end of each step.
     */
    private void giveBackEmptyBuffers() {
        if (netIn != null && (closed || netIn.position() == 0)) {
            BUFFERS.give(netIn);
            netIn = null;
        }
        if (appIn != null && (closed || appIn.position() == 0)) {
            BUFFERS.give(appIn);
            appIn = null;
        }
        if (netOut != null && (closed || netOut.position() == 0)) {
            BUFFERS.give(netOut);
            netOut = null;
        }
    }

    /** @return the buffer for plaintext unwrapped ahead of the reader, taken from the pool if none is held */
    private ByteBuffer appIn() {
        if (appIn == null) appIn = BUFFERS.take(engine.getSession().getApplicationBufferSize());
        return appIn;
    }

    /** Throws what ended the stream, if anything did. */
    private void check() throws IOException {
        if (closed) throw new ClosedChannelException();
        if (failure != null) throw failure;
    }

    /** Runs the handshake until the engine no longer needs to; under lock. */
    private Poll<Void> handshakeStep() throws IOException {
        while (true) {
            if (tasks != null) {
                if (runTasks() instanceof Poll.Pending) return Poll.pending();
                continue;
            }
            SSLEngineResult.HandshakeStatus status = engine.getHandshakeStatus();
            if (established && status != SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING && isRenegotiation()) {
                throw fail(new SSLHandshakeException("renegotiation refused: the peer began a new handshake on an established "
                        + engine.getSession().getProtocol() + " connection"));
            }
            switch (status) {
                case NOT_HANDSHAKING, FINISHED -> {
                    established = true;
                    return READY;
                }
                case NEED_TASK -> {
                    if (runTasks() instanceof Poll.Pending) return Poll.pending();
                }
                case NEED_WRAP -> {
                    if (flushNet() instanceof Poll.Pending) return Poll.pending();
                    if (wrap(EMPTY).getStatus() == SSLEngineResult.Status.CLOSED && engine.isOutboundDone()) return READY;
                }
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                    if (engine.isInboundDone()) return READY;
                    if (flushNet() instanceof Poll.Pending) return Poll.pending();
                    SSLEngineResult r = holds(netIn) ? unwrap(appIn()) : null;
                    if (r != null && r.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) return READY; // deliver first
                    if (r != null && r.getStatus() == SSLEngineResult.Status.CLOSED) {
                        if (closeSent) return READY;
                        throw fail(new SSLHandshakeException("the peer sent close_notify during the handshake"));
                    }
                    if (r == null || r.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW
                            || (r.bytesConsumed() == 0 && r.bytesProduced() == 0)) {
                        Poll<Boolean> f = fillNet();
                        if (f instanceof Poll.Pending) return Poll.pending();
                        if (f instanceof Poll.Ready<Boolean>(Boolean more) && !more) {
                            if (closeSent) return READY;
                            throw truncated("the peer's stream ended during the handshake");
                        }
                    }
                }
            }
        }
    }

    /**
     * Whether the engine handshakes again on an established connection because of the peer: a
     * TLS 1.2 (or older) renegotiation, which costs a full handshake each time and which this
     * stream never starts itself. TLS 1.3 has no renegotiation; its post-handshake messages
     * (session tickets, key updates) are served. Closing (close_notify either way) is not one.
     */
    private boolean isRenegotiation() {
        return !"TLSv1.3".equals(engine.getSession().getProtocol()) && !closeSent && !engine.isInboundDone()
                && !engine.isOutboundDone();
    }

    /** Starts or polls the job that runs the engine's delegated tasks on the pool; under lock. */
    private Poll<Void> runTasks() throws IOException {
        if (tasks == null) {
            tasks = pool.unblock(() -> {
                for (Runnable r; (r = engine.getDelegatedTask()) != null; ) r.run();
                return null;
            });
        }
        Poll<Void> p;
        try {
            p = tasks.poll(io);
        } catch (Exception e) {
            tasks = null;
            throw fail(e instanceof IOException x ? x : new SSLException("a delegated task of the TLS engine failed", e));
        }
        if (p instanceof Poll.Pending) return p;
        tasks = null;
        progressed = true;
        return READY;
    }

    /** Wraps from {@code src} into {@code netOut}, growing it once if a record does not fit; under lock. */
    private SSLEngineResult wrap(ByteBuffer src) throws IOException {
        while (true) {
            if (netOut == null) netOut = BUFFERS.take(engine.getSession().getPacketBufferSize());
            SSLEngineResult r;
            try {
                r = engine.wrap(src, netOut);
            } catch (SSLException e) {
                throw fail(e);
            }
            if (r.bytesConsumed() > 0 || r.bytesProduced() > 0) progressed = true;
            if (r.getStatus() != SSLEngineResult.Status.BUFFER_OVERFLOW) return r;
            if (netOut.position() > 0) return r; // the caller flushes first
            netOut = grow(netOut, engine.getSession().getPacketBufferSize(), "an outgoing TLS record");
        }
    }

    /**
     * Unwraps from {@code netIn} (which holds bytes) into {@code to}: {@code appIn}, growing it or
     * {@code netIn} once if needed, or the reader's buffer, which is never grown (overflow: the
     * caller unwraps into {@code appIn}); under lock.
     */
    private SSLEngineResult unwrap(ByteBuffer to) throws IOException {
        while (true) {
            SSLEngineResult r;
            netIn.flip();
            try {
                r = engine.unwrap(netIn, to);
            } catch (SSLException e) {
                throw fail(e);
            } finally {
                netIn.compact();
            }
            if (r.bytesConsumed() > 0 || r.bytesProduced() > 0) progressed = true;
            if (r.bytesProduced() > 0) {
                quietRecords = 0;
            } else if (established && r.bytesConsumed() > 0 && r.getStatus() == SSLEngineResult.Status.OK
                    && ++quietRecords > MAX_QUIET_RECORDS) {
                throw fail(new SSLProtocolException("the peer sent " + quietRecords + " TLS records in a row without application "
                        + "data (post-handshake messages or empty records); the most allowed is " + MAX_QUIET_RECORDS));
            }
            switch (r.getStatus()) {
                case BUFFER_OVERFLOW -> {
                    if (to != appIn || appIn.position() > 0) return r; // the reader takes what is there first
                    appIn = grow(appIn, engine.getSession().getApplicationBufferSize(), "a TLS record's plaintext");
                    to = appIn;
                }
                case BUFFER_UNDERFLOW -> {
                    if (netIn.hasRemaining()) return r;
                    netIn = grow(netIn, engine.getSession().getPacketBufferSize(), "an incoming TLS record");
                    return r;
                }
                default -> {
                    return r;
                }
            }
        }
    }

    /** A larger copy of {@code b} ({@code wanted} bytes), or the failure when it is already that large. */
    private ByteBuffer grow(ByteBuffer b, int wanted, String what) throws IOException {
        if (wanted <= b.capacity()) {
            throw fail(new SSLException(what + " does not fit in " + b.capacity() + " bytes, the most this session allows"));
        }
        ByteBuffer bigger = BUFFERS.take(wanted);
        bigger.put(b.flip());
        BUFFERS.give(b);
        return bigger;
    }

    /** Writes {@code netOut} to the transport until it is empty or the transport is full; under lock. */
    private Poll<Void> flushNet() throws IOException {
        while (holds(netOut)) {
            netOut.flip();
            Poll<Integer> p;
            try {
                p = out.pollWrite(io, netOut);
            } finally {
                netOut.compact();
            }
            if (p instanceof Poll.Pending) return Poll.pending();
            progressed = true;
        }
        return READY;
    }

    /** Reads ciphertext into {@code netIn}: ready with whether bytes came ({@code false}: the end); under lock. */
    private Poll<Boolean> fillNet() throws IOException {
        if (netIn == null) netIn = BUFFERS.take(engine.getSession().getPacketBufferSize());
        if (!netIn.hasRemaining()) throw fail(new SSLException("a TLS record does not fit in " + netIn.capacity() + " bytes"));
        Poll<Integer> p = in.pollRead(io, netIn);
        if (!(p instanceof Poll.Ready<Integer>(Integer n))) return Poll.pending();
        if (n < 0) return Poll.ready(false);
        progressed = true;
        return Poll.ready(true);
    }

    /** Moves plaintext from {@code appIn} to {@code dst}; under lock. */
    private int deliver(ByteBuffer dst) {
        appIn.flip();
        int n = Math.min(appIn.remaining(), dst.remaining());
        dst.put(dst.position(), appIn, appIn.position(), n);
        dst.position(dst.position() + n);
        appIn.position(appIn.position() + n);
        appIn.compact();
        if (n > 0) progressed = true;
        return n;
    }

    /** After the peer's close_notify: wraps and writes the engine's answer if it has one (TLS 1.2), without waiting. */
    private void answerCloseNotify() throws IOException {
        if (engine.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_WRAP && !engine.isOutboundDone()
                && flushNet() instanceof Poll.Ready) {
            wrap(EMPTY);
            flushNet();
        }
    }

    /** Records the truncation as the stream's failure and returns it. */
    private IOException truncated(String what) {
        try {
            engine.closeInbound();
        } catch (SSLException expected) {
            // the engine says the same: the peer sent no close_notify
        }
        return fail(new TlsTruncatedException(what));
    }

    /**
     * Records the stream's first failure, wraps the alert the engine has for the peer and
     * writes what the transport takes now; returns the first failure.
     */
    private IOException fail(IOException e) {
        if (failure != null) return failure;
        failure = e;
        progressed = true;
        closeSent = true;
        engine.closeOutbound();
        try {
            if (!holds(netOut) || flushNet() instanceof Poll.Ready) {
                wrap(EMPTY);
                flushNet();
            }
        } catch (IOException | RuntimeException ignored) {
            // best effort: the alert is a courtesy, the failure is what the caller gets
        }
        return e;
    }

    /** Releases the lock, then wakes the other sides if this step moved anything. */
    private void unlockAndWake(Waker self) {
        boolean wake = progressed;
        progressed = false;
        lock.unlock();
        if (!wake) return;
        Waker r = readWaker;
        Waker w = writeWaker;
        Waker h = handshakeWaker;
        if (r != null && r != self) r.wake();
        if (w != null && w != self && w != r) w.wake();
        if (h != null && h != self && h != r && h != w) h.wake();
    }

    /** The transport's and the pool's waker: every side may be able to move on. */
    private void wakeAll() {
        Waker r = readWaker;
        Waker w = writeWaker;
        Waker h = handshakeWaker;
        if (r != null) r.wake();
        if (w != null && w != r) w.wake();
        if (h != null && h != r && h != w) h.wake();
    }
}
