package dev.weft.net;

import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.internal.Drivers;
import dev.weft.internal.Offload;
import dev.weft.io.IoFuture;
import dev.weft.net.internal.NetProvider;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * The future of {@link TcpStream#connect(String, int)}: a literal address connects at once; a host
 * name is first looked up off the workers (on the runtime's blocking pool, through
 * {@link Offload}), since {@code getaddrinfo} blocks for as long as DNS takes. Outside a runtime the
 * caller's own thread, which is no worker, looks it up in the first poll. A runtime with a network
 * provider (a simulation) resolves names itself: the unresolved address goes to it as it is.
 *
 * <h2>State (owner thread only)</h2>
 * <pre>
 * lookup    the pending lookup, or null (none started, or done)
 * connect   the connect once the address is known, or null
 * </pre>
 * Cancelling drops a lookup not yet started, and closes a half-made socket.
 */
final class HostConnect implements IoFuture<TcpStream> {
    private final String host;
    private final int port;
    private Future<InetAddress> lookup;
    private IoFuture<TcpStream> connect;

    HostConnect(String host, int port) {
        if (port < 0 || port > 0xFFFF) throw new IllegalArgumentException("port out of range: " + port);
        this.host = java.util.Objects.requireNonNull(host, "host");
        this.port = port;
    }

    @Override
    public Poll<TcpStream> poll(Context cx) throws IOException {
        NetProvider net = connect == null ? NetProvider.current() : null;
        if (net != null && net.resolvesNames()) {
            connect = TcpStream.connect(InetSocketAddress.createUnresolved(host, port));
        }
        if (connect == null) {
            InetAddress address = literal(host);
            if (address == null) {
                if (lookup == null) {
                    Offload off = Drivers.currentOrNull(Offload.KEY);
                    if (off == null) {
                        address = InetAddress.getByName(host); // not a worker: may block
                    } else {
                        lookup = off.offload(() -> InetAddress.getByName(host));
                    }
                }
                if (address == null) {
                    Poll<InetAddress> p;
                    try {
                        p = lookup.poll(cx);
                    } catch (IOException e) {
                        lookup = null;
                        throw e;
                    } catch (Exception e) {
                        lookup = null;
                        throw new UnknownHostException(host + ": " + e);
                    }
                    if (!(p instanceof Poll.Ready<InetAddress>(InetAddress a))) return Poll.pending();
                    lookup = null;
                    address = a;
                }
            }
            connect = TcpStream.connect(new InetSocketAddress(address, port));
        }
        return connect.poll(cx);
    }

    /** @return the address if {@code host} is an IPv4 or IPv6 literal (no lookup), else null */
    private static InetAddress literal(String host) {
        try {
            return InetAddress.ofLiteral(host);
        } catch (IllegalArgumentException notALiteral) {
            return null;
        }
    }

    @Override
    public void cancel() {
        if (lookup != null) {
            lookup.cancel();
            lookup = null;
        }
        if (connect != null) connect.cancel();
    }
}
