package dev.weft.sim;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.internal.Coop;
import dev.weft.io.IoFuture;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.HashMap;
import java.util.Set;

/**
 * One end of a simulated TCP connection, as {@code TcpStream} drives it: reads take what has
 * arrived in its incoming {@link SimPipe}, writes put at most the window's room into the outgoing
 * one; a poll that finds nothing registers the context's waker in the direction's one slot and the
 * pipe's arrival (or the reader's read, for room) wakes it.
 *
 * {@snippet :
 * Poll<Integer> n = end.pollRead(cx, buf);   // pending until a segment arrives
 * }
 *
 * <h2>State (the simulation's thread only)</h2>
 * <pre>
 * state        meaning                                          next read / write
 * open         connected                                        data or wait / room or wait
 * outputShut   shutdownOutput(): a FIN follows the bytes         - / ClosedChannelException
 * reset        a reset arrived (or was injected)                 SocketException("Connection reset")
 * closed       close(): the socket is gone (its fd freed)        ClosedChannelException
 * </pre>
 * {@code reset} and {@code closed} only ever become true. A close with unread bytes, or with
 * {@code SO_LINGER} 0, resets the peer instead of sending a FIN (as Linux does). Every change of
 * state wakes every waiter of this end, whose next poll sees the new state.
 */
final class SimStream implements StreamEndpoint {
    private static final Set<SocketOption<?>> OPTIONS = Set.of(StandardSocketOptions.TCP_NODELAY,
            StandardSocketOptions.SO_KEEPALIVE, StandardSocketOptions.SO_RCVBUF, StandardSocketOptions.SO_SNDBUF,
            StandardSocketOptions.SO_LINGER, StandardSocketOptions.SO_REUSEADDR, StandardSocketOptions.SO_REUSEPORT,
            StandardSocketOptions.IP_TOS);

    private final SimConnection conn;
    private final SimHost host;
    private final InetSocketAddress local;
    private final InetSocketAddress remote;
    private final SimWaiters readers = new SimWaiters();
    private final SimWaiters writers = new SimWaiters();
    private final HashMap<SocketOption<?>, Object> options = new HashMap<>();
    private SimPipe in;
    private SimPipe out;
    private boolean holdsSocket;
    private boolean holdsPort;
    private boolean outputShut;
    private boolean reset;
    private boolean resetSent;
    private boolean closed;

    SimStream(SimConnection conn, SimHost host, InetSocketAddress local, InetSocketAddress remote) {
        this.conn = conn;
        this.host = host;
        this.local = local;
        this.remote = remote;
    }

    void connect(SimPipe in, SimPipe out) {
        this.in = in;
        this.out = out;
    }

    /** This end now holds one of its host's sockets (a connect started, an accept took it). */
    void holdSocket(boolean port) {
        holdsSocket = true;
        holdsPort = port;
    }

    SimHost host() {
        return host;
    }

    SimWaiters readers() {
        return readers;
    }

    SimWaiters writers() {
        return writers;
    }

    boolean isClosed() {
        return closed;
    }

    boolean markResetSent() {
        if (resetSent || reset) return false;
        resetSent = true;
        return true;
    }

    /**
     * A reset reaches this end: bytes in flight and unread are dropped, every waiter wakes.
     *
     * @return whether this end was open and not reset before
     */
    boolean reset() {
        if (reset || closed) return false;
        reset = true;
        in.clear();
        out.clear();
        conn.net().trace(TraceHash.RESET, conn.id(), conn.client() == this ? 2 : 3);
        wakeAll();
        return true;
    }

    @Override
    public Poll<Integer> pollRead(Context cx, ByteBuffer dst) throws IOException {
        check(false);
        if (!dst.hasRemaining()) return Poll.ready(0);
        if (Coop.remaining() == 0) {
            Coop.proceed(cx);
            return Poll.pending();
        }
        int n = in.read(dst);
        if (n > 0 || in.eof()) {
            Coop.proceed(cx);
            return Poll.ready(n > 0 ? n : -1);
        }
        readers.register(in, cx.waker());
        return Poll.pending();
    }

    @Override
    public Poll<Integer> pollWrite(Context cx, ByteBuffer src) throws IOException {
        check(true);
        if (!src.hasRemaining()) return Poll.ready(0);
        if (Coop.remaining() == 0) {
            Coop.proceed(cx);
            return Poll.pending();
        }
        int room = out.room();
        if (room == 0) {
            writers.register(out, cx.waker());
            return Poll.pending();
        }
        byte[] bytes = new byte[Math.min(room, src.remaining())];
        src.get(bytes);
        out.send(bytes);
        Coop.proceed(cx);
        return Poll.ready(bytes.length);
    }

