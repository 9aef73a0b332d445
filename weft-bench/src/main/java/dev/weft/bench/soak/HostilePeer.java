package dev.weft.bench.soak;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * One hostile peer of the matrix, run on a virtual thread until {@link #stop()}; what happened
 * to it is in its counters, summed over the peers of a kind and printed by {@link #report}.
 */
final class HostilePeer implements Runnable {
    /** The four kinds of hostile peer the soak runs beside its load. */
    enum Kind {
        /** writes 8 KiB, reads 1 KiB of the echo, then closes with SO_LINGER 0 (a reset); again every 100 ms */
        RESET,
        /** writes 16 MiB (more than the kernel buffers) while it reads one byte a second, with a 4 KiB receive buffer */
        SLOW_READER,
        /** writes until the server stops taking bytes, never reads, with a 4 KiB receive buffer */
        NEVER_READS,
        /** writes 1 to 16 KiB, shuts its output, reads the echo to the end, compares; again every 100 ms */
        HALF_CLOSE
    }

    /** What the peers of one kind add up. */
    static final class Tally {
        final LongAdder connections = new LongAdder();
        final LongAdder bytesWritten = new LongAdder();
        final LongAdder bytesRead = new LongAdder();
        final LongAdder complete = new LongAdder();
        final LongAdder wrong = new LongAdder();
        final LongAdder errors = new LongAdder();
    }

    private final Kind kind;
    private final int port;
    private final Tally tally;
    private final SplittableRandom rnd;
    private volatile boolean stopped;
    private volatile Socket socket;

    HostilePeer(Kind kind, int port, Tally tally, long seed) {
        this.kind = kind;
        this.port = port;
        this.tally = tally;
        this.rnd = new SplittableRandom(seed);
    }

    void stop() {
        stopped = true;
        Sockets.closeQuietly(socket);
    }

    @Override
    public void run() {
        try {
            switch (kind) {
                case RESET -> { while (!stopped) { reset(); Thread.sleep(100); } }
                case SLOW_READER -> slowReader();
                case NEVER_READS -> neverReads();
                case HALF_CLOSE -> { while (!stopped) { halfClose(); Thread.sleep(100); } }
            }
        } catch (IOException | InterruptedException e) {
            if (!stopped) {
                tally.errors.increment();
            }
        }
    }

    private Socket open() throws IOException {
        Socket s = new Socket();
        if (kind == Kind.SLOW_READER || kind == Kind.NEVER_READS) {
            s.setReceiveBufferSize(4096); // before connect: the kernel cannot hide the peer's slowness
        }
        s.connect(new InetSocketAddress("127.0.0.1", port), 30_000);
        socket = s;
        tally.connections.increment();
        return s;
    }

    private void reset() throws IOException {
        Socket s = open();
        byte[] b = new byte[8192];
        rnd.nextBytes(b);
        s.getOutputStream().write(b);
        tally.bytesWritten.add(b.length);
        InputStream in = s.getInputStream();
        for (int got = 0; got < 1024; ) {
            int r = in.read(b, 0, 1024 - got);
            if (r < 0) {
                throw new IOException("end of stream");
            }
            got += r;
            tally.bytesRead.add(r);
        }
        s.setSoLinger(true, 0);
        s.close();
        tally.complete.increment();
    }

    private void slowReader() throws IOException, InterruptedException {
        Socket s = open();
        Thread writer = Thread.ofVirtual().start(() -> {
            byte[] b = new byte[4096];
            try {
                OutputStream o = s.getOutputStream();
                for (int k = 0; k < 4096 && !stopped; k++) {
                    o.write(b);
                    tally.bytesWritten.add(b.length);
                }
            } catch (IOException e) {
                if (!stopped) {
                    tally.errors.increment();
                }
            }
        });
        InputStream in = s.getInputStream();
        while (!stopped) {
            if (in.read() < 0) {
                throw new IOException("end of stream");
            }
            tally.bytesRead.increment();
            Thread.sleep(1000);
        }
        writer.join();
    }

    private void neverReads() throws IOException {
        Socket s = open();
        OutputStream o = s.getOutputStream();
        byte[] b = new byte[4096];
        while (!stopped) {
            o.write(b);
            tally.bytesWritten.add(b.length);
        }
    }

    private void halfClose() throws IOException {
        try (Socket s = open()) {
            s.setSoTimeout(30_000);
            byte[] b = new byte[1 + rnd.nextInt(16384)];
            rnd.nextBytes(b);
            s.getOutputStream().write(b);
            s.shutdownOutput();
            tally.bytesWritten.add(b.length);
            byte[] back = s.getInputStream().readAllBytes();
            tally.bytesRead.add(back.length);
            if (Arrays.equals(b, back)) {
                tally.complete.increment();
            } else {
                tally.wrong.increment();
            }
        }
    }

    static String report(Kind kind, int peers, Tally t) {
        return switch (kind) {
            case RESET -> String.format("%d peers: %d connections reset mid-message (%d B written, %d B of echo read before the reset), %d errors",
                    peers, t.complete.sum(), t.bytesWritten.sum(), t.bytesRead.sum(), t.errors.sum());
            case SLOW_READER -> String.format("%d peers: the server took %d B (%d B a peer, of 16 MiB each), then its writes back waited on them; they read %d B of echo at 1 B/s, %d errors",
                    peers, t.bytesWritten.sum(), t.bytesWritten.sum() / Math.max(1, peers), t.bytesRead.sum(), t.errors.sum());
            case NEVER_READS -> String.format("%d peers: the server took %d B (%d B a peer) and then stopped reading them (its writes back wait), %d errors",
                    peers, t.bytesWritten.sum(), t.bytesWritten.sum() / Math.max(1, peers), t.errors.sum());
            case HALF_CLOSE -> String.format("%d peers: %d half-closed connections echoed in full then closed by the server, %d with a wrong echo, %d errors (%d B)",
                    peers, t.complete.sum(), t.wrong.sum(), t.errors.sum(), t.bytesRead.sum());
        };
    }
}
