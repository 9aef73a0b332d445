package dev.weft.examples.redis;

import dev.weft.examples.redis.resp.RespError;
import dev.weft.examples.redis.resp.RespNull;
import java.nio.charset.StandardCharsets;

/** Replies as comparable text: {@code +OK}, {@code -ERR ...}, {@code :1}, {@code $"v"}, {@code [..]}, {@code nil}. */
final class Replies {
    private Replies() {}

    static String show(Object reply) {
        if (reply instanceof String s) return "+" + s;
        if (reply instanceof RespError(String text)) return "-" + text;
        if (reply instanceof Long n) return ":" + n;
        if (reply instanceof byte[] b) return "$\"" + new String(b, StandardCharsets.UTF_8) + "\"";
        if (reply == RespNull.NULL) return "nil";
        if (reply instanceof Object[] items) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < items.length; i++) sb.append(i == 0 ? "" : ", ").append(show(items[i]));
            return sb.append(']').toString();
        }
        throw new IllegalArgumentException("not a reply: " + reply);
    }
}
