package dev.weft.sim;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.io.AsyncIo;
import dev.weft.net.TcpListener;
import dev.weft.net.TcpStream;
import dev.weft.net.UdpSocket;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The simulated network behind the real TcpListener / TcpStream / UdpSocket API. */
class SimNetTest {
    private static final Duration MS10 = Duration.ofMillis(10);

    private static <T> T run(long seed, Function<SimRuntime, Future<T>> body) {
        try (SimRuntime sim = SimRuntime.builder(seed).build()) {
            return sim.run(body.apply(sim));
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static String readAll(TcpStream s) throws IOException {
        return new String(await(AsyncIo.readToEnd(s)), StandardCharsets.US_ASCII);
    }

    /** @return a listener bound to {@code 0.0.0.0:port} on {@code host} (by a task spawned there) */
    private static TcpListener listenOn(SimHost host, int port) throws IOException {
        return await(host.spawn(Weft.async(() -> TcpListener.bind("0.0.0.0", port))));
    }

    /** A server task on {@code host} that answers each connection with what it read, upper-cased, then closes. */
    private static Task<Void> upperServer(SimHost host, TcpListener l) {
        return host.spawn(Weft.async(() -> {
            while (true) {
                TcpStream c = await(l.accept());
                Task.spawn(Weft.async(() -> {
                    try (c) {
                        String in = readAll(c);
                        byte[] out = ascii(in.toUpperCase());
                        await(c.writeAll(out, 0, out.length));
                    }
                    return null;
                })).detach();
            }
        }));
    }

    @Test
    void aLoopbackConnectionCarriesBytesBothWaysAndAHalfCloseEndsOnlyOneDirection() {
        String got = run(1, sim -> Weft.async(() -> {
            TcpListener l = TcpListener.bind("127.0.0.1", 0);
            int port = l.localAddress().getPort();
            upperServer(sim.net().defaultHost(), l).detach();
            try (TcpStream c = await(TcpStream.connect("127.0.0.1", port))) {
                assertThat(c.remoteAddress()).isEqualTo(new InetSocketAddress("127.0.0.1", port));
                byte[] hello = ascii("hello, simulated world");
                await(c.writeAll(hello, 0, hello.length));
                c.shutdownOutput(); // the server reads end of stream, and still answers
                return readAll(c);
            }
        }));
        assertThat(got).isEqualTo("HELLO, SIMULATED WORLD");
    }

    @Test
    void hostsAreReachedByNameAndByAddressAndAConnectTakesARoundTripOfLatency() {
        run(2, sim -> Weft.async(() -> {
            SimNet net = sim.net();
            SimHost server = net.host("server");
            assertThat(server.address().getHostAddress()).isEqualTo("10.0.0.2");
            assertThat(net.defaultHost().address().getHostAddress()).isEqualTo("10.0.0.1");
            net.link(net.defaultHost(), server).latency(MS10, MS10);
            upperServer(server, listenOn(server, 7000)).detach();
            Duration before = sim.clock().elapsed();
            TcpStream byName = await(TcpStream.connect("server", 7000));
            assertThat(sim.clock().elapsed().minus(before)).isEqualTo(Duration.ofMillis(20)); // SYN, answer
            assertThat(byName.remoteAddress()).isEqualTo(server.address(7000));
            assertThat(byName.localAddress().getAddress()).isEqualTo(net.defaultHost().address());
            TcpStream byAddress = await(TcpStream.connect(new InetSocketAddress(server.address(), 7000)));
            for (TcpStream c : List.of(byName, byAddress)) {
                await(c.writeAll(ascii("abc"), 0, 3));
                c.shutdownOutput();
                assertThat(readAll(c)).isEqualTo("ABC");
                c.close();
            }
            return null;
        }));
    }

    @Test
    void aConnectToAPortNobodyListensOnIsRefusedAndAnUnknownHostIsNamed() {
        run(3, sim -> Weft.async(() -> {
            SimHost server = sim.net().host("server");
            assertThatThrownBy(() -> await(TcpStream.connect("server", 80)))
                    .isInstanceOf(ConnectException.class).hasMessageContaining("Connection refused");
            // bound to the server's loopback: not reachable from another host
            Task<TcpListener> local = server.spawn(Weft.async(() -> TcpListener.bind("127.0.0.1", 81)));
            await(local);
            assertThatThrownBy(() -> await(TcpStream.connect("server", 81)))
                    .isInstanceOf(ConnectException.class).hasMessageContaining("Connection refused");
            assertThatThrownBy(() -> await(TcpStream.connect("nowhere", 80)))
                    .isInstanceOf(UnknownHostException.class).hasMessageContaining("nowhere");
            assertThat(sim.net().defaultHost().openSockets()).isZero(); // the refused connects hold nothing
            return null;
        }));
    }

    @Test
    void aPortInUseAndAnotherHostsAddressCannotBeBound() {
        run(4, sim -> Weft.async(() -> {
            sim.net().host("other");
            try (TcpListener l = TcpListener.bind("0.0.0.0", 9000)) {
                assertThatThrownBy(() -> TcpListener.bind("127.0.0.1", 9000))
                        .isInstanceOf(BindException.class).hasMessageContaining("in use");
            }
            TcpListener.bind("127.0.0.1", 9000).close(); // free again after the close
            assertThatThrownBy(() -> TcpListener.bind("other", 9001))
                    .isInstanceOf(BindException.class).hasMessageContaining("Cannot assign");
            return null;
        }));
    }

    @Test
    void bandwidthDecidesHowLongAMegabyteTakes() {
        Duration took = run(5, sim -> Weft.async(() -> {
            SimNet net = sim.net();
            SimHost server = net.host("server");
            net.link(net.defaultHost(), server).latency(Duration.ZERO, Duration.ZERO).bandwidth(1_000_000);
            TcpListener l = listenOn(server, 7000);
            Task<Integer> sink = server.spawn(Weft.async(() -> {
                try (TcpStream c = await(l.accept())) {
                    return await(AsyncIo.readToEnd(c)).length;
                }
            }));
            TcpStream c = await(TcpStream.connect("server", 7000));
            Duration start = sim.clock().elapsed();
            await(c.writeAll(new byte[1_000_000], 0, 1_000_000));
            c.shutdownOutput();
            assertThat(await(sink)).isEqualTo(1_000_000);
            c.close();
            return sim.clock().elapsed().minus(start);
        }));
        assertThat(took).isBetween(Duration.ofMillis(1000), Duration.ofMillis(1001));
    }

    @Test
    void aReaderThatDoesNotReadStopsTheWriterAtTheWindowAndReadingLetsItOn() {
        run(6, sim -> Weft.async(() -> {
            SimNet net = sim.net();
            net.link(net.defaultHost(), net.defaultHost()).windowBytes(64 * 1024);
            TcpListener l = TcpListener.bind("127.0.0.1", 0);
            TcpStream client = await(TcpStream.connect("127.0.0.1", l.localAddress().getPort()));
            TcpStream server = await(l.accept());
            long[] written = new long[1];
            Task<Void> writer = Task.spawn(Weft.async(() -> {
                ByteBuffer chunk = ByteBuffer.allocate(8192);
                for (int i = 0; i < 64; i++) { // 512 KiB
                    chunk.clear();
                    await(client.writeAll(chunk));
                    written[0] += 8192;
                }
                client.shutdownOutput();
                return null;
            }));
            await(Time.sleep(Duration.ofSeconds(1))); // nobody reads for a second
            assertThat(written[0]).isEqualTo(64 * 1024).isLessThan(512 * 1024);
            assertThat(writer.isDone()).isFalse();
            assertThat(await(AsyncIo.readToEnd(server, 1 << 20)).length).isEqualTo(512 * 1024);
            await(writer);
            return null;
        }));
    }

    @Test
    void segmentsWaitOutAPartitionAndArriveInOrderAfterTheRepair() {
        run(7, sim -> Weft.async(() -> {
            SimNet net = sim.net();
            SimHost a = net.defaultHost();
            SimHost b = net.host("b");
            net.link(a, b).latency(Duration.ofMillis(1), Duration.ofMillis(9)); // a spread: TCP keeps order anyway
            TcpListener l = listenOn(b, 5000);
            Task<String> received = b.spawn(Weft.async(() -> {
                try (TcpStream c = await(l.accept())) {
                    return readAll(c);
                }
            }));
            TcpStream c = await(TcpStream.connect("b", 5000));
            net.partition(a, b);
            assertThat(net.isPartitioned(a, b)).isTrue();
            StringBuilder sent = new StringBuilder();
            for (int i = 0; i < 100; i++) {
                byte[] m = ascii(i + ",");
                sent.append(i).append(',');
                await(c.writeAll(m, 0, m.length));
            }
            c.shutdownOutput();
            await(Time.sleep(Duration.ofMinutes(10)));
            assertThat(received.isDone()).isFalse(); // nothing got through in ten minutes
            Duration repairedAt = sim.clock().elapsed();
            net.repair(a, b);
            assertThat(await(received)).isEqualTo(sent.toString());
            assertThat(sim.clock().elapsed().minus(repairedAt)).isLessThanOrEqualTo(Duration.ofMillis(9));
            c.close();
            return null;
        }));
    }

    @Test
    void aConnectThroughAPartitionTimesOutAndLeavesNothingBehind() {
        run(8, sim -> Weft.async(() -> {
            SimNet net = sim.net();
            SimHost b = net.host("b");
            TcpListener l = listenOn(b, 5000);
            net.isolate(b);
            assertThatThrownBy(() -> await(Time.timeout(TcpStream.connect("b", 5000), Duration.ofSeconds(3))))
                    .isInstanceOf(TimeoutException.class);
            assertThat(net.defaultHost().openSockets()).isZero();
            assertThat(net.openConnections()).as("the cancelled connect's ends").isZero();
            net.rejoin(b);
            TcpStream c = await(TcpStream.connect("b", 5000)); // the cancelled SYN never shows up
            Task<TcpStream> accepted = b.spawn(Weft.async(() -> await(l.accept())));
            TcpStream s = await(accepted);
            assertThat(s.remoteAddress()).isEqualTo(c.localAddress());
            c.close();
            s.close();
            assertThat(net.openConnections()).isZero();
            return null;
        }));
    }

    @Test
    void aConnectCancelledAfterTheListenerTookItsSynResetsTheEndTheServerAccepts() {
        run(8, sim -> Weft.async(() -> {
            SimNet net = sim.net();
            SimHost b = net.host("b");
            net.link(net.defaultHost(), b).latency(MS10, MS10);
            TcpListener l = listenOn(b, 5000);
            // the SYN arrives at 10 ms and is admitted; the answer would arrive at 20 ms
            assertThatThrownBy(() -> await(Time.timeout(TcpStream.connect("b", 5000), Duration.ofMillis(15))))
                    .isInstanceOf(TimeoutException.class);
            assertThat(net.defaultHost().openSockets()).isZero();
            TcpStream s = await(b.spawn(Weft.async(() -> await(l.accept()))));
            assertThatThrownBy(() -> await(s.read(new byte[1], 0, 1)))
                    .isInstanceOf(SocketException.class).hasMessageContaining("Connection reset");
            s.close();
            assertThat(net.openConnections()).isZero();
            return null;
        }));
    }

    @Test
    void anInjectedResetFailsWaitingAndLaterReadsAndWritesOfBothEnds() {
        run(9, sim -> Weft.async(() -> {
            SimNet net = sim.net();
            SimHost b = net.host("b");
            TcpListener l = listenOn(b, 5000);
            Task<TcpStream> accepted = b.spawn(Weft.async(() -> await(l.accept())));
            TcpStream c = await(TcpStream.connect("b", 5000));
            TcpStream s = await(accepted);
            Task<Integer> reading = Task.spawn(Weft.async(() -> await(c.read(new byte[10], 0, 10))));
            await(Time.sleep(Duration.ofSeconds(1)));
            assertThat(net.reset(net.defaultHost(), b)).isEqualTo(1);
            assertThatThrownBy(() -> await(reading)).isInstanceOf(SocketException.class).hasMessage("Connection reset");
            assertThatThrownBy(() -> await(s.write(ByteBuffer.allocate(1))))
                    .isInstanceOf(SocketException.class).hasMessage("Connection reset");
            c.close();
            s.close();
            assertThat(net.openConnections()).isZero();
            assertThat(b.openSockets()).isEqualTo(1); // the listener
            return null;
        }));
    }

    @Test
    void anAbortiveCloseAndBytesSentToAClosedSocketResetThePeer() {
        run(10, sim -> Weft.async(() -> {
            TcpListener l = TcpListener.bind("127.0.0.1", 0);
            int port = l.localAddress().getPort();
            // SO_LINGER 0: the peer's read fails instead of ending
            TcpStream c1 = await(TcpStream.connect("127.0.0.1", port));
            TcpStream s1 = await(l.accept());
            c1.setOption(StandardSocketOptions.SO_LINGER, 0);
            c1.close();
            assertThatThrownBy(() -> await(s1.read(new byte[1], 0, 1))).isInstanceOf(SocketException.class);
            // a close with unread bytes resets too
            TcpStream c2 = await(TcpStream.connect("127.0.0.1", port));
            TcpStream s2 = await(l.accept());
            await(c2.writeAll(ascii("unread"), 0, 6));
            await(Time.sleep(Duration.ofMillis(1)));
            s2.close();
            assertThatThrownBy(() -> await(c2.read(new byte[1], 0, 1))).isInstanceOf(SocketException.class);
            // a plain close: the peer reads the end; its next write goes out, and the reset comes back
            TcpStream c3 = await(TcpStream.connect("127.0.0.1", port));
            TcpStream s3 = await(l.accept());
            s3.close();
            assertThat(await(c3.read(new byte[1], 0, 1))).isEqualTo(-1);
            await(c3.writeAll(ascii("late"), 0, 4));
            await(Time.sleep(Duration.ofMillis(1)));
            assertThatThrownBy(() -> await(c3.write(ByteBuffer.wrap(ascii("x")))))
                    .isInstanceOf(SocketException.class).hasMessage("Connection reset");
            for (TcpStream s : List.of(c1, c2, c3, s1, s2)) s.close();
            assertThatThrownBy(() -> await(c1.read(new byte[1], 0, 1))).isInstanceOf(ClosedChannelException.class);
            return null;
        }));
    }

    @Test
    void atItsSocketLimitAHostFailsToOpenMoreAndAnAcceptPausesUntilOneCloses() {
        run(11, sim -> Weft.async(() -> {
            SimNet net = sim.net();
            SimHost b = net.host("b").maxSockets(2);
            TcpListener l = listenOn(b, 5000);
            Task<List<TcpStream>> acceptor = b.spawn(Weft.async(() -> {
                List<TcpStream> got = new ArrayList<>();
                got.add(await(l.accept()));
                got.add(await(l.accept())); // over the limit: pauses, retries, gets it after a close
                return got;
            }));
            TcpStream c1 = await(TcpStream.connect("b", 5000));
            TcpStream c2 = await(TcpStream.connect("b", 5000)); // completes: it waits in the backlog
            await(Time.sleep(Duration.ofSeconds(1)));
            assertThat(acceptor.isDone()).isFalse();
            assertThat(l.acceptErrors()).isPositive();
            Task<Void> tooMany = b.spawn(Weft.async(() -> {
                assertThatThrownBy(() -> UdpSocket.bind(new InetSocketAddress(0)))
                        .isInstanceOf(IOException.class).hasMessage("Too many open files");
                return null;
            }));
            await(tooMany);
            l.close(); // frees a socket: the paused accept... finds the listener closed
            assertThatThrownBy(() -> await(acceptor)).isInstanceOf(ClosedChannelException.class);
            assertThatThrownBy(() -> await(c2.read(new byte[1], 0, 1))).isInstanceOf(SocketException.class);
            c1.close();
            c2.close();
            return null;
        }));
    }

    @Test
    void anAcceptAtTheSocketLimitGetsTheConnectionOnceASocketCloses() {
        run(12, sim -> Weft.async(() -> {
            SimHost b = sim.net().host("b").maxSockets(2);
            TcpListener l = listenOn(b, 5000);
            Task<TcpStream> first = b.spawn(Weft.async(() -> await(l.accept())));
            TcpStream c1 = await(TcpStream.connect("b", 5000));
            TcpStream s1 = await(first);
            Task<TcpStream> second = b.spawn(Weft.async(() -> await(l.accept())));
            TcpStream c2 = await(TcpStream.connect("b", 5000));
            await(Time.sleep(Duration.ofSeconds(1)));
            assertThat(second.isDone()).isFalse();
            s1.close();
            TcpStream s2 = await(second);
            assertThat(s2.remoteAddress()).isEqualTo(c2.localAddress());
            assertThat(b.openSockets()).isEqualTo(2);
            c1.close();
            c2.close();
            s2.close();
            return null;
        }));
    }

    @Test
    void aConnectBeyondAFullBacklogWaitsForAnAccept() {
        run(13, sim -> Weft.async(() -> {
            TcpListener l = TcpListener.bind(new InetSocketAddress("127.0.0.1", 0), 1);
            int port = l.localAddress().getPort();
            TcpStream c1 = await(TcpStream.connect("127.0.0.1", port));
            Task<TcpStream> c2 = Task.spawn(TcpStream.connect("127.0.0.1", port));
            await(Time.sleep(Duration.ofSeconds(5)));
            assertThat(c2.isDone()).isFalse();
            TcpStream s1 = await(l.accept());
            TcpStream second = await(c2);
            TcpStream s2 = await(l.accept());
            assertThat(s1.remoteAddress()).isEqualTo(c1.localAddress());
            assertThat(s2.remoteAddress()).isEqualTo(second.localAddress());
            return null;
        }));
    }

    @Test
    void closingAListenerFailsItsAcceptAndResetsConnectionsNotYetAccepted() {
        run(14, sim -> Weft.async(() -> {
            TcpListener l = TcpListener.bind("127.0.0.1", 0);
            TcpStream c = await(TcpStream.connect("127.0.0.1", l.localAddress().getPort()));
            // the first accept takes c's end, the second waits
            Task<TcpStream> waiting = Task.spawn(l.accept().then(s -> l.accept()));
            await(Time.sleep(Duration.ofMillis(5)));
            l.close();
            assertThatThrownBy(() -> await(waiting)).isInstanceOf(ClosedChannelException.class);
            TcpListener l2 = TcpListener.bind("127.0.0.1", 0);
            TcpStream c2 = await(TcpStream.connect("127.0.0.1", l2.localAddress().getPort()));
            l2.close(); // c2's end was in the backlog
            assertThatThrownBy(() -> await(c2.read(new byte[1], 0, 1))).isInstanceOf(SocketException.class);
            c.close();
            c2.close();
            return null;
        }));
    }

    @Test
    void udpDatagramsCrossHostsAreReorderedByALatencySpreadAndLostAtTheDropRate() {
        int[] stats = run(15, sim -> Weft.async(() -> {
            SimNet net = sim.net();
            SimHost b = net.host("b");
            SimLink link = net.link(net.defaultHost(), b).latency(Duration.ofMillis(1), Duration.ofMillis(20)).udpDropRate(0.2);
            Task<UdpSocket> bound = b.spawn(Weft.async(() -> UdpSocket.bind(new InetSocketAddress("0.0.0.0", 53))));
            UdpSocket server = await(bound);
            UdpSocket client = UdpSocket.bind(new InetSocketAddress(0));
            for (int i = 0; i < 200; i++) {
                assertThat(await(client.sendTo(ByteBuffer.wrap(new byte[] {(byte) i}), b.address(53)))).isEqualTo(1);
            }
            List<Integer> got = new ArrayList<>();
            while (true) {
                ByteBuffer buf = ByteBuffer.allocate(16);
                SocketAddress from;
                try {
                    from = await(Time.timeout(server.receiveFrom(buf), Duration.ofSeconds(1)));
                } catch (TimeoutException end) {
                    break;
                }
                assertThat(from).isEqualTo(new InetSocketAddress(net.defaultHost().address(), client.localAddress().getPort()));
                got.add(buf.get(0) & 0xff);
            }
            int inversions = 0;
            for (int i = 1; i < got.size(); i++) if (got.get(i) < got.get(i - 1)) inversions++;
            assertThat(new HashSet<>(got)).hasSize(got.size()); // none twice
            assertThat(link.udpDropRate()).isEqualTo(0.2);
            return new int[] {got.size(), inversions, (int) net.datagramsLost()};
        }));
        assertThat(stats[0] + stats[2]).isEqualTo(200);
        assertThat(stats[0]).isBetween(130, 185); // 200 * 0.8 = 160 expected
        assertThat(stats[1]).isPositive();
    }

    @Test
    void aPartitionLosesDatagramsAConnectedSocketHearsOnlyItsPeerAndBigOnesAreRefused() {
        run(16, sim -> Weft.async(() -> {
            SimNet net = sim.net();
            SimHost b = net.host("b");
            Task<UdpSocket> bound = b.spawn(Weft.async(() -> UdpSocket.bind(new InetSocketAddress("0.0.0.0", 53))));
            UdpSocket server = await(bound);
            UdpSocket peer = UdpSocket.bind(new InetSocketAddress(0));
            UdpSocket stranger = UdpSocket.bind(new InetSocketAddress(0));
            server.connect(new InetSocketAddress(net.defaultHost().address(), peer.localAddress().getPort()));
            peer.connect(b.address(53));
            net.partition(net.defaultHost(), b);
            await(peer.send(ByteBuffer.wrap(ascii("lost"))));
            net.repairAll();
            await(stranger.sendTo(ByteBuffer.wrap(ascii("not you")), b.address(53)));
            await(peer.send(ByteBuffer.wrap(ascii("hello there"))));
            await(Time.sleep(Duration.ofMillis(50))); // all arrived or lost
            ByteBuffer small = ByteBuffer.allocate(5);
            assertThat(await(server.receive(small))).isEqualTo(5); // cut to the room
            assertThat(new String(small.array(), StandardCharsets.US_ASCII)).isEqualTo("hello");
            assertThat(net.datagramsLost()).isEqualTo(2);
            assertThatThrownBy(() -> await(peer.send(ByteBuffer.allocate(70_000))))
                    .isInstanceOf(IOException.class).hasMessageContaining("Message too long");
            server.close();
            assertThatThrownBy(() -> await(server.receive(ByteBuffer.allocate(1)))).isInstanceOf(ClosedChannelException.class);
            return null;
        }));
    }

    /** Clients and a server on three hosts with partitions, resets and a lossy, jittery link. */
    static Future<String> networkScenario(SimRuntime sim) {
        return Weft.async(() -> {
            SimNet net = sim.net();
            SimHost server = net.host("server");
            net.defaultLink().latency(Duration.ofMillis(1), Duration.ofMillis(30));
            TcpListener l = listenOn(server, 7);
            server.spawn(Weft.async(() -> {
                while (true) {
                    TcpStream c = await(l.accept());
                    Task.spawn(Future.lazy(() -> AsyncIo.copy(c, c)).map(n -> null).catching(IOException.class, e -> null))
                            .detach();
                }
            })).detach();
            StringBuilder log = new StringBuilder();
            List<Task<String>> clients = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                SimHost h = net.host("client" + i);
                int id = i;
                clients.add(h.spawn(Weft.async(() -> {
                    try (TcpStream c = await(Time.timeout(TcpStream.connect("server", 7), Duration.ofSeconds(5)))) {
                        byte[] m = new byte[1000 + sim.random().nextInt(50_000)];
                        sim.random().nextBytes(m);
                        // the writer's failure is the connection's, which the read reports
                        Task<Void> w = Task.spawn(c.writeAll(m, 0, m.length).catching(IOException.class, e -> null));
                        byte[] back = new byte[m.length];
                        await(Time.timeout(c.readExact(back, 0, back.length), Duration.ofSeconds(10)));
                        await(w);
                        return id + (Arrays.equals(m, back) ? " ok" : " CORRUPT");
                    } catch (IOException | TimeoutException e) {
                        return id + " " + e.getClass().getSimpleName();
                    }
                })));
            }
            for (int k = 0; k < 5; k++) {
                await(Time.sleep(Duration.ofMillis(sim.random().nextInt(1, 20))));
                SimHost h = net.host("client" + sim.random().nextInt(4));
                switch (sim.random().nextInt(3)) {
                    case 0 -> net.partition(h, server);
                    case 1 -> net.reset(h, server);
                    default -> net.repairAll();
                }
            }
            net.repairAll();
            for (Task<String> t : clients) log.append(await(t)).append(';');
            return log.toString();
        });
    }

    @Test
    void aNetworkRunIsTheSameForTheSameSeedAndDiffersAcrossSeedsAndNeverCorruptsAByte() {
        Set<Long> hashes = new HashSet<>();
        Set<String> outcomes = new HashSet<>();
        for (long seed = 0; seed < 30; seed++) {
            long[] h = new long[2];
            String[] out = new String[2];
            for (int run = 0; run < 2; run++) {
                try (SimRuntime sim = SimRuntime.builder(seed).spuriousWakeRate(0.01).build()) {
                    out[run] = sim.run(networkScenario(sim));
                    h[run] = sim.traceHash();
                }
            }
            assertThat(h[1]).as("seed %d", seed).isEqualTo(h[0]);
            assertThat(out[1]).isEqualTo(out[0]).doesNotContain("CORRUPT");
            hashes.add(h[0]);
            outcomes.add(out[0]);
        }
        assertThat(hashes).hasSize(30);
        assertThat(outcomes.size()).isGreaterThan(1); // the faults hit different clients
    }
}
