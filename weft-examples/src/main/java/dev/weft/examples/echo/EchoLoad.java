package dev.weft.examples.echo;

import dev.weft.Weft;
import dev.weft.net.TcpStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A small built-in echo load generator: {@code C} connections each send a 64-byte message, wait
 * for the whole echo, check every byte, and repeat for the given time; reports round trips per
 * second and latency percentiles. The demo uses it; the benchmark W6 has its own, separate-process
 * generator in {@code weft-bench}.
 *
 * {@snippet :
 * EchoLoad.Result r = EchoLoad.run(7000, 50, Duration.ofSeconds(3));
 * System.out.println(r); // e.g. "41234 round trips/s, p50 1180 us, p99 2900 us"
 * }
 */
public final class EchoLoad {
    /** The message size, as in W6. */
    public static final int MESSAGE = 64;

    private EchoLoad() {}

    /**
     * What a run measured.
     *
     * @param roundTripsPerSecond verified round trips per second over the run
     * @param p50Micros median round-trip latency in microseconds
     * @param p99Micros 99th percentile round-trip latency in microseconds
     * @param roundTrips the number of verified round trips
     */
    public record Result(double roundTripsPerSecond, long p50Micros, long p99Micros, long roundTrips) {
        @Override
        public String toString() {
            return String.format("%.0f round trips/s, p50 %d us, p99 %d us (%d round trips)",
                    roundTripsPerSecond, p50Micros, p99Micros, roundTrips);
        }
    }

    /**
     * Drives an echo server on 127.0.0.1.
     *
     * @param port the server's port
     * @param connections how many connections at once
     * @param duration how long to drive
     * @return the measurement
     * @throws Exception if a connection failed or an echo differed from what was sent
     */
    public static Result run(int port, int connections, Duration duration) throws Exception {
        InetSocketAddress addr = new InetSocketAddress("127.0.0.1", port);
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Client> clients = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            Client client = new Client(addr, c, end);
            clients.add(client);
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    client.drive();
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        for (Thread t : threads) t.join();
        long elapsed = System.nanoTime() - start;
        if (failure.get() != null) throw new IOException("echo load failed", failure.get());
        int total = 0;
        for (Client c : clients) total += c.count;
        long[] all = new long[total];
        int at = 0;
        for (Client c : clients) {
            System.arraycopy(c.latencies, 0, all, at, c.count);
            at += c.count;
        }
        Arrays.sort(all);
        long p50 = total == 0 ? 0 : all[(int) (total * 0.50)] / 1000;
        long p99 = total == 0 ? 0 : all[Math.min(total - 1, (int) (total * 0.99))] / 1000;
        return new Result(total * 1e9 / elapsed, p50, p99, total);
    }

    /** One connection of the load: its own message pattern and latency samples (its thread only). */
    private static final class Client {
        private final InetSocketAddress addr;
        private final int seed;
        private final long end;
        long[] latencies = new long[4096];
        int count;

        Client(InetSocketAddress addr, int seed, long end) {
            this.addr = addr;
            this.seed = seed;
            this.end = end;
        }

        void drive() throws IOException {
            try (TcpStream s = Weft.blockOn(TcpStream.connect(addr))) {
                s.setNoDelay(true);
                byte[] out = new byte[MESSAGE];
                byte[] in = new byte[MESSAGE];
                ByteBuffer outBuf = ByteBuffer.wrap(out);
                ByteBuffer inBuf = ByteBuffer.wrap(in);
                for (long round = 0; System.nanoTime() < end; round++) {
                    for (int i = 0; i < MESSAGE; i++) out[i] = (byte) (seed * 31 + round * 7 + i);
                    long t0 = System.nanoTime();
                    outBuf.clear();
                    Weft.blockOn(s.writeAll(outBuf));
                    inBuf.clear();
                    Weft.blockOn(s.readExact(in, 0, MESSAGE));
                    long t = System.nanoTime() - t0;
                    if (!Arrays.equals(out, in)) throw new IOException("echo differs on round " + round);
                    if (count == latencies.length) latencies = Arrays.copyOf(latencies, count * 2);
                    latencies[count++] = t;
                }
                s.shutdownOutput();
            }
        }
    }
}