    private void check(boolean write) throws IOException {
        if (closed) throw new ClosedChannelException();
        if (reset) throw new SocketException("Connection reset");
        if (write && outputShut) throw new ClosedChannelException();
    }

    @Override
    public Poll<Void> pollShutdown(Context cx) throws IOException {
        shutdownOutput();
        return Poll.ready(null);
    }

    @Override
    public void shutdownOutput() throws IOException {
        if (closed) throw new ClosedChannelException();
        if (outputShut || reset) return;
        outputShut = true;
        out.sendFin();
        wakeAll();
    }

    @Override
    public IoFuture<Void> readable() {
        return new Readiness(true);
    }

    @Override
    public IoFuture<Void> writable() {
        return new Readiness(false);
    }

    /** The future of {@link #readable()} or {@link #writable()}. */
    private final class Readiness implements IoFuture<Void> {
        private final boolean read;

        Readiness(boolean read) {
            this.read = read;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            boolean ready = closed || reset || (read ? in.hasBuffered() || in.eof() : outputShut || out.room() > 0);
            if (ready) {
                cancel();
                return Poll.ready(null);
            }
            (read ? readers : writers).register(this, cx.waker());
            return Poll.pending();
        }

        @Override
        public void cancel() {
            (read ? readers : writers).deregister(this);
        }
    }

    @Override
    public SocketAddress localAddress() throws IOException {
        if (closed) throw new ClosedChannelException();
        return local;
    }

    @Override
    public SocketAddress remoteAddress() throws IOException {
        if (closed) throw new ClosedChannelException();
        return remote;
    }

    InetSocketAddress localAddressOrNull() {
        return local;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getOption(SocketOption<T> name) throws IOException {
        if (closed) throw new ClosedChannelException();
        supported(name);
        Object v = options.get(name);
        if (v != null) return (T) v;
        Object d;
        if (name == StandardSocketOptions.SO_RCVBUF || name == StandardSocketOptions.SO_SNDBUF) {
            d = conn.link().windowBytes();
        } else if (name == StandardSocketOptions.SO_LINGER) {
            d = -1;
        } else if (name == StandardSocketOptions.IP_TOS) {
            d = 0;
        } else {
            d = Boolean.FALSE;
        }
        return (T) d;
    }

    @Override
    public <T> void setOption(SocketOption<T> name, T value) throws IOException {
        if (closed) throw new ClosedChannelException();
        supported(name);
        options.put(name, name.type().cast(value));
    }

    private static void supported(SocketOption<?> name) {
        if (!OPTIONS.contains(name)) throw new UnsupportedOperationException("'" + name + "' not supported");
    }

    @Override
    public void deregister(int dir) {
        if (dir == StreamEndpoint.READ) readers.deregister(in);
        else writers.deregister(out);
    }

    @Override
    public int waiterCount() {
        return readers.size() + writers.size();
    }

    @Override
    public void close() {
        if (closed) return;
        Object linger = options.get(StandardSocketOptions.SO_LINGER);
        boolean abortive = in.hasBuffered() || (linger instanceof Integer l && l == 0);
        closed = true;
        if (!reset) {
            if (abortive) conn.sendReset(this);
            else out.sendFin();
        }
        in.dropUnread();
        release();
        conn.net().trace(TraceHash.CLOSE, conn.id(), conn.client() == this ? 0 : 1);
        wakeAll();
        conn.endClosed();
    }

    /**
     * Closes an end that no user holds (a connect cancelled or refused, a backlog dropped by its
     * listener's close): with a reset to the peer if {@code abort}, else silently.
     */
    void discard(boolean abort) {
        if (closed) return;
        closed = true;
        if (abort && !reset) conn.sendReset(this);
        in.dropUnread();
        release();
        wakeAll();
        conn.endClosed();
    }

    private void release() {
        if (holdsSocket) {
            holdsSocket = false;
            host.closeSocket();
        }
        if (holdsPort) {
            holdsPort = false;
            host.unbind(true, local.getPort(), this);
        }
    }

    private void wakeAll() {
        readers.wakeAll();
        writers.wakeAll();
    }

    @Override
    public String toString() {
        return "SimStream[" + host.name() + " " + local + " -> " + remote + (closed ? ", closed" : reset ? ", reset" : "")
                + "]";
    }
}
