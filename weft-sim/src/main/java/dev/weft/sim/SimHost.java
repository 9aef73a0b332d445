package dev.weft.sim;

import dev.weft.future.Future;
import dev.weft.task.Task;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.TreeMap;

/**
 * A machine of the simulated network: a name, an address, its own port numbers and loopback, and
 * a limit on open sockets. Code runs on a host when its task was spawned there ({@link #spawn}) or
 * by a task that was; {@code TcpListener.bind}, {@code TcpStream.connect} and {@code UdpSocket.bind}
 * then act for that host: {@code 127.0.0.1} and {@code localhost} are the host itself, another
 * host's name or address reaches that host over their {@link SimLink}. Tasks spawned from outside
 * any host run on {@link SimNet#defaultHost()}.
 *
 * {@snippet :
 * SimHost server = net.host("server");                     // address 10.0.0.2
 * server.spawn(Weft.async(() -> serve(TcpListener.bind("0.0.0.0", 6379))));
 * TcpStream c = await(TcpStream.connect("server", 6379));  // from the default host
 * server.maxSockets(100);                                  // the 101st: "Too many open files"
 * }
 *
 * <h2>State (the simulation's thread only)</h2>
 * <pre>
 * field       meaning
 * tcpPorts    bound listeners and connection ends by port (TCP)
 * udpPorts    bound UDP sockets by port
 * open        sockets open now (listeners, connection ends, UDP sockets)
 * maxSockets  the most that may be open; opening one more fails
 * </pre>
 */
public final class SimHost {
    private static final int FIRST_EPHEMERAL = 49152;

    private final SimNet net;
    private final String name;
    private final InetAddress address;
    private final TreeMap<Integer, Object> tcpPorts = new TreeMap<>();
    private final TreeMap<Integer, Object> udpPorts = new TreeMap<>();
    private int nextEphemeral = FIRST_EPHEMERAL;
    private int open;
    private int maxSockets = 65_536;

    SimHost(SimNet net, String name, InetAddress address) {
        this.net = net;
        this.name = name;
        this.address = address;
    }

    /** @return the host's name (what {@code connect(name, port)} resolves) */
    public String name() {
        return name;
    }

    /** @return the host's address on the simulated network */
    public InetAddress address() {
        return address;
    }

    /**
     * @param port a port
     * @return this host's address with {@code port}, to connect or send to
     */
    public InetSocketAddress address(int port) {
        return new InetSocketAddress(address, port);
    }

    /**
     * Spawns {@code future} on this host: its sockets, and those of the tasks it spawns, are this
     * host's.
     *
     * @param future the future
     * @param <T> its output type
     * @return its handle
     */
    public <T> Task<T> spawn(Future<T> future) {
        return net.sim().spawnOn(this, future);
    }

    /**
     * @param limit the most sockets this host may have open at once (its file-descriptor limit),
     *     at least 0; opening one more fails with {@code IOException("Too many open files")}, and
     *     an accept then pauses and retries as on a real host
     * @return this host
     */
    public SimHost maxSockets(int limit) {
        if (limit < 0) throw new IllegalArgumentException("limit: " + limit);
        this.maxSockets = limit;
        return this;
    }

    /** @return the sockets open on this host now */
    public int openSockets() {
        return open;
    }

    @Override
    public String toString() {
        return "SimHost[" + name + " " + address.getHostAddress() + ", " + open + " sockets]";
    }

    // ---- for the network (this package) ----

    SimNet net() {
        return net;
    }

    /** Counts one more open socket. @throws IOException at the limit (class exactly IOException) */
    void openSocket() throws IOException {
        if (open >= maxSockets) throw new IOException("Too many open files");
        open++;
    }

    void closeSocket() {
        open--;
    }

    /**
     * Binds {@code port} (0: a free one) to {@code owner}.
     *
     * @return the port bound
     * @throws BindException if it is taken
     */
    int bind(boolean tcp, int port, Object owner) throws BindException {
        TreeMap<Integer, Object> ports = tcp ? tcpPorts : udpPorts;
        if (port == 0) port = freePort(tcp);
        if (ports.containsKey(port)) throw new BindException("Address already in use: " + name + ":" + port);
        ports.put(port, owner);
        return port;
    }

    void unbind(boolean tcp, int port, Object owner) {
        TreeMap<Integer, Object> ports = tcp ? tcpPorts : udpPorts;
        if (ports.get(port) == owner) ports.remove(port);
    }

    Object bound(boolean tcp, int port) {
        return (tcp ? tcpPorts : udpPorts).get(port);
    }

    /** @return an ephemeral port free now (the next after the last one handed out) */
    int freePort(boolean tcp) throws BindException {
        TreeMap<Integer, Object> ports = tcp ? tcpPorts : udpPorts;
        for (int tries = 0; tries < 65536 - FIRST_EPHEMERAL; tries++) {
            int p = nextEphemeral;
            nextEphemeral = nextEphemeral == 65535 ? FIRST_EPHEMERAL : nextEphemeral + 1;
            if (!ports.containsKey(p)) return p;
        }
        throw new BindException("Cannot assign requested address: no free port on " + name);
    }
}
