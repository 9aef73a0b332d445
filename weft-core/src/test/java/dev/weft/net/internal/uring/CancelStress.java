package dev.weft.net.internal.uring;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.net.internal.StreamEndpoint;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

/**
 * Cancels in-flight reads, accepts and connects of one {@link UringPoller}, driven by hand on the
 * test thread (no runtime: every poll and every turn is the test's), with random races: bytes sent
 * just before a read is cancelled, a turn of the poller or none between the submission and the
 * cancel, connections arriving while a listener is closed. What it counts is checked by
 * {@link UringCancelStressTest}.
 */
final class CancelStress {
    private static final InetSocketAddress LOOPBACK = HandDriven.LOOPBACK;
    private static final long BOUND_NANOS = 10_000_000_000L;

    private final UringPoller poller;
    private final PoisonBuffers buffers;
    private final SplittableRandom random = new SplittableRandom(39);
    private final Context cx = Context.of(Waker.noop());
    private final HandDriven hand;
    /** Bytes of the pairs' streams written into poisoned buffers after they were given back. */
    long touched;
    /** Bytes sent and not read back at the end. */
    long lost;
    /** Bytes read back that were not the ones sent at that place of the sequence. */
    long corrupt;
    /** Cancellations made, per kind. */
    int reads;
    int accepts;
    int connects;

    CancelStress(UringPoller poller, PoisonBuffers buffers) {
        this.poller = poller;
        this.buffers = buffers;
        this.hand = new HandDriven(poller, BOUND_NANOS);
    }

    /** Turns of the poller until {@code done}, failing after a bound (a completion lost). */
    void drive(Callable<Boolean> done, String what) throws Exception {
        hand.drive(done, what);
    }

    /** Connects started and cancelled at once or after a turn, to listeners that accept and close. */
    void connects(int n) throws Exception {
        List<UringListener> ls = new ArrayList<>();
        for (int i = 0; i < 8; i++) ls.add(UringListener.bind(poller, LOOPBACK, 512));
        List<UringConnect> pending = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            UringConnect c = new UringConnect(poller, ls.get(i % ls.size()).localAddress());
            if (c.poll(cx) instanceof Poll.Ready<StreamEndpoint>(StreamEndpoint s)) {
                s.close(); // cannot happen: the first poll only submits
                throw new AssertionError("a connect completed in its first poll");
            }
            if (random.nextBoolean()) poller.poll(0);
            c.cancel();
            connects++;
            pending.add(c);
            if (i % 64 == 63) {
                for (UringListener l : ls) closeAccepted(l);
                drive(() -> pending.stream().noneMatch(UringConnect::inFlight), "cancelled connects");
                pending.clear();
            }
        }
        drive(() -> pending.stream().noneMatch(UringConnect::inFlight), "cancelled connects");
        for (UringListener l : ls) closeAccepted(l);
        for (UringListener l : ls) l.close();
        drive(() -> poller.inFlight() == 0, "the listeners' accept ops");
    }

    private static void closeAccepted(UringListener l) throws Exception {
        for (StreamEndpoint s; (s = l.accept()) != null; ) s.close();
    }

    /** Listeners whose multishot accept is armed, then closed (ASYNC_CANCEL), some with a connect racing. */
    void accepts(int n) throws Exception {
        for (int i = 0; i < n; i++) {
            UringListener l = UringListener.bind(poller, LOOPBACK, 16);
            if (l.accept() != null) throw new AssertionError("a connection before any connect");
            UringConnect c = null;
            if (random.nextBoolean()) {
                c = new UringConnect(poller, l.localAddress());
                c.poll(cx);
                if (random.nextBoolean()) poller.poll(0);
            }
            l.close();
            accepts++;
            if (c != null) c.cancel();
            UringConnect racing = c;
            drive(() -> poller.inFlight() == 0 && (racing == null || !racing.inFlight()), "a cancelled accept");
        }
    }

    /** Reads on connected pairs cancelled while bytes may be arriving; every byte is read back in order. */
    void reads(int n, int pairs) throws Exception {
        List<UringStream> clients = new ArrayList<>();
        List<UringStream> servers = new ArrayList<>();
        for (UringStream[] pair : hand.pairs(pairs)) {
            clients.add(pair[0]);
            servers.add(pair[1]);
        }
        for (UringStream s : clients) s.setOption(StandardSocketOptions.SO_LINGER, 0);
        long[] sent = new long[pairs];
        long[] got = new long[pairs];
        ByteBuffer in = ByteBuffer.allocate(100);
        for (int i = 0; i < n; i++) {
            int k = i % pairs;
            UringStream reader = clients.get(k);
            int takes = buffers.takes();
            readAvailable(reader, in, got, k);
            if (reader.pollRead(cx, in.clear()) instanceof Poll.Ready<Integer>) throw new AssertionError("bytes read twice");
            MemorySegment armed = buffers.takes() != takes ? buffers.lastTaken() : null; // the recv's, if this round armed one
            if (random.nextBoolean()) sent[k] += send(servers.get(k), sent[k], 1 + random.nextInt(200));
            if (random.nextBoolean()) poller.poll(0);
            reader.deregister(StreamEndpoint.READ);
            buffers.giveBackEarly(armed);
            reads++;
            if (i % 1000 == 999) {
                drive(() -> clients.stream().noneMatch(UringStream::reading) && servers.stream().noneMatch(UringStream::writing), "cancelled reads");
                touched += buffers.touched();
            }
        }
        for (int k = 0; k < pairs; k++) {
            UringStream reader = clients.get(k);
            int pair = k;
            drive(() -> {
                readAvailable(reader, in, got, pair);
                return got[pair] == sent[pair];
            }, "the bytes of pair " + k + ": " + got[k] + " of " + sent[k]);
        }
        for (int k = 0; k < pairs; k++) {
            lost += sent[k] - got[k];
            clients.get(k).close();
            servers.get(k).close();
        }
        drive(() -> poller.inFlight() == 0, "the pairs' last ops");
        touched += buffers.touched();
    }

    /** Reads what has arrived, counting the bytes not in their place of the pair's sequence. */
    private void readAvailable(UringStream reader, ByteBuffer in, long[] got, int k) throws Exception {
        while (reader.pollRead(cx, in.clear()) instanceof Poll.Ready<Integer>(Integer m) && m > 0) {
            for (int j = 0; j < m; j++) if (in.get(j) != (byte) (got[k] + j)) corrupt++;
            got[k] += m;
        }
    }

    private long send(UringStream s, long from, int len) throws Exception {
        ByteBuffer out = ByteBuffer.allocate(len);
        for (int j = 0; j < len; j++) out.put((byte) (from + j));
        out.flip();
        hand.await(() -> s.pollWrite(cx, out).isPending() ? Poll.pending() : Poll.ready(Boolean.TRUE), "a send");
        return len - out.remaining();
    }
}
