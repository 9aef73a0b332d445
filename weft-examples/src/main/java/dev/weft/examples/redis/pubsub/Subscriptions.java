package dev.weft.examples.redis.pubsub;

import dev.weft.examples.redis.store.Key;
import dev.weft.future.Future;
import dev.weft.sync.BroadcastReceiver;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One connection's channels: a receiver per subscribed channel, in the order subscribed.
 *
 * {@snippet :
 * Subscriptions subs = new Subscriptions(pubsub);
 * int count = subs.subscribe(Key.of("news".getBytes())); // 1
 * }
 *
 * <p>Owner only: the connection's task.
 */
public final class Subscriptions implements AutoCloseable {
    private final PubSub pubsub;
    private final LinkedHashMap<Key, BroadcastReceiver<byte[]>> receivers = new LinkedHashMap<>();

    /** @param pubsub the server's channels */
    public Subscriptions(PubSub pubsub) {
        this.pubsub = pubsub;
    }

    /**
     * @param channel a channel (subscribing twice is one subscription)
     * @return how many channels this connection is subscribed to now
     */
    public int subscribe(Key channel) {
        receivers.computeIfAbsent(channel, pubsub::subscribe);
        return receivers.size();
    }

    /**
     * @param channel a channel (one not subscribed to is ignored)
     * @return how many channels this connection is subscribed to now
     */
    public int unsubscribe(Key channel) {
        BroadcastReceiver<byte[]> rx = receivers.remove(channel);
        if (rx != null) pubsub.unsubscribe(channel, rx);
        return receivers.size();
    }

    /** @return the channels subscribed to, in order (a copy) */
    public List<Key> channels() {
        return new ArrayList<>(receivers.keySet());
    }

    /** @return how many channels this connection is subscribed to */
    public int count() {
        return receivers.size();
    }

    /**
     * A message that is already there, without waiting.
     *
     * @return a channel and its message, or {@code null} if none is waiting
     * @throws dev.weft.sync.LaggedException if this connection fell too far behind on a channel
     */
    public Map.Entry<Key, byte[]> poll() {
        for (Map.Entry<Key, BroadcastReceiver<byte[]>> e : receivers.entrySet()) {
            byte[] m = e.getValue().tryRecv();
            if (m != null) return Map.entry(e.getKey(), m);
        }
        return null;
    }

    /** @return a future per channel, in {@link #channels()} order, each of that channel's next message */
    public List<Future<byte[]>> nextMessages() {
        List<Future<byte[]>> out = new ArrayList<>(receivers.size());
        for (BroadcastReceiver<byte[]> rx : receivers.values()) out.add(rx.recv());
        return out;
    }

    /** Unsubscribes from every channel. */
    @Override
    public void close() {
        for (Key k : channels()) unsubscribe(k);
    }
}
