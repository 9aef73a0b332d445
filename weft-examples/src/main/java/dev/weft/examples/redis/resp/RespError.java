package dev.weft.examples.redis.resp;

/**
 * An error reply ({@code -WRONGTYPE Operation against ...}) as {@link RespDecoder#decodeValue}
 * answers it.
 *
 * {@snippet :
 * if (reply instanceof RespError(String text)) System.out.println("server said: " + text);
 * }
 *
 * @param text the line after the {@code -}, e.g. {@code ERR syntax error}
 */
public record RespError(String text) {}
