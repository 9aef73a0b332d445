package dev.weft.examples.redis.pubsub;

import dev.weft.examples.redis.store.Key;
import dev.weft.sync.Broadcast;
import dev.weft.sync.BroadcastReceiver;
import dev.weft.sync.BroadcastSender;
import java.util.HashMap;

/**
 * The server's channels for PUBLISH / SUBSCRIBE, on one Weft {@link Broadcast}: every message is
 * sent once, tagged with its channel and a sequence number, and every subscribed connection's
 * receiver keeps the ones for its channels ({@link Subscriptions}). One broadcast for all channels
 * keeps Redis's ordering: a connection receives messages in the order they were published, across
 * channels too.
 *
 * {@snippet :
 * PubSub ps = new PubSub(4096);
 * Subscriptions subs = new Subscriptions(ps);
 * subs.subscribe(Key.of("news".getBytes()));
 * long n = ps.publish(Key.of("news".getBytes()), "hello".getBytes()); // 1
 * Message m = subs.poll();                                            // news: hello
 * }
 *
 * <p>A connection that falls more than {@code capacity} messages behind misses the oldest ones
 * (its receiver reports how many, and the server then drops that connection, as Redis drops a
 * subscriber past its output buffer limit); publishers never wait for subscribers.
 *
 * <p>The subscriber counts, the sequence and sending are guarded by this object's monitor, so
 * PUBLISH answers exactly how many connections were subscribed when it sent. The keyspace's
 * commands never take it.
 */
public final class PubSub {
    private final BroadcastSender<Message> sender;
    /** Subscribed connections per channel; guarded by {@code this}. */
    private final HashMap<Key, Integer> subscribers = new HashMap<>();
    /** The sequence of the next message; guarded by {@code this}. */
    private long next;

    /** @param capacity how many messages are kept for connections that are behind, at least 1 */
    public PubSub(int capacity) {
        Broadcast<Message> b = Broadcast.create(capacity);
        b.receiver().close(); // only subscribed connections receive
        this.sender = b.sender();
    }

    /** @return a receiver of every message published from now on (one per subscribed connection) */
    synchronized BroadcastReceiver<Message> receiver() {
        return sender.subscribe();
    }

    /**
     * Counts a connection as subscribed to {@code channel}.
     *
     * @param channel the channel
     * @return the sequence of the first message it is to receive on that channel
     */
    synchronized long subscribe(Key channel) {
        subscribers.merge(channel, 1, Integer::sum);
        return next;
    }

    /** @param channel a channel a connection no longer listens to */
    synchronized void unsubscribe(Key channel) {
        subscribers.computeIfPresent(channel, (k, n) -> n == 1 ? null : n - 1);
    }

    /**
     * @param channel the channel
     * @param message the message (not copied)
     * @return how many connections are subscribed to the channel (each receives it)
     */
    public synchronized long publish(Key channel, byte[] message) {
        Integer n = subscribers.get(channel);
        if (n == null) return 0;
        sender.send(new Message(next++, channel, message));
        return n;
    }

    /** @return how many channels have subscribers (a snapshot) */
    public synchronized int channels() {
        return subscribers.size();
    }
}
