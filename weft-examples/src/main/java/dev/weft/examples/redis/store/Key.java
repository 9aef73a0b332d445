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

    /** @return the hash mixed so that its low bits spread well (for picking a shard) */
    int spread() {
        return hash ^ (hash >>> 16);
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
