package dev.weft.bench.workload;

import dev.weft.future.AsyncStream;
import dev.weft.future.Context;
import dev.weft.future.Future;
import dev.weft.future.Poll;
import dev.weft.sync.Receiver;
import dev.weft.sync.Sender;

/**
 * W3's pair for {@code impl=weft}: hand-written state machines that allocate no future per message.
 * Each side receives through one {@link Receiver#stream()} (its wait node is reused for every
 * message) and sends with {@link Sender#trySend(Object)}, falling back to a {@link Sender#send}
 * future only when the channel is full. {@link W3PingPong.Pinger} and {@link W3PingPong.Ponger}
 * ({@code impl=weft-futures}) do the same with a future per send and per receive.
 *
 * {@snippet :
 * Channel<Integer> ping = Channel.bounded(1), pong = Channel.bounded(1);
 * rt.spawn(new W3StreamPair.Ponger(ping.receiver(), pong.sender(), 1_000));
 * long sum = rt.blockOn(rt.spawn(new W3StreamPair.Pinger(ping.sender(), pong.receiver(), 1_000)));
 * }
 */
public final class W3StreamPair {
    private W3StreamPair() {}

    /** Side A: sends r, awaits r + 1, R times; output: the sum of the answers. */
    public static final class Pinger implements Future<Long> {
        private final Sender<Integer> out;
        private final AsyncStream<Integer> in;
        private final int rounds;
        private int r;
        private long sum;
        private Future<Void> send;
        private boolean sent;

        /**
         * @param out where the numbers go
         * @param in where the answers come from
         * @param rounds how many round trips
         */
        public Pinger(Sender<Integer> out, Receiver<Integer> in, int rounds) {
            this.out = out;
            this.in = in.stream();
            this.rounds = rounds;
        }

        @Override
        public Poll<Long> poll(Context cx) throws Exception {
            while (true) {
                if (!sent) {
                    if (send == null) {
                        if (r == rounds) return Poll.ready(sum);
                        if (!out.trySend(r)) send = out.send(r);
                    }
                    if (send != null) {
                        if (send.poll(cx).isPending()) return Poll.pending();
                        send = null;
                    }
                    sent = true;
                }
                Poll<Integer> p = in.pollNext(cx);
                if (p.isPending()) return Poll.pending();
                if (AsyncStream.isEnd(p)) throw new IllegalStateException("channel closed at round " + r);
                int answer = p.value();
                if (answer != r + 1) throw new IllegalStateException("expected " + (r + 1) + " got " + answer);
                sum += answer;
                sent = false;
                r++;
            }
        }

        @Override
        public void cancel() {
            in.cancel();
            if (send != null) send.cancel();
        }
    }

    /** Side B: awaits n, sends n + 1, R times. */
    public static final class Ponger implements Future<Void> {
        private final AsyncStream<Integer> in;
        private final Sender<Integer> out;
        private final int rounds;
        private int r;
        private Future<Void> send;

        /**
         * @param in where the numbers come from
         * @param out where the answers go
         * @param rounds how many round trips
         */
        public Ponger(Receiver<Integer> in, Sender<Integer> out, int rounds) {
            this.in = in.stream();
            this.out = out;
            this.rounds = rounds;
        }

        @Override
        public Poll<Void> poll(Context cx) throws Exception {
            while (true) {
                if (send == null) {
                    if (r == rounds) return Poll.ready(null);
                    Poll<Integer> p = in.pollNext(cx);
                    if (p.isPending()) return Poll.pending();
                    if (AsyncStream.isEnd(p)) throw new IllegalStateException("channel closed at round " + r);
                    int answer = p.value() + 1;
                    if (out.trySend(answer)) {
                        r++;
                        continue;
                    }
                    send = out.send(answer);
                }
                if (send.poll(cx).isPending()) return Poll.pending();
                send = null;
                r++;
            }
        }

        @Override
        public void cancel() {
            in.cancel();
            if (send != null) send.cancel();
        }
    }
}
