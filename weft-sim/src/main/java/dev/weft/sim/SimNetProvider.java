package dev.weft.sim;

import dev.weft.io.IoFuture;
import dev.weft.net.internal.DatagramEndpoint;
import dev.weft.net.internal.ListenerEndpoint;
import dev.weft.net.internal.NetProvider;
import dev.weft.net.internal.StreamEndpoint;
import java.io.IOException;
import java.net.BindException;
import java.net.SocketAddress;

/**
 * The simulated network as the sockets of {@code dev.weft.net} see it: binds and connects act for
 * the host of the task that calls them ({@link SimNet#currentHost()}). Immutable.
 *
 * {@snippet :
 * ListenerEndpoint l = provider.bind(InetSocketAddress.createUnresolved("0.0.0.0", 80), 128);
 * }
 */
final class SimNetProvider implements NetProvider {
    private final SimNet net;

    SimNetProvider(SimNet net) {
        this.net = net;
    }

    @Override
    public ListenerEndpoint bind(SocketAddress local, int backlog) throws IOException {
        SimHost host = net.currentHost();
        SimNet.Endpoint e = local(local, host);
        SimListener.Scope scope = e.wildcard() ? SimListener.Scope.ANY
                : e.loopback() ? SimListener.Scope.LOOPBACK : SimListener.Scope.HOST;
        int port = e.port() == 0 ? host.freePort(true) : e.port();
        if (host.bound(true, port) != null) throw new BindException("Address already in use: " + local);
        host.openSocket();
        SimListener l = new SimListener(host, port, scope, backlog);
        host.bind(true, port, l);
        return l;
    }

    @Override
    public IoFuture<StreamEndpoint> connect(SocketAddress remote) {
        return new SimConnect(net, net.currentHost(), remote);
    }

    @Override
    public DatagramEndpoint bindDatagram(SocketAddress local) throws IOException {
        SimHost host = net.currentHost();
        SimNet.Endpoint e = local(local, host);
        int port = e.port() == 0 ? host.freePort(false) : e.port();
        if (host.bound(false, port) != null) throw new BindException("Address already in use: " + local);
        host.openSocket();
        SimDatagram d = new SimDatagram(net, host, port, e.loopback() && !e.wildcard());
        host.bind(false, port, d);
        return d;
    }

    /** @return where {@code local} is on {@code host} @throws BindException if not on it */
    private SimNet.Endpoint local(SocketAddress local, SimHost host) throws IOException {
        SimNet.Endpoint e = net.resolve(local, host);
        if (e.host() != host) {
            throw new BindException("Cannot assign requested address: " + local + " is not an address of " + host.name());
        }
        return e;
    }
}
