package dev.weft.coro.styled;

import static dev.weft.Weft.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.Weft;
import dev.weft.exec.WeftRuntime;
import dev.weft.net.TcpStream;
import dev.weft.task.Task;
import dev.weft.time.Time;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code dev.weft.net.TcpEchoTest} rewritten in straight-line coroutine style: server and clients
 * are coroutines ({@link Weft#async}) that read, write and loop with {@code await}, on two 2-worker
 * runtimes. Every byte is verified; a reset peer fails only its own connection; a read with a
 * timeout gives up without harming the connection.
 */
@Timeout(120)
class StyledTcpEchoTest {
    /** {@code -Dweft.stress=true}: 200 MB through one connection and 1,000 connections. */
    private static final boolean STRESS = Boolean.getBoolean("weft.stress");

    private WeftRuntime serverRt;
    private WeftRuntime clientRt;
    private StyledEchoServer server;

    @BeforeEach
    void start() throws IOException {
        serverRt = WeftRuntime.builder().workers(2).threadNamePrefix("styled-echo-server-").build();
        clientRt = WeftRuntime.builder().workers(2).threadNamePrefix("styled-echo-client-").build();
        server = new StyledEchoServer(serverRt);
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
        clientRt.close();
        serverRt.close();
    }

    /** Byte {@code i} of the test stream of connection {@code seed}: every byte differs by position. */
    static byte pattern(long seed, long i) {
        long x = (i + seed * 0x9E3779B97F4A7C15L) * 0xBF58476D1CE4E5B9L;
        return (byte) (x ^ (x >>> 29));
    }

    @Test
    void tenMegabytesEchoedThroughOneConnectionEveryByteVerified() throws Exception {
        long total = (STRESS ? 200L : 10L) * 1024 * 1024;
        InetSocketAddress addr = server.address();
        long received = clientRt.blockOn(Weft.async(() -> {
            try (TcpStream c = await(TcpStream.connect(addr))) {
                Task<Void> writer = Task.spawn(Weft.async(() -> {
                    byte[] out = new byte[64 * 1024];
                    for (long sent = 0; sent < total; ) {
                        int n = (int) Math.min(out.length, total - sent);
                        for (int i = 0; i < n; i++) out[i] = pattern(7, sent + i);
                        await(c.writeAll(out, 0, n));
                        sent += n;
                    }
                    c.shutdownOutput();
                    return null;
                }));
                byte[] in = new byte[64 * 1024];
                long got = 0;
                for (int n; (n = await(c.read(in, 0, in.length))) > 0; got += n) {
                    for (int i = 0; i < n; i++) {
                        if (in[i] != pattern(7, got + i)) throw new AssertionError("byte " + (got + i) + " differs");
                    }
                }
                await(writer);
                return got;
            }
        }));
        assertThat(received).isEqualTo(total);
        Conditions.await("server outcome", Duration.ofSeconds(10), () -> server.outcomes.containsKey(0));
        assertThat(server.outcomes.get(0)).isEqualTo(total);
    }

    @Test
    void manyConcurrentConnectionsEachEchoVerified() throws Exception {
        int conns = STRESS ? 1000 : 200;
        int size = 2048;
        InetSocketAddress addr = server.address();
        List<Task<Integer>> clients = new ArrayList<>();
        // for the report of a hang: each client's body thread and how far it got
        Thread[] bodies = new Thread[conns];
        AtomicIntegerArray stage = new AtomicIntegerArray(conns);
        for (int k = 0; k < conns; k++) {
            int seed = k;
            clients.add(clientRt.spawn(Weft.async(() -> {
                bodies[seed] = Thread.currentThread();
                try (TcpStream c = await(TcpStream.connect(addr))) {
                    stage.set(seed, 1);
                    byte[] out = new byte[size];
                    for (int i = 0; i < size; i++) out[i] = pattern(seed, i);
                    await(c.writeAll(out, 0, size));
                    stage.set(seed, 2);
                    byte[] back = new byte[size];
                    await(c.readExact(back, 0, size));
                    stage.set(seed, 3);
                    if (!Arrays.equals(out, back)) throw new AssertionError("connection " + seed + " echoed other bytes");
                    c.shutdownOutput();
                    int eof = await(c.read(new byte[1], 0, 1)); // the server's end of stream
                    stage.set(seed, 4);
                    return eof;
                }
            })));
        }
        try {
            Conditions.await("all clients done", Duration.ofSeconds(60), () -> clients.stream().allMatch(Task::isDone));
        } catch (AssertionError e) {
            throw new AssertionError(hangReport(clients, bodies, stage), e);
        }
        for (Task<Integer> t : clients) assertThat(clientRt.blockOn(t)).isEqualTo(-1);
        Conditions.await("all server outcomes", Duration.ofSeconds(30), () -> server.outcomes.size() == conns);
        for (Object o : server.outcomes.values()) assertThat(o).isEqualTo((long) size);
    }

    /** What the clients that did not finish were doing (stage, task, body thread and its stack). */
    private String hangReport(List<Task<Integer>> clients, Thread[] bodies, AtomicIntegerArray stage) {
        StringBuilder b = new StringBuilder("clients not done (stage 0 connect, 1 write, 2 read, 3 eof):\n");
        for (int k = 0; k < clients.size(); k++) {
            if (clients.get(k).isDone()) continue;
            Thread t = bodies[k];
            b.append("client ").append(k).append(" stage ").append(stage.get(k)).append(' ').append(clients.get(k))
                    .append(" thread ").append(t == null ? "none" : t + " " + t.getState()).append('\n');
            if (t != null) for (StackTraceElement e : t.getStackTrace()) b.append("    at ").append(e).append('\n');
        }
        b.append("server accepted ").append(server.accepted.get()).append(", outcomes ").append(server.outcomes.size()).append('\n');
        Thread.getAllStackTraces().forEach((t, stack) -> {
            if (!t.getName().startsWith("styled-echo-") && !t.getName().startsWith("VirtualThread-")) return;
            b.append("thread ").append(t.getName()).append(' ').append(t.getState()).append('\n');
            for (StackTraceElement e : stack) b.append("    at ").append(e).append('\n');
        });
        b.append("client runtime: ").append(clientRt);
        return b.toString();
    }

    @Test
    void peerResetMidTransferFailsOnlyThatConnection() throws Exception {
        InetSocketAddress addr = server.address();
        try (TcpStream healthy = clientRt.blockOn(TcpStream.connect(addr))) {
            assertThat(clientRt.blockOn(echoOnce(healthy, "before"))).isEqualTo("before");
            Conditions.await("healthy accepted", Duration.ofSeconds(5), () -> server.accepted.get() == 1);
            // The resetting peer: a blocking JDK socket that sends 2 MB without reading the echo,
            // so the server's coroutine is stuck mid-transfer, then aborts with RST.
            try (SocketChannel rude = SocketChannel.open(addr)) {
                byte[] chunk = new byte[64 * 1024];
                for (int i = 0; i < 32; i++) rude.write(ByteBuffer.wrap(chunk));
                rude.setOption(StandardSocketOptions.SO_LINGER, 0);
            }
            Conditions.await("reset connection's outcome", Duration.ofSeconds(20), () -> server.outcomes.containsKey(1));
            assertThat(server.outcomes.get(1)).isInstanceOf(IOException.class);
            assertThat(clientRt.blockOn(echoOnce(healthy, "after"))).isEqualTo("after");
            try (TcpStream late = clientRt.blockOn(TcpStream.connect(addr))) {
                assertThat(clientRt.blockOn(echoOnce(late, "new connection"))).isEqualTo("new connection");
            }
        }
        Conditions.await("healthy outcome", Duration.ofSeconds(5), () -> server.outcomes.containsKey(0));
        assertThat(server.outcomes.get(0)).isEqualTo((long) "beforeafter".length());
    }

    @Test
    void aReadWithATimeoutGivesUpAndTheConnectionStillWorks() throws Exception {
        InetSocketAddress addr = server.address();
        String after = clientRt.blockOn(Weft.async(() -> {
            try (TcpStream c = await(TcpStream.connect(addr))) {
                byte[] buf = new byte[16];
                // Nothing was sent, so nothing comes back: the read must time out.
                assertThatThrownBy(() -> await(Time.timeout(c.read(buf, 0, buf.length), Duration.ofMillis(50))))
                        .isInstanceOf(TimeoutException.class);
                String echoed = await(echoOnce(c, "still here"));
                c.shutdownOutput();
                int end = await(c.read(buf, 0, buf.length));
                return echoed + " " + end;
            }
        }));
        assertThat(after).isEqualTo("still here -1");
        Conditions.await("server outcome", Duration.ofSeconds(5), () -> server.outcomes.containsKey(0));
        assertThat(server.outcomes.get(0)).isEqualTo((long) "still here".length());
    }

    /** Sends {@code msg} and reads exactly its echo back, as a coroutine. */
    private static dev.weft.future.Future<String> echoOnce(TcpStream s, String msg) {
        return Weft.async(() -> {
            byte[] out = msg.getBytes(StandardCharsets.UTF_8);
            await(s.writeAll(out, 0, out.length));
            byte[] back = new byte[out.length];
            await(s.readExact(back, 0, back.length));
            return new String(back, StandardCharsets.UTF_8);
        });
    }
}
