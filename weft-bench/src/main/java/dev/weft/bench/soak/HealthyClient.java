package dev.weft.bench.soak;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/**
 * One healthy echo client, run on a virtual thread: random payloads (1 to {@code maxPayload}
 * bytes of random content) written whole, read back whole and compared byte for byte, until
 * {@link #stop()}; over a plain socket to the echo server, or (framed: each payload after its
 * 4-byte length) over a TLS socket to the {@link TlsEchoServer}. A read or write error (or 30 s without an answer) counts in {@link Counters#errors}
 * and the client reconnects; a wrong byte counts in {@link Counters#mismatches}.
 */
final class HealthyClient implements Runnable {
    /** What all the healthy clients of one run add up. */
    static final class Counters {
        final LongAdder roundTrips = new LongAdder();
        final LongAdder errors = new LongAdder();
        final LongAdder mismatches = new LongAdder();
        final LongAdder connected = new LongAdder();
        final ConcurrentLinkedQueue<String> firstErrors = new ConcurrentLinkedQueue<>();

        void error(String what) {
            errors.increment();
            if (firstErrors.size() < 10) {
                firstErrors.add(what);
            }
        }
    }

    /** How a client opens its connection: a plain socket, or a TLS socket with its handshake done. */
    @FunctionalInterface
    interface Opener {
        Socket open() throws IOException;
    }

    private final Opener opener;
    private final boolean framed;
    private final int maxPayload;
    private final long seed;
    private final Counters counters;
    private final LongConsumer latencyNanos;
    private volatile boolean stopped;
    private volatile Socket socket;

    HealthyClient(int port, int maxPayload, long seed, Counters counters, LongConsumer latencyNanos) {
        this(() -> {
            Socket s = new Socket();
            s.connect(new InetSocketAddress("127.0.0.1", port), 30_000);
            return s;
        }, false, maxPayload, seed, counters, latencyNanos);
    }

    /** A client that opens its connections with {@code opener}; {@code framed}: each payload goes after its length. */
    HealthyClient(Opener opener, boolean framed, int maxPayload, long seed, Counters counters, LongConsumer latencyNanos) {
        this.opener = opener;
        this.framed = framed;
        this.maxPayload = maxPayload;
        this.seed = seed;
        this.counters = counters;
        this.latencyNanos = latencyNanos;
    }

    /** Connects once, so that a run starts with its connections open; run() reuses it. */
    void connect() throws IOException {
        Socket s = opener.open();
        s.setSoTimeout(30_000);
        s.setTcpNoDelay(true);
        socket = s;
        counters.connected.increment();
    }

    void stop() {
        stopped = true;
        Sockets.closeQuietly(socket);
    }

    /** Stops every client and waits for its thread, 10 s at most each. */
    static void stopAll(List<HealthyClient> clients, List<Thread> threads) throws InterruptedException {
        for (HealthyClient h : clients) {
            h.stop();
        }
        for (Thread t : threads) {
            t.join(10_000);
        }
    }

    @Override
    public void run() {
        SplittableRandom rnd = new SplittableRandom(seed);
        int off = framed ? 4 : 0;
        byte[] out = new byte[off + maxPayload];
        byte[] back = new byte[maxPayload];
        while (!stopped) {
            try {
                if (socket == null) {
                    connect();
                }
                Socket s = socket;
                OutputStream o = s.getOutputStream();
                InputStream i = s.getInputStream();
                while (!stopped) {
                    int n = 1 + rnd.nextInt(maxPayload);
                    for (int k = off; k < off + n; k++) {
                        out[k] = (byte) rnd.nextInt();
                    }
                    if (framed) {
                        ByteBuffer.wrap(out).putInt(0, n);
                    }
                    long t0 = System.nanoTime();
                    o.write(out, 0, off + n);
                    for (int got = 0; got < n; ) {
                        int r = i.read(back, got, n - got);
                        if (r < 0) {
                            throw new IOException("end of stream after " + got + " of " + n + " bytes");
                        }
                        got += r;
                    }
                    latencyNanos.accept(System.nanoTime() - t0);
                    if (!Arrays.equals(out, off, off + n, back, 0, n)) {
                        counters.mismatches.increment();
                        if (counters.firstErrors.size() < 10) {
                            counters.firstErrors.add("mismatch in a payload of " + n + " bytes");
                        }
                    }
                    counters.roundTrips.increment();
                }
            } catch (IOException e) {
                if (!stopped) {
                    counters.error(e.toString());
                    Socket s = socket;
                    socket = null;
                    try {
                        if (s != null) {
                            s.close();
                        }
                    } catch (IOException ignored) {
                        // already broken
                    }
                }
            }
        }
    }
}
