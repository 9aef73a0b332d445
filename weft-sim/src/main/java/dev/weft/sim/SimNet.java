package dev.weft.sim;

import dev.weft.internal.Drivers;
import dev.weft.net.internal.NetProvider;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.UnsupportedAddressTypeException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Objects;

/**
 * The simulated network of a {@link SimRuntime}: in-memory hosts with addresses, links with
 * latency, bandwidth and loss, and faults injected on demand. Inside the simulation,
 * {@code TcpListener}, {@code TcpStream} and {@code UdpSocket} run over it unchanged, so the code
 * under test is the user's real server and client code.
 *
 * {@snippet :
 * SimNet net = sim.net();
 * SimHost server = net.host("server");
 * net.link(net.defaultHost(), server).latency(Duration.ofMillis(1), Duration.ofMillis(5));
 * server.spawn(myServer.serve(6379));                  // binds "0.0.0.0":6379 on host server
 * // from a task on the default host:
 * TcpStream c = await(TcpStream.connect("server", 6379));
 * net.partition(net.defaultHost(), server);            // segments wait, datagrams are lost
 * net.repair(net.defaultHost(), server);               // what waited is delivered, in order
 * net.reset(net.defaultHost(), server);                // every connection between them: "Connection reset"
 * }
 *
 * <p>What is simulated: TCP connects (a SYN and its answer each take a link's latency; no listener:
 * "Connection refused"; a full backlog holds the connect until an accept makes room), streams with
 * bytes delivered in order after latency and bandwidth, a window per direction that a slow reader
 * fills (the writer then waits), half-closes (the peer reads end of stream after the bytes in
 * flight), an abortive close (unread bytes, or {@code SO_LINGER} 0) or bytes sent to a closed end
 * resetting the peer, partitions (TCP segments and handshakes wait for the repair, datagrams are
 * lost), resets, UDP datagrams with their own latency each (so a latency spread reorders them),
 * loss at a rate, a bounded receive queue, and a socket limit per host. Not simulated: TCP
 * retransmission time-outs (a partitioned connection waits for the repair however long it lasts;
 * the code under test must bring its own time-outs, as it must on a real network), congestion
 * control, acknowledgement latency (room in the window frees when the reader reads), IP
 * fragmentation, DNS (host names are the names given to {@link #host}).
 *
 * <p>Every choice (each latency, each loss) is drawn from the simulation's seeded random source
 * and every delivery is an event of the simulation's timeline mixed into its trace hash, so the
 * same seed gives the same network, byte for byte.
 *
 * <h2>State (the simulation's thread, or between runs the thread that calls this object)</h2>
 * <pre>
 * field        meaning
 * hosts        the hosts by name, and by address        a host is never removed
 * links        the link of each pair of hosts, made on first use from the defaults
 * blocked      pairs partitioned now, and isolated hosts
 * stalled      deliveries that found their pair partitioned, in the order they stalled:
 *              rescheduled (one latency later) when the pair is repaired
 * connections  the connections not yet closed at both ends, in the order they were made
 * </pre>
 * The maps are looked up, never iterated, so hash order never decides anything.
 */
public final class SimNet {
    private static final String DEFAULT_HOST = "main";

    private final SimRuntime sim;
    private final HashMap<String, SimHost> hostsByName = new HashMap<>();
    private final HashMap<String, SimHost> hostsByAddress = new HashMap<>();
    private final HashMap<String, SimLink> links = new HashMap<>();
    private final HashSet<String> blockedPairs = new HashSet<>();
    private final HashSet<String> isolated = new HashSet<>();
    private final ArrayList<Stalled> stalled = new ArrayList<>();
    private final ArrayList<SimConnection> connections = new ArrayList<>();
    private final SimLink defaultLink = new SimLink(100_000, 1_000_000, 125_000_000, 0, 256 * 1024);
    private final SimLink defaultLoopback = new SimLink(5_000, 20_000, 1_000_000_000, 0, 256 * 1024);
    private final SimNetProvider provider = new SimNetProvider(this);
    private long nextConnectionId;
    private long nextSocketId;
    private long segments;
    private long datagramsLost;

    /** A delivery waiting for the repair of a partition. */
    private record Stalled(SimHost from, SimHost to, Runnable retry) {}

    SimNet(SimRuntime sim) {
        this.sim = sim;
    }

    /** @param drivers the simulation's drivers, to which the network adds its provider */
    void register(Drivers.Builder drivers) {
        drivers.put(NetProvider.KEY, provider);
    }

