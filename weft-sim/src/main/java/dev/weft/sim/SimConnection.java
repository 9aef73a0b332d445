package dev.weft.sim;

import java.net.InetSocketAddress;

/**
 * A simulated TCP connection: its two ends ({@link SimStream}s), a {@link SimPipe} each way and the
 * link between the hosts. Made by a connect when its SYN leaves; the server's end waits in the
 * listener's backlog until accepted.
 *
 * {@snippet :
 * SimConnection c = new SimConnection(net, clientHost, clientAddress, serverHost, serverAddress, false);
 * c.sendReset(c.client());   // the client's host aborts: the server's end is reset a latency later
 * }
 *
 * <h2>State (the simulation's thread only)</h2>
 * <pre>
 * field        meaning
 * resetSent    an end that sent a reset (it sends at most one)
 * </pre>
 * Each end keeps its own open/closed/reset state; the connection leaves the network's list when
 * both ends are closed.
 */
final class SimConnection {
    private final SimNet net;
    private final long id;
    private final SimLink link;
    private final SimStream client;
    private final SimStream server;

    SimConnection(SimNet net, SimHost clientHost, InetSocketAddress clientAddress, SimHost serverHost,
            InetSocketAddress serverAddress) {
        this.net = net;
        this.id = net.newConnectionId();
        this.link = net.link(clientHost, serverHost);
        this.client = new SimStream(this, clientHost, clientAddress, serverAddress);
        this.server = new SimStream(this, serverHost, serverAddress, clientAddress);
        SimPipe toServer = new SimPipe(this, client, server);
        SimPipe toClient = new SimPipe(this, server, client);
        client.connect(toClient, toServer);
        server.connect(toServer, toClient);
        net.opened(this);
    }

    long id() {
        return id;
    }

    SimNet net() {
        return net;
    }

    SimLink link() {
        return link;
    }

    SimStream client() {
        return client;
    }

    SimStream server() {
        return server;
    }

    SimStream peerOf(SimStream end) {
        return end == client ? server : client;
    }

    /** @return whether this connection runs between {@code a} and {@code b} (either way) */
    boolean joins(SimHost a, SimHost b) {
        return (client.host() == a && server.host() == b) || (client.host() == b && server.host() == a);
    }

    /**
     * {@code from}'s host aborts the connection (an abortive close, bytes for a closed socket, a
     * cancelled connect): the other end is reset one latency later (later still across a partition).
     * At most once per end.
     */
    void sendReset(SimStream from) {
        if (!from.markResetSent()) return;
        SimStream to = peerOf(from);
        net.trace(TraceHash.RESET, id, from == client ? 0 : 1);
        net.deliver(from.host(), to.host(), net.now() + link.drawLatency(net.sim().random()), to::reset);
    }

    /**
     * Resets both ends now (a fault injected by {@link SimNet#reset}).
     *
     * @return whether an end was still open and not reset before
     */
    boolean resetBoth() {
        boolean a = client.reset();
        boolean b = server.reset();
        return a || b;
    }

    /** Called by an end when it closes: the connection leaves the network's list once both are closed. */
    void endClosed() {
        if (client.isClosed() && server.isClosed()) net.closed(this);
    }

    @Override
    public String toString() {
        return "connection " + id + " " + client.localAddressOrNull() + " -> " + server.localAddressOrNull();
    }
}
