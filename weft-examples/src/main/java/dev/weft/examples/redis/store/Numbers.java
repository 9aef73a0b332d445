package dev.weft.examples.redis.store;

import java.nio.charset.StandardCharsets;

/**
 * Integers as Redis reads and writes them: a string is an integer only if it is the exact decimal
 * form of a signed 64-bit value (no '+', no spaces, no leading zeros).
 *
 * {@snippet :
 * long n = Numbers.parseLong("-42".getBytes()); // -42
 * }
 */
public final class Numbers {
    private Numbers() {}

    /**
     * @param b the digits
     * @return their value
     * @throws RedisError {@link RedisError#NOT_INTEGER} if they are not one
     */
    public static long parseLong(byte[] b) {
        int n = b.length;
        if (n == 0 || n > 20) throw RedisError.NOT_INTEGER;
        boolean negative = b[0] == '-';
        int i = negative ? 1 : 0;
        if (i == n || (b[i] == '0' && n > i + 1) || (negative && b[i] == '0')) throw RedisError.NOT_INTEGER;
        long v = 0;
        for (; i < n; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) throw RedisError.NOT_INTEGER;
            // accumulate negatively: the negative range is one larger
            if (v < (Long.MIN_VALUE + d) / 10) throw RedisError.NOT_INTEGER;
            v = v * 10 - d;
        }
        if (!negative) {
            if (v == Long.MIN_VALUE) throw RedisError.NOT_INTEGER;
            return -v;
        }
        return v;
    }

    /**
     * @param v a value
     * @return its decimal form
     */
    public static byte[] toBytes(long v) {
        return Long.toString(v).getBytes(StandardCharsets.US_ASCII);
    }
}
