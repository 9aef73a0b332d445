package dev.weft.examples.redis.pubsub;

import dev.weft.examples.redis.store.Key;
import dev.weft.sync.Broadcast;
import dev.weft.sync.BroadcastReceiver;
import dev.weft.sync.BroadcastSender;
import java.util.HashMap;

/**
 * The server's channels for PUBLISH / SUBSCRIBE: one Weft {@link Broadcast} per channel that has
 * subscribers, so a message reaches every connection subscribed to its channel and PUBLISH can
 * answer how many that is (the broadcast's receiver count).
 *
 * {@snippet :
 * PubSub ps = new PubSub(1024);
 * BroadcastReceiver<byte[]> rx = ps.subscribe(Key.of("news".getBytes()));
 * long n = ps.publish(Key.of("news".getBytes()), "hello".getBytes()); // 1
 * byte[] m = Weft.await(rx.recv());                                    // hello
 * }
 *
 * <p>A subscriber that falls more than {@code capacity} messages behind misses the oldest ones
 * (its receiver reports how many, and the server then drops that connection, as Redis drops a
 * subscriber past its output buffer limit); publishers never wait for subscribers.
 *
 * <p>The map of channels is guarded by this object's monitor; SUBSCRIBE and UNSUBSCRIBE take it,
 * PUBLISH only to look its channel up. The keyspace's commands never do.
 */
public final class PubSub {
    private final int capacity;
    /** Guarded by {@code this}. */
    private final HashMap<Key, Topic> topics = new HashMap<>();

    /** A channel with subscribers; {@code subscribers} guarded by the PubSub's monitor. */
    private static final class Topic {
        final BroadcastSender<byte[]> sender;
        int subscribers;

        Topic(BroadcastSender<byte[]> sender) {
            this.sender = sender;
        }
    }

    /** @param capacity how many messages each channel keeps for subscribers that are behind, at least 1 */
    public PubSub(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity: " + capacity);
        this.capacity = capacity;
    }

    /**
     * @param channel the channel
     * @return a receiver of the messages published to it from now on; hand it back to
     *     {@link #unsubscribe} when done
     */
    public synchronized BroadcastReceiver<byte[]> subscribe(Key channel) {
        Topic t = topics.get(channel);
        if (t == null) {
            Broadcast<byte[]> b = Broadcast.create(capacity);
            b.receiver().close(); // only subscribers count as receivers
            t = new Topic(b.sender());
            topics.put(channel, t);
        }
        t.subscribers++;
        return t.sender.subscribe();
    }

    /**
     * Ends one subscription; the channel goes when its last subscriber does.
     *
     * @param channel the channel
     * @param receiver what {@link #subscribe} answered for it
     */
    public synchronized void unsubscribe(Key channel, BroadcastReceiver<byte[]> receiver) {
        receiver.close();
        Topic t = topics.get(channel);
        if (t != null && --t.subscribers == 0) {
            topics.remove(channel);
            t.sender.close();
        }
    }

    /**
     * @param channel the channel
     * @param message the message (not copied)
     * @return how many subscribers it was sent to
     */
    public long publish(Key channel, byte[] message) {
        synchronized (this) { // a sender is closed only under this lock, so it is open here
            Topic t = topics.get(channel);
            if (t == null) return 0;
            return t.sender.send(message);
        }
    }

    /** @return how many channels have subscribers (a snapshot) */
    public synchronized int channels() {
        return topics.size();
    }
}
