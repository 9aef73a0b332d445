package dev.weft.examples.redis.pubsub;

import dev.weft.examples.redis.store.Key;
import dev.weft.future.Future;
import dev.weft.sync.BroadcastReceiver;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * One connection's channels, and its receiver on the server's broadcast while it has any: a
 * message is for this connection if its channel is subscribed and it was published after the
 * subscription ({@link #accepts}).
 *
 * {@snippet :
 * Subscriptions subs = new Subscriptions(pubsub);
 * int count = subs.subscribe(Key.of("news".getBytes())); // 1
 * Message m = subs.poll(); // null until something is published to news
 * }
 *
 * <p>Owner only: the connection's task.
 */
public final class Subscriptions implements AutoCloseable {
    private final PubSub pubsub;
    /** Channel to the sequence of its first message for this connection, in the order subscribed. */
    private final LinkedHashMap<Key, Long> channels = new LinkedHashMap<>();
    private BroadcastReceiver<Message> receiver;

    /** @param pubsub the server's channels */
    public Subscriptions(PubSub pubsub) {
        this.pubsub = pubsub;
    }

    /**
     * @param channel a channel (subscribing twice is one subscription)
     * @return how many channels this connection is subscribed to now
     */
    public int subscribe(Key channel) {
        if (channels.containsKey(channel)) return channels.size();
        if (receiver == null) receiver = pubsub.receiver();
        channels.put(channel, pubsub.subscribe(channel));
        return channels.size();
    }

    /**
     * @param channel a channel (one not subscribed to is ignored)
     * @return how many channels this connection is subscribed to now
     */
    public int unsubscribe(Key channel) {
        if (channels.remove(channel) != null) pubsub.unsubscribe(channel);
        if (channels.isEmpty() && receiver != null) {
            receiver.close();
            receiver = null;
        }
        return channels.size();
    }

    /** @return the channels subscribed to, in order (a copy) */
    public List<Key> channels() {
        return new ArrayList<>(channels.keySet());
    }

    /** @return how many channels this connection is subscribed to */
    public int count() {
        return channels.size();
    }

    /**
     * @param m a message from the broadcast
     * @return whether it is for this connection
     */
    public boolean accepts(Message m) {
        Long since = channels.get(m.channel());
        return since != null && m.sequence() >= since;
    }

    /**
     * The next message for this connection that is already there, without waiting.
     *
     * @return it, or {@code null} if none is waiting (or nothing is subscribed)
     * @throws dev.weft.sync.LaggedException if this connection fell too far behind
     */
    public Message poll() {
        if (receiver == null) return null;
        for (Message m; (m = receiver.tryRecv()) != null; ) if (accepts(m)) return m;
        return null;
    }

    /**
     * @return a future of the next message on the broadcast (check it with {@link #accepts});
     *     only while subscribed
     */
    public Future<Message> next() {
        if (receiver == null) throw new IllegalStateException("not subscribed");
        return receiver.recv();
    }

    /** Unsubscribes from every channel. */
    @Override
    public void close() {
        for (Key k : channels()) unsubscribe(k);
    }
}
