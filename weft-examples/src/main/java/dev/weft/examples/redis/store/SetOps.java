package dev.weft.examples.redis.store;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The set commands over a {@link Keyspace}: SADD, SREM, SMEMBERS, SCARD, SISMEMBER. A set is a
 * {@code LinkedHashSet<Key>} (members in the order they were added); one emptied by SREM is
 * removed, as in Redis.
 *
 * {@snippet :
 * SetOps sets = new SetOps(keyspace);
 * long added = sets.add(Key.of("s".getBytes()), new byte[][] {"a".getBytes(), "a".getBytes()}, 0); // 1
 * }
 */
public final class SetOps {
    private final Keyspace keyspace;

    /** @param keyspace the keys these commands work on */
    public SetOps(Keyspace keyspace) {
        this.keyspace = keyspace;
    }

    /**
     * @param key the key
     * @param members the members to add, from {@code from} on (not copied)
     * @param from the first member
     * @return how many were not members before
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    @SuppressWarnings("unchecked") // the entry's value is a LinkedHashSet<Key> after the type check
    public long add(Key key, byte[][] members, int from) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            LinkedHashSet<Key> set = s.valueOrCreate(key, LinkedHashSet.class, LinkedHashSet::new);
            long added = 0;
            for (int i = from; i < members.length; i++) if (set.add(Key.of(members[i]))) added++;
            return added;
        }
    }

    /**
     * @param key the key
     * @param members the members to remove, from {@code from} on
     * @param from the first member
     * @return how many were members
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    @SuppressWarnings("unchecked") // the entry's value is a LinkedHashSet<Key> after the type check
    public long remove(Key key, byte[][] members, int from) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            LinkedHashSet<Key> set = s.value(key, LinkedHashSet.class);
            if (set == null) return 0;
            long removed = 0;
            for (int i = from; i < members.length; i++) if (set.remove(Key.of(members[i]))) removed++;
            if (set.isEmpty()) s.map.remove(key);
            return removed;
        }
    }

    /**
     * @param key the key
     * @return its members (empty if it does not exist)
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    @SuppressWarnings("unchecked") // the entry's value is a LinkedHashSet<Key> after the type check
    public List<byte[]> members(Key key) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            LinkedHashSet<Key> set = s.value(key, LinkedHashSet.class);
            if (set == null) return List.of();
            List<byte[]> out = new ArrayList<>(set.size());
            for (Key m : set) out.add(m.bytes());
            return out;
        }
    }

    /**
     * @param key the key
     * @return how many members it has, 0 if it does not exist
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    public long cardinality(Key key) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            LinkedHashSet<?> set = s.value(key, LinkedHashSet.class);
            return set == null ? 0 : set.size();
        }
    }

    /**
     * @param key the key
     * @param member the member
     * @return whether it is a member
     * @throws RedisError WRONGTYPE if the key holds another type
     */
    public boolean contains(Key key, byte[] member) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            LinkedHashSet<?> set = s.value(key, LinkedHashSet.class);
            return set != null && set.contains(Key.of(member));
        }
    }
}
