package dev.weft.examples.redis.store;

import java.util.HashMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * One of a {@link Keyspace}'s shards: a map of its keys, guarded by the shard's own monitor
 * ({@code synchronized (shard)}), so commands on keys of different shards never wait for each
 * other.
 */
final class Shard {
    /** Guarded by {@code this}. */
    final HashMap<Key, Entry> map = new HashMap<>();
    private final LongSupplier clock;

    Shard(LongSupplier clock) {
        this.clock = clock;
    }

    /**
     * The live entry of {@code key}, removing it first if it has expired (lazy expiry). The clock
     * is read only for a key with a deadline: reading it costs more than the lookup on some
     * machines. Caller holds the lock.
     */
    Entry live(Key key) {
        Entry e = map.get(key);
        if (e != null && e.expiresAt != 0 && e.expired(clock.getAsLong())) {
            map.remove(key);
            return null;
        }
        return e;
    }

    /**
     * The live value of {@code key} as a {@code type}, or {@code null} if there is none. Caller
     * holds the lock.
     *
     * @throws RedisError WRONGTYPE if it holds another type
     */
    <T> T value(Key key, Class<T> type) {
        Entry e = live(key);
        return e == null ? null : Keyspace.as(e, type);
    }

    /**
     * The live value of {@code key} as a {@code type}, made by {@code create} and stored first if
     * there is none. Caller holds the lock.
     *
     * @throws RedisError WRONGTYPE if it holds another type
     */
    <T> T valueOrCreate(Key key, Class<T> type, Supplier<T> create) {
        Entry e = live(key);
        if (e != null) return Keyspace.as(e, type);
        T v = create.get();
        map.put(key, new Entry(v, 0));
        return v;
    }
}
