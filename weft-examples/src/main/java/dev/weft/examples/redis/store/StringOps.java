package dev.weft.examples.redis.store;

/**
 * The string commands over a {@link Keyspace}: GET, SET, INCRBY and the multi-key MGET/MSET are
 * built on these. A string is an immutable {@code byte[]}: SET replaces it, so a value read under
 * the lock may be written to a socket after it is released.
 *
 * {@snippet :
 * StringOps strings = new StringOps(keyspace);
 * strings.set(Key.of("n".getBytes()), "41".getBytes(), 0, StringOps.Condition.ALWAYS, false);
 * long n = strings.incrBy(Key.of("n".getBytes()), 1); // 42
 * }
 */
public final class StringOps {
    /** SET's NX / XX. */
    public enum Condition {
        /** Set whether or not the key exists. */
        ALWAYS,
        /** Set only if the key does not exist (NX). */
        IF_ABSENT,
        /** Set only if the key exists (XX). */
        IF_PRESENT
    }

    private final Keyspace keyspace;

    /** @param keyspace the keys these commands work on */
    public StringOps(Keyspace keyspace) {
        this.keyspace = keyspace;
    }

    /**
     * @param key the key
     * @return its value, or {@code null} if it does not exist
     * @throws RedisError WRONGTYPE if it holds another type
     */
    public byte[] get(Key key) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            Entry e = s.live(key);
            return e == null ? null : Keyspace.as(e, byte[].class);
        }
    }

    /**
     * Sets a string value, replacing a value of any type.
     *
     * @param key the key
     * @param value the value (not copied)
     * @param expiresAt the wall-clock millisecond it expires at, 0 for never
     * @param condition NX / XX
     * @param keepTtl keep the key's current deadline (KEEPTTL) instead of {@code expiresAt}
     * @return whether it was set (false only when the condition did not hold)
     */
    public boolean set(Key key, byte[] value, long expiresAt, Condition condition, boolean keepTtl) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            Entry e = condition == Condition.ALWAYS && !keepTtl ? null : s.live(key);
            if (condition == Condition.IF_ABSENT && e != null) return false;
            if (condition == Condition.IF_PRESENT && e == null) return false;
            if (keepTtl && e != null) {
                e.value = value;
                return true;
            }
            s.map.put(key, new Entry(value, expiresAt));
        }
        keyspace.scheduled(key, expiresAt);
        return true;
    }

    /**
     * Adds {@code delta} to the integer the key holds (0 if it does not exist).
     *
     * @param key the key
     * @param delta what to add
     * @return the new value
     * @throws RedisError WRONGTYPE, not an integer, or overflow
     */
    public long incrBy(Key key, long delta) {
        Shard s = keyspace.shard(key);
        synchronized (s) {
            Entry e = s.live(key);
            long old = e == null ? 0 : Numbers.parseLong(Keyspace.as(e, byte[].class));
            long v;
            try {
                v = Math.addExact(old, delta);
            } catch (ArithmeticException overflow) {
                throw RedisError.OVERFLOW;
            }
            byte[] bytes = Numbers.toBytes(v);
            if (e == null) s.map.put(key, new Entry(bytes, 0));
            else e.value = bytes;
            return v;
        }
    }
}
