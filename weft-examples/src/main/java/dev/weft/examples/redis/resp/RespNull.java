package dev.weft.examples.redis.resp;

/**
 * The null bulk string ({@code $-1}) or null array ({@code *-1}) as {@link RespDecoder#decodeValue}
 * answers it.
 *
 * {@snippet :
 * boolean missing = reply == RespNull.NULL; // GET of a missing key
 * }
 */
public enum RespNull {
    /** The one null. */
    NULL
}
