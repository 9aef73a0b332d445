package dev.weft.sim;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.io.IoFuture;
import dev.weft.net.internal.DatagramEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NotYetConnectedException;
import java.util.ArrayDeque;

/**
 * A simulated UDP socket, as {@code UdpSocket} drives it. A send never waits: the datagram leaves
 * at once and arrives after its own latency draw (so datagrams overtake each other when the link's
 * latency has a spread), unless the link loses it (its drop rate), the hosts are partitioned when it
 * leaves or arrives, nobody is bound to the target port, the target is connected to another peer, or the
 * target's receive queue is full: then it is lost, as UDP loses datagrams, and counted in
 * {@link SimNet#datagramsLost()}.
 *
 * {@snippet :
 * SocketAddress from = await(endpoint.receiveFrom(buf));
 * }
 *
 * <h2>State (the simulation's thread only)</h2>
 * <pre>
 * field      meaning                                         invariant
 * queue      datagrams arrived and not yet received, in       queuedBytes <= QUEUE_BYTES (what does
 *            order of arrival                                 not fit is lost)
 * peer       the connected peer, or null                      set by connect
 * readers    receives waiting for a datagram
 * closed     close(): waiting receives wake and fail
 * </pre>
 */
final class SimDatagram implements DatagramEndpoint {
    /** The largest UDP payload over IPv4. */
    static final int MAX_DATAGRAM = 65_507;
    /** The receive queue's size (Linux's default {@code SO_RCVBUF} for UDP). */
    static final int QUEUE_BYTES = 212_992;

    private record Datagram(InetSocketAddress from, byte[] data) {}

    private final SimNet net;
    private final SimHost host;
    private final int port;
    private final boolean loopbackOnly;
    private final long id;
    private final ArrayDeque<Datagram> queue = new ArrayDeque<>();
    private final SimWaiters readers = new SimWaiters();
    private long queuedBytes;
    private SimNet.Endpoint peer;
    private boolean closed;

    SimDatagram(SimNet net, SimHost host, int port, boolean loopbackOnly) {
        this.net = net;
        this.host = host;
        this.port = port;
        this.loopbackOnly = loopbackOnly;
        this.id = net.newSocketId();
    }

    @Override
    public IoFuture<Integer> sendTo(ByteBuffer src, SocketAddress target) {
        return cx -> {
            if (closed) throw new ClosedChannelException();
            return Poll.ready(send(src, net.resolve(target, host)));
        };
    }

    @Override
    public IoFuture<Integer> send(ByteBuffer src) {
        return cx -> {
            if (closed) throw new ClosedChannelException();
            if (peer == null) throw new NotYetConnectedException();
            return Poll.ready(send(src, peer));
        };
    }

    private int send(ByteBuffer src, SimNet.Endpoint to) throws IOException {
        int n = src.remaining();
        if (n > MAX_DATAGRAM) throw new IOException("Message too long: " + n + " bytes (at most " + MAX_DATAGRAM + ")");
        byte[] data = new byte[n];
        src.get(data);
        SimLink link = net.link(host, to.host());
        InetSocketAddress fromAddress = SimNet.addressOf(host, port, to.loopback());
        if (net.blocked(host, to.host())
                || (link.udpDropRate() > 0 && net.sim().random().nextDouble() < link.udpDropRate())) {
            net.lostDatagram(id, n);
            return n;
        }
        long at = net.now() + link.wireNanos(n) + link.drawLatency(net.sim().random());
        net.sim().at(at, () -> {
            if (net.blocked(host, to.host())
                    || !(to.host().bound(false, to.port()) instanceof SimDatagram d)
                    || !d.arrive(host, port, fromAddress, to.loopback(), data)) {
                net.lostDatagram(id, n);
            }
        });
        return n;
    }

    /** @return whether the datagram was queued (false: lost) */
    private boolean arrive(SimHost sender, int senderPort, InetSocketAddress from, boolean overLoopback, byte[] data) {
        if (closed || (loopbackOnly && !overLoopback)) return false;
        if (peer != null && (peer.host() != sender || peer.port() != senderPort)) return false;
        if (queuedBytes + data.length > QUEUE_BYTES) return false;
        queue.add(new Datagram(from, data));
        queuedBytes += data.length;
        net.trace(TraceHash.DATAGRAM, id, data.length);
        readers.wakeAll();
        return true;
    }

    @Override
    public IoFuture<SocketAddress> receiveFrom(ByteBuffer dst) {
        return new Receive<>(dst, false);
    }

    @Override
    public IoFuture<Integer> receive(ByteBuffer dst) {
        return new Receive<>(dst, true);
    }

    /** A waiting receive: takes the oldest datagram, cut to the room of {@code dst}. */
    private final class Receive<T> implements IoFuture<T> {
        private final ByteBuffer dst;
        private final boolean count;

        Receive(ByteBuffer dst, boolean count) {
            this.dst = dst;
            this.count = count;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Poll<T> poll(Context cx) throws IOException {
            if (closed) throw new ClosedChannelException();
            if (count && peer == null) throw new NotYetConnectedException();
            Datagram d = queue.poll();
            if (d == null) {
                readers.register(this, cx.waker());
                return Poll.pending();
            }
            readers.deregister(this);
            queuedBytes -= d.data.length;
            int n = Math.min(dst.remaining(), d.data.length);
            dst.put(d.data, 0, n);
            return Poll.ready((T) (count ? Integer.valueOf(n) : d.from));
        }

        @Override
        public void cancel() {
            readers.deregister(this);
        }
    }

    @Override
    public void connect(SocketAddress peer) throws IOException {
        if (closed) throw new ClosedChannelException();
        this.peer = net.resolve(peer, host);
    }

    @Override
    public InetSocketAddress localAddress() throws IOException {
        if (closed) throw new ClosedChannelException();
        return loopbackOnly ? SimNet.addressOf(host, port, true) : new InetSocketAddress(port);
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        host.unbind(false, port, this);
        host.closeSocket();
        queue.clear();
        queuedBytes = 0;
        readers.wakeAll();
    }

    @Override
    public String toString() {
        return "SimDatagram[" + host.name() + ":" + port + (closed ? ", closed" : "") + "]";
    }
}
