package dev.weft.bench.echo;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * W6's load generator, one program for every server: {@code C} connections, each sends a 64-byte
 * message and waits for the whole echo, verifies every byte, and sends the next; after a warm-up,
 * counts round trips for {@code D} seconds and records each round trip's latency.
 *
 * <p>One thread and one NIO selector drive all connections, so the generator costs the same
 * whatever server it drives. Prints {@code MEASURING} when the warm-up ends and {@code MEASURED}
 * when the measured interval does (so that a caller can sample the server's CPU time over it),
 * then one line:
 * {@code LOAD rtps=<round trips/s> p50_us=<..> p99_us=<..> n=<round trips>}; exits non-zero if an
 * echo differed or a connection failed.
 *
 * <pre>
 * java -cp weft-bench/target/weft-bench.jar dev.weft.bench.echo.EchoLoadGenerator \
 *     --port 7000 --connections 100 --seconds 10 --warmup 2
 * </pre>
 */
public final class EchoLoadGenerator {
    static final int MESSAGE = 64;

    private EchoLoadGenerator() {}

    /** One connection: the message in flight and the bytes of its echo received so far. */
    private static final class Conn {
        final SocketChannel ch;
        final int seed;
        final ByteBuffer out = ByteBuffer.allocate(MESSAGE);
        final ByteBuffer in = ByteBuffer.allocate(MESSAGE);
        long round;
        long sentAt;

        Conn(SocketChannel ch, int seed) {
            this.ch = ch;
            this.seed = seed;
        }

        byte expected(int i) {
            return (byte) (seed * 131 + round * 7 + i);
        }

        void send() throws IOException {
            out.clear();
            for (int i = 0; i < MESSAGE; i++) out.put(expected(i));
            out.flip();
            sentAt = System.nanoTime();
            while (out.hasRemaining()) {
                if (ch.write(out) == 0) throw new IOException("a 64-byte write would block: the server stopped reading");
            }
            in.clear();
        }
    }

    public static void main(String[] args) throws Exception {
        int port = 7000;
        int connections = 100;
        double seconds = 10;
        double warmup = 2;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--connections" -> connections = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Double.parseDouble(args[++i]);
                case "--warmup" -> warmup = Double.parseDouble(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        InetSocketAddress addr = new InetSocketAddress("127.0.0.1", port);
        Selector sel = Selector.open();
        List<Conn> conns = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            SocketChannel ch = SocketChannel.open(addr);
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.configureBlocking(false);
            Conn conn = new Conn(ch, c);
            ch.register(sel, SelectionKey.OP_READ, conn);
            conns.add(conn);
        }
        Histogram hist = new Histogram(60_000_000L, 3); // microseconds, up to a minute
        long start = System.nanoTime();
        long measureFrom = start + (long) (warmup * 1e9);
        long end = measureFrom + (long) (seconds * 1e9);
        long measured = 0;
        boolean measuring = false;
        for (Conn c : conns) c.send();
        long now = start;
        while (now < end) {
            sel.select(Math.max(1, ((measuring ? end : measureFrom) - now) / 1_000_000));
            now = System.nanoTime();
            if (!measuring && now >= measureFrom) {
                measuring = true;
                System.out.println("MEASURING");
                System.out.flush();
            }
            var it = sel.selectedKeys().iterator();
            while (it.hasNext()) {
                SelectionKey k = it.next();
                it.remove();
                Conn c = (Conn) k.attachment();
                int n = c.ch.read(c.in);
                if (n < 0) throw new IOException("server closed connection " + c.seed);
                if (c.in.hasRemaining()) continue;
                for (int i = 0; i < MESSAGE; i++) {
                    if (c.in.get(i) != c.expected(i)) {
                        throw new IOException("echo differs: connection " + c.seed + " round " + c.round + " byte " + i);
                    }
                }
                if (c.sentAt >= measureFrom && now <= end) {
                    hist.recordValue(Math.max(1, (now - c.sentAt) / 1000));
                    measured++;
                }
                c.round++;
                c.send();
            }
        }
        double measuredSeconds = (end - measureFrom) / 1e9;
        System.out.println("MEASURED");
        System.out.flush();
        for (Conn c : conns) c.ch.close();
        System.out.println(String.format(Locale.ROOT, "LOAD rtps=%.1f p50_us=%d p99_us=%d n=%d",
                measured / measuredSeconds, hist.getValueAtPercentile(50), hist.getValueAtPercentile(99), measured));
    }
}
