package dev.weft.sync;

/**
 * A broadcast channel: every receiver sees every message sent after it subscribed; the channel
 * keeps the last {@code capacity} messages, so a receiver that falls further behind learns how
 * many it missed ({@link LaggedException}) instead of slowing the senders (Tokio's
 * {@code broadcast}).
 *
 * {@snippet :
 * Broadcast<String> b = Broadcast.create(16);
 * BroadcastReceiver<String> other = b.sender().subscribe();
 * b.sender().send("to all");
 * String a = Weft.await(b.receiver().recv()); // "to all"
 * String c = Weft.await(other.recv());        // "to all"
 * }
 *
 * @param sender the first sender handle
 * @param receiver the first receiver
 * @param <T> the message type
 */
public record Broadcast<T>(BroadcastSender<T> sender, BroadcastReceiver<T> receiver) {

    /**
     * A broadcast channel keeping the last {@code capacity} messages.
     *
     * @param capacity at least 1
     * @param <T> the message type
     * @return its first sender and receiver
     */
    public static <T> Broadcast<T> create(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity: " + capacity);
        BroadcastCore<T> core = new BroadcastCore<>(capacity);
        return new Broadcast<>(new BroadcastSender<>(core), new BroadcastReceiver<>(core, 0));
    }
}
