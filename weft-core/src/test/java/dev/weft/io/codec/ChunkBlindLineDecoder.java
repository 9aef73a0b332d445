package dev.weft.io.codec;

import dev.weft.io.LimitExceededException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A deliberately broken line decoder, for proving the fuzz harness: it checks the limit only
 * against the bytes that arrived since its last call, so a long line that arrives in small chunks
 * is never stopped, and it takes a too-long line whose {@code '\n'} arrived, too.
 */
final class ChunkBlindLineDecoder implements Decoder<String> {
    private final int maxLineBytes;
    private int scanned;

    ChunkBlindLineDecoder(int maxLineBytes) {
        this.maxLineBytes = maxLineBytes;
    }

    @Override
    public String decode(ByteBuffer src) throws LimitExceededException {
        int start = src.position();
        for (int i = start + scanned; i < src.limit(); i++) {
            if (src.get(i) == '\n') {
                int end = i > start && src.get(i - 1) == '\r' ? i - 1 : i;
                scanned = 0;
                src.position(i + 1);
                return StandardCharsets.UTF_8.decode(src.duplicate().limit(end).position(start)).toString();
            }
        }
        int arrived = src.limit() - (start + scanned); // the flaw: the bytes of earlier chunks are forgotten
        if (arrived > maxLineBytes + 1) throw new LimitExceededException("maxLineBytes", maxLineBytes, "a line");
        scanned = src.remaining();
        return null;
    }

    /** The last line, as {@link LineCodec} takes it: the flaw is the limit alone. */
    @Override
    public String decodeEof(ByteBuffer src) throws LimitExceededException {
        String line = decode(src);
        if (line != null || !src.hasRemaining()) return line;
        int start = src.position();
        int end = src.get(src.limit() - 1) == '\r' ? src.limit() - 1 : src.limit();
        scanned = 0;
        src.position(src.limit());
        return StandardCharsets.UTF_8.decode(src.duplicate().limit(end).position(start)).toString();
    }

    @Override
    public int maxFrameBytes() {
        return maxLineBytes + 2;
    }
}
