package dev.weft.examples.redis.resp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** What a {@link RespWriter} holds, as text, emptying it (tests only). */
public final class WrittenReplies {
    private WrittenReplies() {}

    /**
     * @param w the writer
     * @return its bytes as ISO-8859-1 text; the writer is reset
     */
    public static String drain(RespWriter w) {
        ByteBuffer b = w.flipped();
        byte[] out = new byte[b.remaining()];
        b.get(out);
        w.reset();
        return new String(out, StandardCharsets.ISO_8859_1);
    }
}
