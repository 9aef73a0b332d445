package dev.weft.net.internal.uring;

import dev.weft.future.Context;
import dev.weft.future.Poll;
import dev.weft.future.Waker;
import dev.weft.net.internal.StreamEndpoint;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * A {@link UringPoller} driven by hand on the test thread (no runtime: every poll and every turn
 * is the test's), and what the stress tests of the uring package share on it: turns until a
 * condition holds, within a bound, and connected stream pairs.
 */
final class HandDriven {
    static final InetSocketAddress LOOPBACK = new InetSocketAddress("127.0.0.1", 0);

    final UringPoller poller;
    final Context cx = Context.of(Waker.noop());
    private final long boundNanos;

    /** @param boundNanos how long {@link #drive} waits for its condition before it fails */
    HandDriven(UringPoller poller, long boundNanos) {
        this.poller = poller;
        this.boundNanos = boundNanos;
    }

    /** Turns of the poller until {@code done}, failing after the bound (a completion lost, a reader never woken). */
    void drive(Callable<Boolean> done, String what) throws Exception {
        long deadline = System.nanoTime() + boundNanos;
        while (!done.call()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + boundNanos / 1_000_000 + " ms: " + what + "; " + poller);
            }
            poller.poll(1_000_000);
        }
    }

    /** Turns of the poller until {@code poll} is ready; @return its value */
    <T> T await(Callable<Poll<T>> poll, String what) throws Exception {
        Object[] out = new Object[1];
        drive(() -> poll.call() instanceof Poll.Ready<T>(T v) && (out[0] = v) == v, what);
        @SuppressWarnings("unchecked")
        T v = (T) out[0];
        return v;
    }

    /** @return {@code n} connected pairs: [0] the connecting side, [1] the accepted side */
    List<UringStream[]> pairs(int n) throws Exception {
        UringListener l = UringListener.bind(poller, LOOPBACK, 128);
        List<UringStream[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            UringConnect c = new UringConnect(poller, l.localAddress());
            UringStream client = (UringStream) await(() -> c.poll(cx), "connect");
            UringStream server = (UringStream) await(() -> {
                StreamEndpoint s = l.accept();
                return s == null ? Poll.pending() : Poll.ready(s);
            }, "accept");
            out.add(new UringStream[] {client, server});
        }
        l.close();
        return out;
    }
}
