package dev.weft.sim;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.future.internal.Wakes;
import dev.weft.io.IoFuture;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * A simulated TCP connect, the future a {@code TcpStream.connect} polls. The first poll takes a
 * socket and an ephemeral port of the connecting host and sends the SYN; the SYN reaches the
 * target one latency later: no listener there (or the listener is closed, or bound elsewhere):
 * a reset comes back and the connect fails with {@code ConnectException("Connection refused")};
 * else the listener puts the server's end in its backlog (or holds the SYN while the backlog is
 * full) and its answer completes the connect one latency after that.
 *
 * {@snippet :
 * StreamEndpoint s = await(provider.connect(InetSocketAddress.createUnresolved("server", 80)));
 * }
 *
 * <h2>State (the simulation's thread only)</h2>
 * <pre>
 * state        meaning                                  on
 * NEW          not polled yet                           poll -> SYN_SENT (or fails: no host, no socket)
 * SYN_SENT     the SYN is on its way or held            answer -> ESTABLISHED; reset -> REFUSED
 * ESTABLISHED  the answer arrived                       poll -> TAKEN (the stream is returned)
 * REFUSED      a reset answered the SYN                 poll throws ConnectException -> TAKEN
 * TAKEN        the poll returned; nothing more happens
 * CANCELLED    cancelled before TAKEN: if a listener admitted the SYN, the client's end is
 *              closed with a reset to the server's (which its accepter then reads); if not, both
 *              ends are closed at once (the SYN, when it arrives, finds nobody and is dropped)
 * </pre>
 * {@code admitted}: a listener put the server's end in its backlog ({@link #established()}).
 */
final class SimConnect implements IoFuture<StreamEndpoint> {
    private static final int NEW = 0;
    private static final int SYN_SENT = 1;
    private static final int ESTABLISHED = 2;
    private static final int REFUSED = 3;
    private static final int TAKEN = 4;
    private static final int CANCELLED = 5;

    private final SimNet net;
    private final SimHost from;
    private final SocketAddress remote;
    private int state = NEW;
    private boolean admitted;
    private SimConnection conn;
    private SimNet.Endpoint target;
    private Waker waker;

    SimConnect(SimNet net, SimHost from, SocketAddress remote) {
        this.net = net;
        this.from = from;
        this.remote = remote;
    }

    @Override
    public Poll<StreamEndpoint> poll(Context cx) throws IOException {
        switch (state) {
            case NEW -> start();
            case ESTABLISHED -> {
                state = TAKEN;
                waker = null;
                return Poll.ready(conn.client());
            }
            case REFUSED -> {
                state = TAKEN;
                waker = null;
                throw new ConnectException("Connection refused: " + remote);
            }
            case TAKEN, CANCELLED -> throw new IllegalStateException("connect polled after it completed or was cancelled");
            default -> {}
        }
        waker = cx.waker();
        return Poll.pending();
    }

    private void start() throws IOException {
        target = net.resolve(remote, from);
        int port = from.freePort(true);
        from.openSocket();
        InetSocketAddress local = SimNet.addressOf(from, port, target.loopback());
        InetSocketAddress peer = SimNet.addressOf(target.host(), target.port(), target.loopback());
        conn = new SimConnection(net, from, local, target.host(), peer);
        from.bind(true, port, conn.client());
        conn.client().holdSocket(true);
        state = SYN_SENT;
        net.trace(TraceHash.CONNECT, conn.id(), target.port());
        net.deliver(from, target.host(), net.now() + latency(), this::synArrived);
    }

    private long latency() {
        return conn.link().drawLatency(net.sim().random());
    }

    private void synArrived() {
        if (state != SYN_SENT) return; // cancelled on the way
        if (target.host().bound(true, target.port()) instanceof SimListener l && l.takes(target.loopback())) {
            l.offer(this);
        } else {
            refuse();
        }
    }

    /** @return whether the connect still waits for its answer (the listener may admit it) */
    boolean isWaiting() {
        return state == SYN_SENT;
    }

    /**
     * The listener took the SYN into its backlog: the answer goes back.
     *
     * @return the server's end, for the backlog
     */
    SimStream established() {
        admitted = true;
        net.deliver(target.host(), from, net.now() + latency(), () -> {
            if (state != SYN_SENT) return;
            state = ESTABLISHED;
            net.trace(TraceHash.CONNECT, conn.id(), -1);
            wake();
        });
        return conn.server();
    }

    /** No listener takes the SYN: a reset goes back, and the connect fails when it arrives. */
    void refuse() {
        net.deliver(target.host(), from, net.now() + latency(), () -> {
            if (state != SYN_SENT) return;
            state = REFUSED;
            net.trace(TraceHash.CONNECT, conn.id(), -2);
            conn.server().discard(false);
            conn.client().discard(false);
            wake();
        });
    }

    private void wake() {
        Waker w = waker;
        waker = null;
        if (w != null) Wakes.wake(w);
    }

    @Override
    public void cancel() {
        if (state == TAKEN || state == CANCELLED) return;
        boolean started = state != NEW;
        state = CANCELLED;
        waker = null;
        if (started && admitted) {
            conn.client().discard(true);
        } else if (started) { // no listener holds the server's end: nobody else will close it
            conn.server().discard(false);
            conn.client().discard(false);
        }
    }

    @Override
    public String toString() {
        return "SimConnect[" + from.name() + " -> " + remote + "]";
    }
}