    /**
     * @param name a host name ({@code "server"}, {@code "db-1"}); not an IP literal or {@code localhost}
     * @return the host of that name, made now if it does not exist (addresses 10.0.0.1, 10.0.0.2,
     *     ... in the order hosts are made; the default host is made first)
     */
    public SimHost host(String name) {
        Objects.requireNonNull(name, "name");
        SimHost h = hostsByName.get(name);
        if (h != null) return h;
        if (name.isBlank() || isLoopbackName(name) || isWildcardName(name) || isIpLiteral(name)) {
            throw new IllegalArgumentException("not a host name: \"" + name + "\"");
        }
        if (hostsByName.isEmpty() && !name.equals(DEFAULT_HOST)) defaultHost();
        int n = hostsByName.size() + 1;
        byte[] ip = {10, (byte) (n >> 16), (byte) (n >> 8), (byte) n};
        InetAddress address;
        try {
            address = InetAddress.getByAddress(name, ip);
        } catch (UnknownHostException e) {
            throw new AssertionError(e); // four bytes are always a valid address
        }
        h = new SimHost(this, name, address);
        hostsByName.put(name, h);
        hostsByAddress.put(address.getHostAddress(), h);
        return h;
    }

    /** @return the host of tasks spawned from outside any host (named {@code "main"}, 10.0.0.1) */
    public SimHost defaultHost() {
        return host(DEFAULT_HOST);
    }

    /**
     * @param a one host
     * @param b another, or the same for its loopback
     * @return their link (the same object both ways), made on first use from {@link #defaultLink()}
     *     or, for a loopback, {@link #defaultLoopback()}
     */
    public SimLink link(SimHost a, SimHost b) {
        String key = pairKey(a, b);
        SimLink l = links.get(key);
        if (l == null) {
            l = (a == b ? defaultLoopback : defaultLink).copy();
            links.put(key, l);
        }
        return l;
    }

    /** @return the settings links between two hosts start with (100 us to 1 ms, 125 MB/s, no loss, 256 KiB) */
    public SimLink defaultLink() {
        return defaultLink;
    }

    /** @return the settings a host's loopback starts with (5 to 20 us, 1 GB/s, no loss, 256 KiB) */
    public SimLink defaultLoopback() {
        return defaultLoopback;
    }

    /**
     * Cuts {@code a} off from {@code b}: TCP segments and handshakes between them wait until
     * {@link #repair}, UDP datagrams between them are lost. A host's loopback is never cut.
     *
     * @param a one host
     * @param b another
     */
    public void partition(SimHost a, SimHost b) {
        if (a == b) throw new IllegalArgumentException("a host cannot be partitioned from itself: " + a.name());
        if (blockedPairs.add(pairKey(a, b))) sim.trace(TraceHash.PARTITION, id(a), id(b));
    }

    /**
     * Cuts {@code host} off from every other host until {@link #repairAll()} (or
     * {@link #rejoin}).
     *
     * @param host the host
     */
    public void isolate(SimHost host) {
        if (isolated.add(host.name())) sim.trace(TraceHash.PARTITION, id(host), -1);
    }

    /**
     * Ends the isolation of {@code host}; partitions of single pairs stay.
     *
     * @param host the host
     */
    public void rejoin(SimHost host) {
        if (isolated.remove(host.name())) {
            sim.trace(TraceHash.REPAIR, id(host), -1);
            retryStalled();
        }
    }

    /**
     * Ends the partition of {@code a} and {@code b}: what waited is delivered, in order, one latency
     * from now.
     *
     * @param a one host
     * @param b another
     */
    public void repair(SimHost a, SimHost b) {
        if (blockedPairs.remove(pairKey(a, b))) {
            sim.trace(TraceHash.REPAIR, id(a), id(b));
            retryStalled();
        }
    }

    /** Ends every partition and isolation. */
    public void repairAll() {
        if (blockedPairs.isEmpty() && isolated.isEmpty()) return;
        blockedPairs.clear();
        isolated.clear();
        sim.trace(TraceHash.REPAIR, -1, -1);
        retryStalled();
    }

    /**
     * @param a one host
     * @param b another
     * @return whether they are cut off from each other now
     */
    public boolean isPartitioned(SimHost a, SimHost b) {
        return blocked(a, b);
    }

    /**
     * Resets every open connection between {@code a} and {@code b} (both ways; the same host for
     * its loopback connections) now, as a middlebox would: both ends' waiting and next reads and
     * writes fail with {@code SocketException("Connection reset")}.
     *
     * @param a one host
     * @param b another, or the same
     * @return how many connections were reset
     */
    public int reset(SimHost a, SimHost b) {
        int n = 0;
        for (SimConnection c : new ArrayList<>(connections)) {
            if (c.joins(a, b) && c.resetBoth()) n++;
        }
        sim.trace(TraceHash.RESET_ALL, id(a) * 31 + id(b), n);
        return n;
    }

    /** @return the connections open now (not yet closed at both ends) */
    public int openConnections() {
        return connections.size();
    }

    /** @return TCP segments delivered so far */
    public long segmentsDelivered() {
        return segments;
    }

    /** @return UDP datagrams lost so far (drops, partitions, full queues, nobody bound) */
    public long datagramsLost() {
        return datagramsLost;
    }

    @Override
    public String toString() {
        return "SimNet[" + hostsByName.size() + " hosts, " + connections.size() + " connections, "
                + blockedPairs.size() + " partitions, " + isolated.size() + " isolated]";
    }

