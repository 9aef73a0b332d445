package dev.weft.examples.redis.resp;

/**
 * The bounds a {@link RespDecoder} holds a peer to, so that no request can make the server buffer
 * or allocate without limit. A request that breaks one is answered with
 * {@code -ERR Protocol error: ...} and its connection is closed.
 *
 * {@snippet :
 * RespDecoder strict = new RespDecoder(RespLimits.DEFAULT.withMaxBulkLength(1024));
 * }
 *
 * @param maxLineLength longest header line ({@code *N}, {@code $N}, ...) or inline command, in
 *     bytes without its CRLF (Redis: 64 KiB for inline requests)
 * @param maxBulkLength longest bulk string, in bytes
 * @param maxArrayCount most elements of one array
 * @param maxDepth deepest nesting of arrays (a request is one array: depth 1)
 * @param maxRequestBytes most bytes one request may span, headers and bodies together
 */
public record RespLimits(int maxLineLength, int maxBulkLength, int maxArrayCount, int maxDepth, int maxRequestBytes) {
    /** The server's limits: 64 KiB lines, 8 MiB bulk strings, 1 Mi elements, depth 8, 32 MiB per request. */
    public static final RespLimits DEFAULT = new RespLimits(64 * 1024, 8 << 20, 1 << 20, 8, 32 << 20);

    /**
     * No limits at all (every bound {@link Integer#MAX_VALUE}): only for tests that show what
     * the limits protect against.
     */
    public static final RespLimits NONE = new RespLimits(
            Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);

    /** Checks that every bound is positive. */
    public RespLimits {
        if (maxLineLength < 1 || maxBulkLength < 1 || maxArrayCount < 1 || maxDepth < 1 || maxRequestBytes < 1) {
            throw new IllegalArgumentException("every RESP limit must be positive: " + this);
        }
    }

    /**
     * @param n the new bound
     * @return these limits with {@code maxLineLength = n}
     */
    public RespLimits withMaxLineLength(int n) {
        return new RespLimits(n, maxBulkLength, maxArrayCount, maxDepth, maxRequestBytes);
    }

    /**
     * @param n the new bound
     * @return these limits with {@code maxBulkLength = n}
     */
    public RespLimits withMaxBulkLength(int n) {
        return new RespLimits(maxLineLength, n, maxArrayCount, maxDepth, maxRequestBytes);
    }

    /**
     * @param n the new bound
     * @return these limits with {@code maxArrayCount = n}
     */
    public RespLimits withMaxArrayCount(int n) {
        return new RespLimits(maxLineLength, maxBulkLength, n, maxDepth, maxRequestBytes);
    }

    /**
     * @param n the new bound
     * @return these limits with {@code maxDepth = n}
     */
    public RespLimits withMaxDepth(int n) {
        return new RespLimits(maxLineLength, maxBulkLength, maxArrayCount, n, maxRequestBytes);
    }

    /**
     * @param n the new bound
     * @return these limits with {@code maxRequestBytes = n}
     */
    public RespLimits withMaxRequestBytes(int n) {
        return new RespLimits(maxLineLength, maxBulkLength, maxArrayCount, maxDepth, n);
    }
}
