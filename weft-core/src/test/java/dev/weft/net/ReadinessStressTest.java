package dev.weft.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.exec.WeftRuntime;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Timeout;

/**
 * Stress of the reactor's readiness protocol (interest kept armed after a wake, the streams'
 * short-read/short-write readiness cache): many connections doing random ping-pong, every byte
 * verified, bounded in time. A lost wake-up shows as a connection that never finishes (the
 * timeout fails the test).
 *
 * <p>Run on every poller: NIO's level-triggered selector with interest kept armed, the native
 * epoll poller's edge-triggered readiness (the tick that makes a call retry when a report came
 * during it), and io_uring's completions (a recv in flight per reader, a send per writer). The server is Weft (2 workers): each connection echoes with {@code pollRead}/{@code
 * pollWrite} through buffer windows of random size, so reads are sometimes exactly full (the
 * cache stays "may be ready") and sometimes short ("drained": the next read waits without a
 * system call), and some connections get a tiny send buffer so that writes come out short. The
 * clients are virtual threads on blocking sockets (the JDK's own poller, independent of the
 * reactor under test): each sends messages of random size, sometimes in several pieces with a
 * yield in between (bytes arriving right after a short read), and reads the whole echo back.
 */
class ReadinessStressTest {
    private static final boolean STRESS = Boolean.getBoolean("weft.stress");

    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    @Timeout(60)
    void randomPingPongOnManyConnectionsLosesNoWakeupAndNoByte(IoPoller poller) throws Exception {
        run(poller, STRESS ? 500 : 100, STRESS ? 1000 : 100);
    }

    /**
     * Few connections, many rounds: here a missed readiness is not rescued by the traffic of other
     * connections waking the selector, so a lost wake-up hangs the test.
     */
    @ParameterizedTest
    @EnumSource(names = {"NIO", "EPOLL", "IO_URING"})
    @Timeout(60)
    void randomPingPongOnTwoConnectionsLosesNoWakeup(IoPoller poller) throws Exception {
        run(poller, 2, STRESS ? 100_000 : 5_000);
    }

    private static void run(IoPoller poller, int conns, int rounds) throws Exception {
        Pollers.assumeAvailable(poller);
        AtomicLong serverEchoed = new AtomicLong();
        ConcurrentHashMap<Integer, Throwable> serverFailures = new ConcurrentHashMap<>();
        try (WeftRuntime rt = WeftRuntime.builder().workers(2).poller(poller).threadNamePrefix("readiness-stress-").build();
                // bound on the runtime, so the listener and its connections are on the poller under test
                TcpListener l = rt.blockOn((Future<TcpListener>) cx -> Poll.ready(TcpListener.bind(new InetSocketAddress("127.0.0.1", 0))))) {
            InetSocketAddress addr = l.localAddress();
            rt.spawn(new AcceptAll(l, rt, conns, serverEchoed, serverFailures)).detach();
            AtomicReference<Throwable> clientFailure = new AtomicReference<>();
            AtomicLong clientBytes = new AtomicLong();
            List<Thread> clients = new ArrayList<>();
            for (int c = 0; c < conns; c++) {
                int id = c;
                clients.add(Thread.ofVirtual().start(() -> {
                    try {
                        clientBytes.addAndGet(pingPong(addr, id, rounds));
                    } catch (Throwable t) {
                        clientFailure.compareAndSet(null, t);
                    }
                }));
            }
            for (Thread t : clients) t.join();
            assertThat(clientFailure.get()).isNull();
            Conditions.await("every server connection ended", java.time.Duration.ofSeconds(30),
                    () -> serverEchoed.get() == clientBytes.get() || !serverFailures.isEmpty());
            assertThat(serverFailures).isEmpty();
            assertEquals(clientBytes.get(), serverEchoed.get(), "the server echoed exactly what the clients sent");
        }
    }

