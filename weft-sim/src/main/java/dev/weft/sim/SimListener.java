package dev.weft.sim;

import dev.weft.future.Waker;
import dev.weft.net.internal.ListenerEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;

/**
 * A simulated listening socket, as {@code TcpListener} drives it. A connect's SYN that arrives
 * while the backlog has room puts the server's end of the new connection in the backlog (and
 * answers, completing the connect one latency later); when the backlog is full the connect waits
 * in {@code overflow} (its SYN retried, as Linux drops it) until an accept makes room. An accept
 * takes the oldest end, which only then holds one of the host's sockets: at the host's limit the
 * accept fails with {@code IOException("Too many open files")} and the connection stays.
 *
 * {@snippet :
 * StreamEndpoint s = listener.accept();      // null: the backlog is empty
 * }
 *
 * <h2>State (the simulation's thread only)</h2>
 * <pre>
 * field     meaning                                           invariant
 * backlog   ends of connections not yet accepted, oldest first  size <= max
 * overflow  connects whose SYN found the backlog full           empty unless backlog is full
 * waiters   accepts waiting for a connection
 * closed    close(): backlog ends reset their clients, overflow connects are refused
 * </pre>
 */
final class SimListener implements ListenerEndpoint {
    /** Which connects a listener takes, by the address it was bound to. */
    enum Scope {
        /** 127.0.0.1: connects over the host's loopback only */
        LOOPBACK,
        /** the host's own address: connects to that address only */
        HOST,
        /** 0.0.0.0: every connect to the port */
        ANY
    }

    private final SimHost host;
    private final int port;
    private final Scope scope;
    private final int max;
    private final ArrayDeque<SimStream> backlog = new ArrayDeque<>();
    private final ArrayDeque<SimConnect> overflow = new ArrayDeque<>();
    private final SimWaiters waiters = new SimWaiters();
    private boolean closed;

    SimListener(SimHost host, int port, Scope scope, int backlog) {
        this.host = host;
        this.port = port;
        this.scope = scope;
        this.max = backlog;
    }

    /** @return whether a connect that came over the loopback (or not) may reach this listener */
    boolean takes(boolean overLoopback) {
        return !closed && switch (scope) {
            case LOOPBACK -> overLoopback;
            case HOST -> !overLoopback;
            case ANY -> true;
        };
    }

    /** A connect's SYN arrived: into the backlog if there is room, else it waits for room. */
    void offer(SimConnect connect) {
        if (backlog.size() < max) admit(connect);
        else overflow.add(connect);
    }

    private void admit(SimConnect connect) {
        backlog.add(connect.established());
        waiters.wakeAll();
    }

    @Override
    public SimStream accept() throws IOException {
        if (closed) throw new ClosedChannelException();
        if (backlog.isEmpty()) return null;
        host.openSocket(); // at the limit: a passing error, the connection stays in the backlog
        SimStream end = backlog.poll();
        end.holdSocket(false);
        host.net().trace(TraceHash.ACCEPT, port, backlog.size());
        while (!overflow.isEmpty() && backlog.size() < max) {
            SimConnect next = overflow.poll();
            if (next.isWaiting()) admit(next);
        }
        return end;
    }

    @Override
    public boolean register(Object owner, Waker waker) {
        if (closed) return false;
        waiters.register(owner, waker);
        return true;
    }

    @Override
    public void deregister(Object owner) {
        waiters.deregister(owner);
    }

    @Override
    public SocketAddress localAddress() throws IOException {
        if (closed) throw new ClosedChannelException();
        return switch (scope) {
            case LOOPBACK -> SimNet.addressOf(host, port, true);
            case HOST -> SimNet.addressOf(host, port, false);
            case ANY -> new InetSocketAddress(port);
        };
    }

    @Override
    public int waiterCount() {
        return waiters.size();
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        host.unbind(true, port, this);
        host.closeSocket();
        while (!backlog.isEmpty()) backlog.poll().discard(true);
        while (!overflow.isEmpty()) overflow.poll().refuse();
        waiters.wakeAll();
    }

    @Override
    public String toString() {
        return "SimListener[" + host.name() + ":" + port + " " + scope + ", backlog " + backlog.size() + "/" + max
                + (closed ? ", closed" : "") + "]";
    }
}
