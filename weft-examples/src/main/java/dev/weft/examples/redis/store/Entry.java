package dev.weft.examples.redis.store;

/**
 * One key's value and deadline. Guarded by its shard's lock: touched only while holding it.
 *
 * <p>{@code value} is a {@code byte[]} (string), {@code ArrayDeque<byte[]>} (list),
 * {@code LinkedHashSet<Key>} (set) or {@code LinkedHashMap<Key, byte[]>} (hash); {@code expiresAt}
 * is the wall-clock millisecond it expires at, or 0 for never.
 */
final class Entry {
    Object value;
    long expiresAt;

    Entry(Object value, long expiresAt) {
        this.value = value;
        this.expiresAt = expiresAt;
    }

    boolean expired(long now) {
        return expiresAt != 0 && expiresAt <= now;
    }
}