    /** One client: {@code rounds} messages of random size and pieces; returns the bytes sent. */
    private static long pingPong(InetSocketAddress addr, int id, int rounds) throws IOException {
        SplittableRandom rnd = new SplittableRandom(id * 7919L + 1);
        long sent = 0;
        try (SocketChannel ch = SocketChannel.open(addr)) {
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ByteBuffer in = ByteBuffer.allocate(32 * 1024);
            for (int r = 0; r < rounds; r++) {
                int size = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(16 * 1024) : 1 + rnd.nextInt(128);
                byte[] msg = new byte[size];
                for (int i = 0; i < size; i++) msg[i] = TcpEchoTest.pattern(id, sent + i);
                int pieces = rnd.nextInt(3) == 0 ? 2 + rnd.nextInt(3) : 1;
                int off = 0;
                for (int p = 0; p < pieces; p++) {
                    int end = p == pieces - 1 ? size : off + (size - off) / 2;
                    ByteBuffer out = ByteBuffer.wrap(msg, off, end - off);
                    while (out.hasRemaining()) ch.write(out);
                    off = end;
                    if (p < pieces - 1) Thread.yield(); // let the server read the first piece alone
                }
                in.clear().limit(size);
                while (in.hasRemaining()) {
                    if (ch.read(in) < 0) throw new IOException("connection " + id + " ended early in round " + r);
                }
                for (int i = 0; i < size; i++) {
                    if (in.get(i) != msg[i]) {
                        throw new AssertionError("connection " + id + " round " + r + " byte " + i + " differs");
                    }
                }
                sent += size;
            }
            ch.shutdownOutput();
            in.clear();
            if (ch.read(in) != -1) throw new AssertionError("connection " + id + ": bytes after the last echo");
        }
        return sent;
    }

    /** Accepts {@code n} connections and spawns an {@link RandomWindowEcho} for each. */
    private static final class AcceptAll implements Future<Void> {
        private final TcpListener l;
        private final WeftRuntime rt;
        private final AtomicLong echoed;
        private final ConcurrentHashMap<Integer, Throwable> failures;
        private int left;
        private int next;
        private Future<TcpStream> accept;

        AcceptAll(TcpListener l, WeftRuntime rt, int n, AtomicLong echoed, ConcurrentHashMap<Integer, Throwable> failures) {
            this.l = l;
            this.rt = rt;
            this.left = n;
            this.echoed = echoed;
            this.failures = failures;
        }

        @Override
        public Poll<Void> poll(Context cx) throws Exception {
            while (left > 0) {
                if (accept == null) accept = l.accept();
                if (!(accept.poll(cx) instanceof Poll.Ready<TcpStream>(TcpStream s))) return Poll.pending();
                accept = null;
                left--;
                int id = next++;
                s.setNoDelay(true);
                if (id % 4 == 0) s.setOption(StandardSocketOptions.SO_SNDBUF, 4096); // short writes
                rt.spawn(new RandomWindowEcho(id, s, echoed, failures)).detach();
            }
            return Poll.ready(null);
        }

        @Override
        public void cancel() {
            if (accept != null) accept.cancel();
        }
    }

    /**
     * Echoes through windows of random size: reads into {@code [pos, pos + w)} of its buffer for a
     * random {@code w} (some reads fill the window exactly, others come out short), writes the
     * bytes back in windows of random size too, until end of stream; then shuts its output down.
     */
    private static final class RandomWindowEcho implements Future<Void> {
        private final int id;
        private final TcpStream s;
        private final AtomicLong echoed;
        private final ConcurrentHashMap<Integer, Throwable> failures;
        private final ByteBuffer buf = ByteBuffer.allocate(8 * 1024);
        private final SplittableRandom rnd;
        private boolean reading = true;

        RandomWindowEcho(int id, TcpStream s, AtomicLong echoed, ConcurrentHashMap<Integer, Throwable> failures) {
            this.id = id;
            this.s = s;
            this.echoed = echoed;
            this.failures = failures;
            this.rnd = new SplittableRandom(id);
        }

        @Override
        public Poll<Void> poll(Context cx) throws IOException {
            try {
                while (true) {
                    if (reading) {
                        buf.clear().limit(1 + rnd.nextInt(buf.capacity()));
                        if (!(s.pollRead(cx, buf) instanceof Poll.Ready<Integer>(Integer n))) return Poll.pending();
                        if (n < 0) {
                            s.shutdownOutput();
                            s.close();
                            return Poll.ready(null);
                        }
                        buf.flip();
                        reading = false;
                    }
                    while (buf.hasRemaining()) {
                        int end = buf.limit();
                        buf.limit(Math.min(end, buf.position() + 1 + rnd.nextInt(buf.capacity())));
                        Poll<Integer> w = s.pollWrite(cx, buf);
                        buf.limit(end);
                        if (!(w instanceof Poll.Ready<Integer>(Integer n))) return Poll.pending();
                        echoed.addAndGet(n);
                    }
                    reading = true;
                }
            } catch (IOException | RuntimeException e) {
                failures.put(id, e);
                s.close();
                throw e;
            }
        }

        @Override
        public void cancel() {
            try {
                s.close();
            } catch (IOException e) {
                failures.put(id, e);
            }
        }
    }
}
