package dev.weft.examples.redis.store;

import java.util.function.LongSupplier;

/**
 * The server's keys: {@code shards} maps (64 by default), each behind its own lock, a key's shard
 * picked by its hash. Commands on keys of different shards never contend, and no lock covers the
 * whole keyspace. The typed commands live in {@link StringOps}, {@link ListOps}, {@link SetOps}
 * and {@link HashOps}; this class holds what every type shares: existence, deletion, and expiry.
 *
 * {@snippet :
 * Keyspace ks = new Keyspace(Keyspace.DEFAULT_SHARDS, System::currentTimeMillis, ExpiryScheduler.LAZY_ONLY);
 * Key k = Key.of("k".getBytes());
 * new StringOps(ks).set(k, "v".getBytes(), 0, StringOps.Condition.ALWAYS, false);
 * ks.expireAt(k, System.currentTimeMillis() + 10_000);
 * long ttl = ks.pttl(k); // about 10000
 * }
 *
 * <p>Expiry: a key with a deadline is removed by whichever comes first, a read that finds it
 * expired (lazy expiry, so an expired value is never seen) or the {@link ExpiryScheduler} calling
 * {@link #expireIfDue(Key)} when its time is up (so keys nobody reads do not stay in memory).
 * Deadlines are wall-clock milliseconds, as Redis's are.
 *
 * <p>Commands over several keys (DEL, EXISTS, MGET, MSET) take each key's shard in turn: each key
 * is handled atomically, the command as a whole is not (unlike single-threaded Redis).
 *
 * <p>Memory consistency effects: a command's change happens-before every later command on the
 * same key (both hold the key's shard lock).
 */
public final class Keyspace {
    /** The shard count of the server's keyspace. */
    public static final int DEFAULT_SHARDS = 64;

    private final Shard[] shards;
    private final int bits;
    private final LongSupplier clock;
    private final ExpiryScheduler expiry;

    /**
     * @param shards how many shards, a power of two (1 makes one lock for all keys)
     * @param clock the wall clock in milliseconds
     * @param expiry who looks at a key again when its time to live ends
     */
    public Keyspace(int shards, LongSupplier clock, ExpiryScheduler expiry) {
        if (shards < 1 || shards > (1 << 30) || Integer.bitCount(shards) != 1) throw new IllegalArgumentException("shards must be a power of two: " + shards);
        this.shards = new Shard[shards];
        for (int i = 0; i < shards; i++) this.shards[i] = new Shard(clock);
        this.bits = Integer.numberOfTrailingZeros(shards);
        this.clock = clock;
        this.expiry = expiry;
    }

    Shard shard(Key key) {
        return shards[key.shard(bits)];
    }

    /** @return the keyspace's clock: wall-clock milliseconds, the scale of every deadline */
    public long now() {
        return clock.getAsLong();
    }

    /** Tells the scheduler about a deadline just set (called after the shard lock is released). */
    void scheduled(Key key, long expiresAt) {
        if (expiresAt != 0) expiry.schedule(this, key, Math.max(0, expiresAt - now()));
    }

    /**
     * @param key the key
     * @return whether it was there (and now is not)
     */
    public boolean delete(Key key) {
        Shard s = shard(key);
        synchronized (s) {
            return s.live(key) != null && s.map.remove(key) != null;
        }
    }

    /**
     * @param key the key
     * @return whether it is there (and not expired)
     */
    public boolean exists(Key key) {
        Shard s = shard(key);
        synchronized (s) {
            return s.live(key) != null;
        }
    }

    /**
     * Sets the key's deadline; a deadline not in the future deletes the key at once (as Redis's
     * EXPIRE with a negative time does).
     *
     * @param key the key
     * @param atMillis the wall-clock millisecond it expires at
     * @return whether the key exists (its deadline was set or it was deleted)
     */
    public boolean expireAt(Key key, long atMillis) {
        long now = now();
        Shard s = shard(key);
        synchronized (s) {
            Entry e = s.live(key);
            if (e == null) return false;
            if (atMillis <= now) {
                s.map.remove(key);
                return true;
            }
            e.expiresAt = atMillis;
        }
        scheduled(key, atMillis);
        return true;
    }

    /**
     * @param key the key
     * @return its remaining time to live in milliseconds; -2 if it does not exist, -1 if it has no deadline
     */
    public long pttl(Key key) {
        long now = now();
        Shard s = shard(key);
        synchronized (s) {
            Entry e = s.live(key);
            if (e == null) return -2;
            return e.expiresAt == 0 ? -1 : e.expiresAt - now;
        }
    }

    /**
     * Removes the key if its deadline has passed (the {@link ExpiryScheduler}'s call back).
     *
     * @param key the key
     * @return whether it was removed
     */
    public boolean expireIfDue(Key key) {
        long now = now();
        Shard s = shard(key);
        synchronized (s) {
            Entry e = s.map.get(key);
            if (e == null || !e.expired(now)) return false;
            s.map.remove(key);
            return true;
        }
    }

    /** @return how many keys are stored, expired ones not yet removed included (a snapshot, shard by shard) */
    public long size() {
        long n = 0;
        for (Shard s : shards) {
            synchronized (s) {
                n += s.map.size();
            }
        }
        return n;
    }

    /** The value of {@code e} as a {@code type}, or {@link RedisError#WRONG_TYPE}. */
    static <T> T as(Entry e, Class<T> type) {
        if (!type.isInstance(e.value)) throw RedisError.WRONG_TYPE;
        return type.cast(e.value);
    }
}