    // ---- for the sockets (this package) -------------------------------------------------------

    SimRuntime sim() {
        return sim;
    }

    /** @return the host of the task running now (the default host for tasks spawned from outside) */
    SimHost currentHost() {
        return sim.currentHost() instanceof SimHost h ? h : defaultHost();
    }

    long now() {
        return sim.nanoTime();
    }

    long newConnectionId() {
        return nextConnectionId++;
    }

    long newSocketId() {
        return nextSocketId++;
    }

    void opened(SimConnection c) {
        connections.add(c);
    }

    void closed(SimConnection c) {
        connections.remove(c);
    }

    void countSegment() {
        segments++;
    }

    void lostDatagram(long socketId, int size) {
        datagramsLost++;
        sim.trace(TraceHash.DATAGRAM_LOST, socketId, size);
    }

    boolean blocked(SimHost a, SimHost b) {
        if (a == b) return false;
        return isolated.contains(a.name()) || isolated.contains(b.name()) || blockedPairs.contains(pairKey(a, b));
    }

    /**
     * Delivers a message from {@code from} to {@code to} at {@code atNanos}: {@code deliver} runs
     * then, or, if the pair is partitioned at that moment, one latency after the repair.
     */
    void deliver(SimHost from, SimHost to, long atNanos, Runnable deliver) {
        sim.at(atNanos, () -> {
            if (blocked(from, to)) stall(from, to, deliver);
            else deliver.run();
        });
    }

    /** Holds {@code retry} until the pair is repaired (for deliveries that found it cut). */
    void stall(SimHost from, SimHost to, Runnable retry) {
        stalled.add(new Stalled(from, to, retry));
    }

    void trace(int kind, long a, long b) {
        sim.trace(kind, a, b);
    }

    /**
     * Resolves {@code address} as seen from {@code from}.
     *
     * @return the host and port, and whether it was reached over the loopback (127.0.0.1,
     *     localhost, or a wildcard address)
     * @throws UnknownHostException for a name or address no host has
     */
    Endpoint resolve(SocketAddress address, SimHost from) throws UnknownHostException {
        if (!(address instanceof InetSocketAddress isa)) {
            throw new UnsupportedAddressTypeException();
        }
        int port = isa.getPort();
        if (!isa.isUnresolved()) {
            InetAddress a = isa.getAddress();
            if (a.isLoopbackAddress()) return new Endpoint(from, port, true, false);
            if (a.isAnyLocalAddress()) return new Endpoint(from, port, true, true);
            SimHost h = hostsByAddress.get(a.getHostAddress());
            if (h == null) throw new UnknownHostException(a.getHostAddress() + ": no such host in the simulation");
            return new Endpoint(h, port, false, false);
        }
        String name = isa.getHostString();
        if (isLoopbackName(name)) return new Endpoint(from, port, true, false);
        if (isWildcardName(name)) return new Endpoint(from, port, true, true);
        SimHost h = hostsByName.get(name);
        if (h == null) h = hostsByAddress.get(name);
        if (h == null) throw new UnknownHostException(name + ": no such host in the simulation");
        return new Endpoint(h, port, false, false);
    }

    /** Where an address leads: a host, a port, whether over the loopback, whether a wildcard. */
    record Endpoint(SimHost host, int port, boolean loopback, boolean wildcard) {}

    /** @return the address {@code host} has when reached this way (127.0.0.1 over the loopback) */
    static InetSocketAddress addressOf(SimHost host, int port, boolean loopback) {
        return new InetSocketAddress(loopback ? LOOPBACK : host.address(), port);
    }

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private void retryStalled() {
        if (stalled.isEmpty()) return;
        ArrayList<Stalled> all = new ArrayList<>(stalled);
        stalled.clear();
        for (Stalled s : all) {
            if (blocked(s.from, s.to)) {
                stalled.add(s);
            } else {
                deliver(s.from, s.to, now() + link(s.from, s.to).drawLatency(sim.random()), s.retry);
            }
        }
    }

    private static long id(SimHost h) {
        return h.address().hashCode(); // an IPv4 address's hash is its 32 bits: the same every run
    }

    private static String pairKey(SimHost a, SimHost b) {
        String x = a.name();
        String y = b.name();
        return x.compareTo(y) <= 0 ? x + '\u0000' + y : y + '\u0000' + x;
    }

    private static boolean isLoopbackName(String s) {
        return s.equals("localhost") || s.startsWith("127.") || s.equals("::1") || s.equals("0:0:0:0:0:0:0:1");
    }

    private static boolean isWildcardName(String s) {
        return s.isEmpty() || s.equals("0.0.0.0") || s.equals("::") || s.equals("0:0:0:0:0:0:0:0");
    }

    private static boolean isIpLiteral(String s) {
        return s.indexOf(':') >= 0 || s.matches("\\d+(\\.\\d+){3}");
    }
}
