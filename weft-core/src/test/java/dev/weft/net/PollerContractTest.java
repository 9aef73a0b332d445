package dev.weft.net;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.future.Future;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The reactor contract, run against every poller ({@link IoPoller#NIO}, {@link IoPoller#EPOLL} and
 * {@link IoPoller#IO_URING}, skipped with the probe's reason where the kernel refuses io_uring):
 * what a socket user relies on, whichever reactor serves the runtime. Every byte is compared;
 * every wait ends by an event the test caused (data, a close, a reset), never by a sleep.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PollerContractTest {
    private static final InetSocketAddress ANY_LOOPBACK = new InetSocketAddress("127.0.0.1", 0);

    private static <T> T run(IoPoller poller, Callable<T> body) {
        Pollers.assumeAvailable(poller);
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).poller(poller).threadNamePrefix("contract-" + poller + "-").build()) {
            assertThat(rt.poller()).isEqualTo(poller);
            return rt.blockOn(Weft.async(body));
        }
    }

    private static byte pattern(int seed, long i) {
        long x = (i + seed * 0x9E3779B97F4A7C15L) * 0xBF58476D1CE4E5B9L;
        return (byte) (x ^ (x >>> 29));
    }

    /** Echoes every connection it accepts until end of stream, then half-closes. */
    private static Future<Void> echoServer(TcpListener l, int connections) {
        return Weft.async(() -> {
            List<Task<Void>> served = new ArrayList<>();
            for (int c = 0; c < connections; c++) {
                TcpStream s = await(l.accept());
                served.add(Task.spawn(Weft.async(() -> {
                    try (s) {
                        ByteBuffer buf = ByteBuffer.allocate(16 * 1024);
                        while (await(s.read(buf.clear())) >= 0) await(s.writeAll(buf.flip()));
                        s.shutdownOutput();
                    }
                    return null;
                })));
            }
            for (Task<Void> t : served) await(t);
            return null;
        }).map(v -> null);
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void eightConnectionsEchoAMegabyteEachEveryByteBack(IoPoller poller) {
        long total = 1 << 20;
        long verified = run(poller, () -> {
            try (TcpListener l = TcpListener.bind(ANY_LOOPBACK)) {
                Task<Void> server = Task.spawn(echoServer(l, 8));
                List<Task<Long>> clients = new ArrayList<>();
                for (int c = 0; c < 8; c++) {
                    int seed = c;
                    clients.add(Task.spawn(Weft.async(() -> {
                        try (TcpStream s = await(TcpStream.connect(l.localAddress()))) {
                            s.setNoDelay(true);
                            Task<Void> writer = Task.spawn(Weft.async(() -> {
                                ByteBuffer out = ByteBuffer.allocateDirect(8 * 1024);
                                for (long sent = 0; sent < total; ) {
                                    out.clear();
                                    while (out.hasRemaining() && sent < total) out.put(pattern(seed, sent++));
                                    await(s.writeAll(out.flip()));
                                }
                                s.shutdownOutput();
                                return null;
                            }));
                            ByteBuffer in = ByteBuffer.allocate(5000);
                            long got = 0;
                            for (int n; (n = await(s.read(in.clear()))) >= 0; ) {
                                for (int i = 0; i < n; i++) {
                                    if (in.get(i) != pattern(seed, got + i)) throw new AssertionError("byte " + (got + i) + " of connection " + seed);
                                }
                                got += n;
                            }
                            await(writer);
                            return got;
                        }
                    })));
                }
                long sum = 0;
                for (Task<Long> t : clients) sum += await(t);
                await(server);
                return sum;
            }
        });
        assertThat(verified).isEqualTo(8 * total);
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void aHalfClosedPeerIsReadToItsEndAndStillTakesWrites(IoPoller poller) {
        String reply = run(poller, () -> {
            try (TcpListener l = TcpListener.bind(ANY_LOOPBACK);
                    TcpStream c = await(TcpStream.connect(l.localAddress()));
                    TcpStream s = await(l.accept())) {
                await(c.writeAll(ByteBuffer.wrap("question".getBytes(StandardCharsets.US_ASCII))));
                c.shutdownOutput();
                ByteBuffer in = ByteBuffer.allocate(64);
                while (await(s.read(in)) >= 0) { }
                assertThat(await(s.read(ByteBuffer.allocate(8)))).as("end of stream again").isEqualTo(-1);
                await(s.writeAll(ByteBuffer.wrap("answer".getBytes(StandardCharsets.US_ASCII))));
                s.shutdownOutput();
                ByteBuffer back = ByteBuffer.allocate(64);
                while (await(c.read(back)) >= 0) { }
                return new String(in.array(), 0, in.position(), StandardCharsets.US_ASCII) + "/"
                        + new String(back.array(), 0, back.position(), StandardCharsets.US_ASCII);
            }
        });
        assertThat(reply).isEqualTo("question/answer");
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void aResetPeerFailsTheWaitingReadWithASocketException(IoPoller poller) {
        Throwable failure = run(poller, () -> {
            try (TcpListener l = TcpListener.bind(ANY_LOOPBACK);
                    TcpStream c = await(TcpStream.connect(l.localAddress()));
                    TcpStream s = await(l.accept())) {
                Task<Integer> reader = Task.spawn(c.read(ByteBuffer.allocate(16)));
                await(Time.sleep(Duration.ofMillis(20))); // let the read wait first
                s.setOption(StandardSocketOptions.SO_LINGER, 0);
                s.close(); // linger 0: an RST
                try {
                    int n = await(reader);
                    return new AssertionError("read answered " + n + " after a reset");
                } catch (Exception e) {
                    return e;
                }
            }
        });
        assertThat(failure).isInstanceOf(SocketException.class);
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void writesWaitWhileThePeerDoesNotReadAndResumeWhenItDoes(IoPoller poller) {
        long[] counts = run(poller, () -> {
            try (TcpListener l = TcpListener.bind(ANY_LOOPBACK);
                    TcpStream c = await(TcpStream.connect(l.localAddress()));
                    TcpStream s = await(l.accept())) {
                c.setOption(StandardSocketOptions.SO_SNDBUF, 16 * 1024);
                s.setOption(StandardSocketOptions.SO_RCVBUF, 16 * 1024);
                long total = 8L << 20;
                Task<Long> writer = Task.spawn(Weft.async(() -> {
                    ByteBuffer out = ByteBuffer.allocate(64 * 1024);
                    long sent = 0;
                    while (sent < total) {
                        out.clear().limit((int) Math.min(out.capacity(), total - sent));
                        sent += await(c.write(out));
                    }
                    c.shutdownOutput();
                    return sent;
                }));
                await(Time.sleep(Duration.ofMillis(100)));
                boolean stalled = !writer.isDone();
                ByteBuffer in = ByteBuffer.allocate(64 * 1024);
                long got = 0;
                for (int n; (n = await(s.read(in.clear()))) >= 0; ) got += n;
                return new long[] {stalled ? 1 : 0, got, await(writer)};
            }
        });
        assertThat(counts[0]).as("the writer waited for room").isEqualTo(1);
        assertThat(counts[1]).isEqualTo(counts[2]).isEqualTo(8L << 20);
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void aGatheringWriteTakesHeapDirectAndReadOnlyBuffersInOneCallInOrder(IoPoller poller) {
        String got = run(poller, () -> {
            try (TcpListener l = TcpListener.bind(ANY_LOOPBACK);
                    TcpStream c = await(TcpStream.connect(l.localAddress()));
                    TcpStream s = await(l.accept())) {
                ByteBuffer[] parts = {
                    ByteBuffer.wrap("HTTP/1.1 200 OK\r\n\r\n".getBytes(StandardCharsets.US_ASCII)),
                    ByteBuffer.allocateDirect(5).put("hello".getBytes(StandardCharsets.US_ASCII)).flip(),
                    ByteBuffer.wrap(" world".getBytes(StandardCharsets.US_ASCII)).asReadOnlyBuffer()};
                long total = 19 + 5 + 6;
                long first = await((Future<Long>) cx -> s.pollWriteVectored(cx, parts));
                assertThat(first).as("one poll took all three buffers").isEqualTo(total);
                s.shutdownOutput();
                ByteBuffer in = ByteBuffer.allocate(64);
                while (await(c.read(in)) >= 0) { }
                return new String(in.array(), 0, in.position(), StandardCharsets.US_ASCII);
            }
        });
        assertThat(got).isEqualTo("HTTP/1.1 200 OK\r\n\r\nhello world");
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void aConnectToAClosedPortIsRefused(IoPoller poller) throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Object outcome = run(poller, () -> {
            try (TcpStream s = await(TcpStream.connect(new InetSocketAddress("127.0.0.1", port)))) {
                return "connected to " + s.remoteAddress();
            } catch (ConnectException e) {
                return e;
            }
        });
        assertThat(outcome).isInstanceOf(ConnectException.class);
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void closingAStreamWakesItsWaitingReaderWithClosedChannel(IoPoller poller) {
        Throwable failure = run(poller, () -> {
            try (TcpListener l = TcpListener.bind(ANY_LOOPBACK);
                    TcpStream c = await(TcpStream.connect(l.localAddress()));
                    TcpStream s = await(l.accept())) {
                Task<Integer> reader = Task.spawn(c.read(ByteBuffer.allocate(16)));
                await(Time.sleep(Duration.ofMillis(20)));
                assertThat(c.waiterCount()).as("the read waits in the reactor").isEqualTo(1);
                c.close();
                try {
                    return new AssertionError("read answered " + await(reader));
                } catch (Exception e) {
                    return e;
                }
            }
        });
        assertThat(failure).isInstanceOf(ClosedChannelException.class);
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void aCancelledReadLeavesNoWaiterAndTheNextReadGetsTheBytes(IoPoller poller) {
        String got = run(poller, () -> {
            try (TcpListener l = TcpListener.bind(ANY_LOOPBACK);
                    TcpStream c = await(TcpStream.connect(l.localAddress()));
                    TcpStream s = await(l.accept())) {
                Task<Integer> reader = Task.spawn(c.read(ByteBuffer.allocate(16)));
                await(Time.sleep(Duration.ofMillis(20)));
                assertThat(c.waiterCount()).isEqualTo(1);
                await(reader.cancelAndJoin());
                assertThat(c.waiterCount()).as("the cancelled read left its slot").isZero();
                await(s.writeAll(ByteBuffer.wrap("late".getBytes(StandardCharsets.US_ASCII))));
                ByteBuffer in = ByteBuffer.allocate(16);
                while (in.position() < 4) await(c.read(in));
                return new String(in.array(), 0, in.position(), StandardCharsets.US_ASCII);
            }
        });
        assertThat(got).isEqualTo("late");
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void aHundredConnectsAreAcceptedAndACloseFailsTheWaitingAccept(IoPoller poller) {
        Object[] out = run(poller, () -> {
            TcpListener l = TcpListener.bind(ANY_LOOPBACK);
            List<TcpStream> clients = new ArrayList<>();
            List<TcpStream> accepted = new ArrayList<>();
            try {
                for (int i = 0; i < 100; i++) {
                    clients.add(await(TcpStream.connect(l.localAddress())));
                    accepted.add(await(l.accept()));
                }
                SocketAddress peer = accepted.get(99).remoteAddress();
                boolean samePeer = peer.equals(clients.get(99).localAddress());
                Task<TcpStream> waiting = Task.spawn(l.accept());
                await(Time.sleep(Duration.ofMillis(20)));
                l.close();
                Object failure;
                try {
                    failure = await(waiting);
                } catch (Exception e) {
                    failure = e;
                }
                return new Object[] {accepted.size(), samePeer, failure};
            } finally {
                for (TcpStream s : clients) s.close();
                for (TcpStream s : accepted) s.close();
            }
        });
        assertThat(out[0]).isEqualTo(100);
        assertThat(out[1]).as("accepted remote address = client local address").isEqualTo(true);
        assertThat(out[2]).isInstanceOf(ClosedChannelException.class);
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void datagramsGoBothWaysWithTheSendersAddress(IoPoller poller) {
        String got = run(poller, () -> {
            try (UdpSocket a = UdpSocket.bind(ANY_LOOPBACK); UdpSocket b = UdpSocket.bind(ANY_LOOPBACK)) {
                Task<String> receiver = Task.spawn(Weft.async(() -> {
                    ByteBuffer in = ByteBuffer.allocate(64);
                    SocketAddress from = await(b.receiveFrom(in));
                    return new String(in.array(), 0, in.position(), StandardCharsets.US_ASCII) + " from " + from.equals(a.localAddress());
                }));
                await(Time.sleep(Duration.ofMillis(20)));
                await(a.sendTo(ByteBuffer.wrap("ping".getBytes(StandardCharsets.US_ASCII)), b.localAddress()));
                return await(receiver);
            }
        });
        assertThat(got).isEqualTo("ping from true");
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void optionsAndAddressesReadBackWhatWasSet(IoPoller poller) {
        List<Object> seen = run(poller, () -> {
            try (TcpListener l = TcpListener.bind(ANY_LOOPBACK);
                    TcpStream c = await(TcpStream.connect("localhost", l.localAddress().getPort()));
                    TcpStream s = await(l.accept())) {
                c.setNoDelay(true);
                boolean on = c.noDelay();
                c.setNoDelay(false);
                c.setOption(StandardSocketOptions.SO_KEEPALIVE, true);
                assertThat(c.toString()).contains(switch (poller) {
                    case EPOLL -> "epoll stream";
                    case IO_URING -> "io_uring stream";
                    default -> "SocketChannel";
                });
                return List.of(on, c.noDelay(), c.getOption(StandardSocketOptions.SO_KEEPALIVE),
                        c.remoteAddress().equals(l.localAddress()), s.remoteAddress().equals(c.localAddress()),
                        c.getOption(StandardSocketOptions.SO_RCVBUF) > 0);
            }
        });
        assertThat(seen).containsExactly(true, false, true, true, true, true);
    }

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    void closeOfTheRuntimeClosesItsSocketsAndGivesTheirDescriptorsBack(IoPoller poller) throws Exception {
        Pollers.assumeAvailable(poller);
        long before = openFds();
        WeftRuntime rt = WeftRuntime.builder().workers(1).poller(poller).build();
        TcpListener l = rt.blockOn(Weft.async(() -> TcpListener.bind(ANY_LOOPBACK)));
        int port = l.localAddress().getPort();
        int open = rt.blockOn(Weft.async(() -> {
            for (int i = 0; i < 20; i++) {
                TcpStream c = await(TcpStream.connect(new InetSocketAddress("127.0.0.1", port)));
                await(l.accept());
                assertThat(c.localAddress()).isNotNull();
            }
            return WeftRuntime.current().metrics().sourcesRegistered();
        }));
        assertThat(open).as("listener + 20 clients + 20 accepted").isEqualTo(41);
        rt.close();
        assertThatThrownBy(() -> l.localAddress()).isInstanceOf(ClosedChannelException.class);
        assertThat(openFds()).as("descriptors back to the baseline").isLessThanOrEqualTo(before + 2);
    }

    private static long openFds() throws IOException {
        try (var s = Files.list(Path.of("/proc/self/fd"))) {
            return s.count();
        }
    }
}
