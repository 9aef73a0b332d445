package dev.weft.examples.redis.store;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hash commands over a {@link Keyspace}: HSET, HGET, HGETALL. A hash is a
 * {@code LinkedHashMap<Key, byte[]>} (fields in the order they were added, as a small Redis hash
 * keeps them).
 *
 * {@snippet :
 * HashOps hashes = new HashOps(keyspace);
 * hashes.set(Key.of("h".getBytes()), new byte[][] {"f".getBytes(), "v".getBytes()}, 0); // 1
 * byte[] v = hashes.get(Key.of("h".getBytes()), "f".getBytes());                    // v
 * }
 */
public final class HashOps {
    private final Keyspace keyspace;

    /** @param keyspace the keys these commands work on */
    public HashOps(Keyspace keyspace) {
        this.keyspace = keyspace;
    }

    /**
     * @param key the key
     * @param pairs field, value, field, value ... from {@code from} on (an even count; not copied)
     * @param from the first field
     * @return how many fields are new
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    @SuppressWarnings("unchecked") // the entry's value is a LinkedHashMap<Key, byte[]> after the type check
    public long set(Key key, byte[][] pairs, int from) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            LinkedHashMap<Key, byte[]> hash = s.valueOrCreate(key, LinkedHashMap.class, LinkedHashMap::new);
            long added = 0;
            for (int i = from; i + 1 < pairs.length; i += 2) {
                if (hash.put(Key.of(pairs[i]), pairs[i + 1]) == null) added++;
            }
            return added;
        }
    }

    /**
     * @param key the key
     * @param field the field
     * @return its value, or {@code null} if the key or the field does not exist
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    @SuppressWarnings("unchecked") // the entry's value is a LinkedHashMap<Key, byte[]> after the type check
    public byte[] get(Key key, byte[] field) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            LinkedHashMap<?, ?> hash = s.value(key, LinkedHashMap.class);
            return hash == null ? null : (byte[]) hash.get(Key.of(field));
        }
    }

    /**
     * @param key the key
     * @return field, value, field, value ... (empty if the key does not exist)
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    @SuppressWarnings("unchecked") // the entry's value is a LinkedHashMap<Key, byte[]> after the type check
    public List<byte[]> getAll(Key key) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            LinkedHashMap<Key, byte[]> hash = s.value(key, LinkedHashMap.class);
            if (hash == null) return List.of();
            List<byte[]> out = new ArrayList<>(2 * hash.size());
            for (Map.Entry<Key, byte[]> f : hash.entrySet()) {
                out.add(f.getKey().bytes());
                out.add(f.getValue());
            }
            return out;
        }
    }
}
