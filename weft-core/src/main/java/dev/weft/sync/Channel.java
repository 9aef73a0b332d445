package dev.weft.sync;

/**
 * A multi-producer multi-consumer FIFO channel: the two halves, made together
 * (smol's {@code async-channel}).
 *
 * <p>A bounded channel holds at most {@code capacity} messages and makes senders wait
 * (backpressure); an unbounded one never makes them wait. Every message goes to exactly one
 * receiver. The channel closes on {@link Sender#closeChannel()} / {@link Receiver#closeChannel()},
 * or when the last sender handle or the last receiver handle is closed; after that sends fail
 * (handing the message back), and receivers first drain what was sent before the close.
 *
 * {@snippet :
 * Channel<String> ch = Channel.bounded(1);
 * Sender<String> tx = ch.sender();
 * Receiver<String> rx = ch.receiver();
 * Weft.await(tx.send("ping"));
 * String s = Weft.await(rx.recv()); // "ping"
 * }
 *
 * @param sender the first sender handle
 * @param receiver the first receiver handle
 * @param <T> the message type
 */
public record Channel<T>(Sender<T> sender, Receiver<T> receiver) {

    /**
     * A channel holding at most {@code capacity} messages. Its ring of {@code capacity} slots
     * (about 12 bytes each) is allocated at once.
     *
     * @param capacity 1 to 2^30
     * @param <T> the message type
     * @return the channel's first sender and receiver
     */
    public static <T> Channel<T> bounded(int capacity) {
        if (capacity < 1 || capacity > 1 << 30) throw new IllegalArgumentException("capacity must be 1 to 2^30: " + capacity);
        return of(new ChannelCore<>(capacity));
    }

    /**
     * A channel without a limit: sends never wait.
     *
     * @param <T> the message type
     * @return the channel's first sender and receiver
     */
    public static <T> Channel<T> unbounded() {
        return of(new ChannelCore<>(Integer.MAX_VALUE));
    }

    private static <T> Channel<T> of(ChannelCore<T> core) {
        return new Channel<>(new Sender<>(core), new Receiver<>(core));
    }
}
