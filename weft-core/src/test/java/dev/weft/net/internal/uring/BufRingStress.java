package dev.weft.net.internal.uring;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.net.internal.StreamEndpoint;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Streams bytes through the receives of one {@link UringPoller} driven by hand, as tasks would:
 * each accepted side writes a known sequence, each connecting side reads it with a buffer of a
 * random size, and a reader whose read was pending is polled again only once its waker was woken
 * (a receive that is never re-armed leaves its reader waiting, and the bound fails). Readers can be
 * slow (they read only every few turns), so the ring's buffers run out. What it counts is checked
 * by the tests: bytes out of place, bytes lost, and after every turn that the buffers the ring has
 * lent are exactly those the streams hold.
 */
final class BufRingStress {
    private final HandDriven hand;
    private final SplittableRandom random = new SplittableRandom(7);
    /** Bytes read back that were not the ones sent at that place of the sequence. */
    long corrupt;
    /** Turns after which the ring's lent buffers were not the streams' queued ones. */
    int unaccounted;
    /** Reads cancelled (the read's waker dropped, its multishot cancelled), and streams closed with buffers queued. */
    int cancels;
    int closedHolding;

    BufRingStress(UringPoller poller, long boundNanos) {
        this.hand = new HandDriven(poller, boundNanos);
    }

    /** The byte at {@code pos} of pair {@code k}'s sequence: not periodic within a buffer or a ring. */
    static byte at(int k, long pos) {
        return (byte) (((pos * 0x9E3779B1L) >>> 24) + k);
    }

    /**
     * Sends {@code bytes} over each of {@code pairs} pairs and reads them back; readers' buffers
     * are from 1 byte to {@code maxRead}; reader {@code k} reads every {@code 1 + k % slow} turns.
     * Every {@code cancelEvery} turns (0: never) a random reader's read is cancelled.
     */
    void stream(int pairs, long bytes, int maxRead, int slow, int cancelEvery) throws Exception {
        List<UringStream[]> ps = hand.pairs(pairs);
        long[] sent = new long[pairs];
        long[] got = new long[pairs];
        boolean[] ready = new boolean[pairs];
        Context[] cxs = new Context[pairs];
        ByteBuffer[] out = new ByteBuffer[pairs];
        for (int k = 0; k < pairs; k++) {
            int key = k;
            cxs[k] = Context.of(Waker.of(() -> ready[key] = true));
            ready[k] = true;
        }
        ByteBuffer in = ByteBuffer.allocate(maxRead);
        long[] turn = {0};
        hand.drive(() -> {
            turn[0]++;
            boolean done = true;
            for (int k = 0; k < pairs; k++) {
                UringStream[] p = ps.get(k);
                if (sent[k] < bytes) out[k] = write(p[1], k, sent, out[k], bytes);
                if (ready[k] && turn[0] % (1 + k % slow) == 0) readSome(p[0], k, got, ready, cxs[k], in);
                if (cancelEvery > 0 && random.nextInt(cancelEvery) == 0 && !ready[k]) {
                    p[0].deregister(StreamEndpoint.READ); // a cancelled read: its task polls again later
                    ready[k] = true;
                    cancels++;
                }
                done &= got[k] == bytes;
            }
            check(ps);
            return done;
        }, "every byte of " + pairs + " pairs");
        for (UringStream[] p : ps) close(p);
    }

    /** Pairs whose reading sides are closed while bytes arrive and buffers are queued; @return the pairs' count */
    void closeMidFlight(int rounds, int pairs) throws Exception {
        for (int r = 0; r < rounds; r++) {
            List<UringStream[]> ps = hand.pairs(pairs);
            long[] sent = new long[pairs];
            long[] got = new long[pairs];
            boolean[] ready = new boolean[pairs];
            ByteBuffer[] out = new ByteBuffer[pairs];
            ByteBuffer in = ByteBuffer.allocate(1 + random.nextInt(3000));
            for (UringStream[] p : ps) p[0].setOption(StandardSocketOptions.SO_LINGER, 0);
            int turns = 1 + random.nextInt(20);
            for (int t = 0; t < turns; t++) {
                for (int k = 0; k < pairs; k++) {
                    out[k] = write(ps.get(k)[1], k, sent, out[k], Long.MAX_VALUE);
                    if (random.nextBoolean()) {
                        ready[k] = true;
                        readSome(ps.get(k)[0], k, got, ready, hand.cx, in);
                    }
                }
                hand.poller.poll(random.nextBoolean() ? 0 : 1_000_000);
                check(ps);
            }
            for (UringStream[] p : ps) {
                if (queued(p[0]) > 0) closedHolding++;
                close(p);
                check(ps);
            }
            hand.drive(() -> hand.poller.inFlight() == 0, "the closed pairs' last ops");
        }
    }

    private static void close(UringStream[] p) {
        p[0].close();
        p[1].close();
    }

    /** One write poll of pair {@code k}'s next chunk; @return what is left of it to write */
    private ByteBuffer write(UringStream s, int k, long[] sent, ByteBuffer chunk, long bytes) throws Exception {
        if (chunk == null || !chunk.hasRemaining()) {
            int len = (int) Math.min(bytes - sent[k], 1 + random.nextInt(64 * 1024));
            chunk = ByteBuffer.allocate(len);
            for (int j = 0; j < len; j++) chunk.put(at(k, sent[k] + j));
            chunk.flip();
        }
        int before = chunk.remaining();
        if (s.pollWrite(hand.cx, chunk) instanceof Poll.Ready<Integer>) sent[k] += before - chunk.remaining();
        return chunk;
    }

    /** Reads until pending (the waker registered, {@code ready} false) or a few reads are done, checking each byte. */
    private void readSome(UringStream s, int k, long[] got, boolean[] ready, Context cx, ByteBuffer in) throws Exception {
        for (int i = 0; i < 4; i++) {
            in.clear().limit(1 + random.nextInt(in.capacity()));
            if (!(s.pollRead(cx, in) instanceof Poll.Ready<Integer>(Integer n))) {
                ready[k] = false;
                return;
            }
            if (n < 0) throw new AssertionError("end of stream on pair " + k + " after " + got[k] + " bytes");
            for (int j = 0; j < n; j++) if (in.get(j) != at(k, got[k] + j)) corrupt++;
            got[k] += n;
        }
    }

    /** The ring's lent buffers must be exactly the ones the open streams queue. */
    private void check(List<UringStream[]> ps) {
        BufRing ring = hand.poller.bufRing();
        if (ring == null) return;
        int queued = 0;
        for (UringStream[] p : ps) queued += queued(p[0]) + queued(p[1]);
        if (ring.held() != queued) unaccounted++;
    }

    private static int queued(UringStream s) {
        synchronized (s) {
            return s.multishot() == null ? 0 : s.multishot().queued();
        }
    }
}
