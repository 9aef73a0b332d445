package dev.weft.examples.redis.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A key, set member or hash field: its bytes, compared by content, with the hash computed once.
 *
 * {@snippet :
 * Key k = Key.of("user:1".getBytes(StandardCharsets.UTF_8));
 * }
 *
 * <p>The bytes are not copied: whoever makes a key must not change them afterwards.
 */
public final class Key {
    private final byte[] bytes;
    private final int hash;

    private Key(byte[] bytes) {
        this.bytes = bytes;
        this.hash = Arrays.hashCode(bytes);
    }

    /**
     * @param bytes the key's bytes (not copied)
     * @return the key
     */
    public static Key of(byte[] bytes) {
        return new Key(bytes);
    }

    /** @return the key's bytes (not a copy: do not change them) */
    public byte[] bytes() {
        return bytes;
    }

    /**
     * The shard of this key among {@code 2^bits}: the top bits of a multiplicative (Fibonacci)
     * hash. Not the low bits that {@code HashMap} indexes by: with those, every key of a shard
     * would land in the same 1/64 of its shard's buckets.
     *
     * @param bits log2 of the shard count, 0 to 30
     */
    int shard(int bits) {
        return (int) (((hash * 0x9E3779B9L) & 0xFFFF_FFFFL) >>> (32 - bits));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, bytes);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
