package dev.weft.sync;

import dev.weft.future.Future;
import java.util.List;

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
                      java.util.function.Supplier<Open> opener) {

    /** One open channel: its sending side and one receiver. */
    interface Open {
        /** Sends without waiting (the caller keeps within {@link ChannelFlavour#capacity()}). */
        void send(int message);

        /** @return a receive of the next message, which waits while there is none */
        Future<Integer> recv();

        /** @return the next message if there is one now, else null */
        Integer tryRecv();

        /** Closes every sending handle (the receiver sees what was sent, then the end). */
        void closeSenders();
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
            Channel<Integer> ch = Channel.unbounded();
            Open real = channel(ch);
            return new Open() {
                @Override
                public void send(int message) {
                    real.send(message);
                }

                @Override
                public Future<Integer> recv() {
                    Future<Integer> inner = real.recv();
                    return cx -> inner.poll(dev.weft.future.Context.noop()); // the bug: not cx
                }

                @Override
                public Integer tryRecv() {
                    return real.tryRecv();
                }

                @Override
                public void closeSenders() {
                    real.closeSenders();
                }
            };
        });
    }

    private static Open channel(Channel<Integer> ch) {
        return new Open() {
            @Override
            public void send(int message) {
                if (!ch.sender().trySend(message)) throw new AssertionError("full: the test sent past the capacity");
            }

            @Override
            public Future<Integer> recv() {
                return ch.receiver().recv();
            }

            @Override
            public Integer tryRecv() {
                return ch.receiver().tryRecv();
            }

            @Override
            public void closeSenders() {
                ch.sender().close();
            }
        };
    }

    private static Open broadcast(Broadcast<Integer> b) {
        return new Open() {
            @Override
            public void send(int message) {
                b.sender().send(message);
            }

            @Override
            public Future<Integer> recv() {
                return b.receiver().recv();
            }

            @Override
            public Integer tryRecv() {
                return b.receiver().tryRecv();
            }

            @Override
            public void closeSenders() {
                b.sender().close();
            }
        };
    }

    private static Open oneshot(Oneshot<Integer> o) {
        return new Open() {
            @Override
            public void send(int message) {
                o.sender().send(message);
            }

            @Override
            public Future<Integer> recv() {
                return o.receiver();
            }

            @Override
            public Integer tryRecv() {
                return o.receiver().tryRecv();
            }

            @Override
            public void closeSenders() {
                o.sender().close();
            }
        };
    }
}
