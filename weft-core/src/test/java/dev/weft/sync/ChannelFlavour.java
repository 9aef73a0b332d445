package dev.weft.sync;

import dev.weft.future.Context;
import dev.weft.future.Future;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Every kind of channel Weft has, seen through what all of them promise to one receiver, so that
 * {@link ChannelContractTest} runs the same checks against each: {@link Channel#bounded} at a few
 * capacities, {@link Channel#unbounded}, {@link Broadcast} and {@link Oneshot}.
 *
 * {@snippet :
 * for (ChannelFlavour f : ChannelFlavour.all()) {
 *     ChannelFlavour.Open ch = f.open();
 *     ch.send(1);
 *     Integer one = ch.tryRecv();
 * }
 * }
 *
 * @param name what the parameterized test shows
 * @param capacity how many messages one channel takes without a receive (a oneshot: 1)
 * @param cancelKeepsMessage whether cancelling a receive leaves its message for the next one
 *     (a oneshot's receive is its receiver: cancelling it gives the channel up, by contract)
 * @param endsAfterMessages whether, once the senders are closed, a receive after the last message
 *     ends with {@link ChannelClosedException} (a oneshot delivers its one message and is done)
 * @param opener makes one channel
 */
record ChannelFlavour(String name, int capacity, boolean cancelKeepsMessage, boolean endsAfterMessages,
                      Supplier<Open> opener) {

    /**
     * One open channel: its sending side and one receiver.
     *
     * @param sender sends without waiting (the caller keeps within {@link ChannelFlavour#capacity()})
     * @param receive a receive of the next message, which waits while there is none
     * @param poll the next message if there is one now, else null
     * @param closer closes every sending handle (the receiver sees what was sent, then the end)
     */
    record Open(IntConsumer sender, Supplier<Future<Integer>> receive, Supplier<Integer> poll, Runnable closer) {
        void send(int message) {
            sender.accept(message);
        }

        Future<Integer> recv() {
            return receive.get();
        }

        Integer tryRecv() {
            return poll.get();
        }

        void closeSenders() {
            closer.run();
        }
    }

    /** @return a fresh channel of this flavour */
    Open open() {
        return opener.get();
    }

    @Override
    public String toString() {
        return name;
    }

    /** @return every flavour */
    static List<ChannelFlavour> all() {
        return List.of(
                new ChannelFlavour("bounded(1)", 1, true, true, () -> channel(Channel.bounded(1))),
                new ChannelFlavour("bounded(4)", 4, true, true, () -> channel(Channel.bounded(4))),
                new ChannelFlavour("bounded(64)", 64, true, true, () -> channel(Channel.bounded(64))),
                new ChannelFlavour("unbounded", 1 << 20, true, true, () -> channel(Channel.unbounded())),
                new ChannelFlavour("broadcast(64)", 64, true, true, () -> broadcast(Broadcast.create(64))),
                new ChannelFlavour("oneshot", 1, false, false, () -> oneshot(Oneshot.create())));
    }

    /**
     * A deliberately broken flavour, for showing that the contract can fail: its receive, finding
     * the channel empty, registers a waker nobody hears instead of the caller's (the shape of a
     * lost wake-up). Not in {@link #all()}.
     *
     * @return the broken flavour
     */
    static ChannelFlavour forgetfulReceive() {
        return new ChannelFlavour("forgetful receive", 4, true, true, () -> {
            Open real = channel(Channel.unbounded());
            return new Open(real.sender(), () -> {
                Future<Integer> inner = real.recv();
                return cx -> inner.poll(Context.noop()); // the bug: not cx
            }, real.poll(), real.closer());
        });
    }

    private static Open channel(Channel<Integer> ch) {
        return new Open(m -> {
            if (!ch.sender().trySend(m)) throw new AssertionError("full: the test sent past the capacity");
        }, ch.receiver()::recv, ch.receiver()::tryRecv, ch.sender()::close);
    }

    private static Open broadcast(Broadcast<Integer> b) {
        return new Open(b.sender()::send, b.receiver()::recv, b.receiver()::tryRecv, b.sender()::close);
    }

    private static Open oneshot(Oneshot<Integer> o) {
        return new Open(o.sender()::send, o::receiver, o.receiver()::tryRecv, o.sender()::close);
    }
}
