package dev.weft.examples.redis.store;

/**
 * How a {@link Keyspace} asks for a key to be looked at again when its time to live ends: the
 * server's implementation sleeps on Weft's timers ({@code dev.weft.time.Time}) and then calls
 * {@link Keyspace#expireIfDue(Key)}. Reads expire lazily as well, so a late or lost timer never
 * shows an expired value.
 *
 * {@snippet :
 * Keyspace ks = new Keyspace(64, System::currentTimeMillis, ExpiryScheduler.LAZY_ONLY);
 * }
 */
@FunctionalInterface
public interface ExpiryScheduler {
    /** Schedules nothing: expired keys go when they are next touched. */
    ExpiryScheduler LAZY_ONLY = (keyspace, key, delayMillis) -> {};

    /**
     * Asks for {@code keyspace.expireIfDue(key)} after {@code delayMillis}.
     *
     * @param keyspace the keyspace holding the key
     * @param key the key whose time to live was set
     * @param delayMillis how long from now, at least 0
     */
    void schedule(Keyspace keyspace, Key key, long delayMillis);
}
