package dev.weft.io.codec;

import dev.weft.io.LimitExceededException;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The reference for length-prefixed frames, over the whole input at once: read a big-endian
 * length, then that many bytes, until the input ends; a length over the limit, or an input that
 * ends inside a frame, ends it with its exception.
 */
final class LengthPrefixedReference {
    private LengthPrefixedReference() {}

    /** @return frames whose lengths are mostly within {@code limit}, some over it, the input sometimes cut short or padded with junk */
    static byte[] randomInput(Random random, int fieldBytes, int limit) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int frames = random.nextInt(6);
        for (int i = 0; i < frames; i++) {
            int length = random.nextInt(10) == 0 ? limit + 1 + random.nextInt(3) : random.nextInt(limit + 1);
            if (fieldBytes == 1) length = Math.min(length, 255);
            for (int k = fieldBytes - 1; k >= 0; k--) out.write(length >>> (8 * k));
            for (int j = 0; j < length; j++) out.write(random.nextInt(256));
        }
        byte[] bytes = out.toByteArray();
        return switch (random.nextInt(4)) {
            case 0 -> Arrays.copyOf(bytes, random.nextInt(bytes.length + 1)); // cut anywhere
            case 1 -> {
                byte[] junk = new byte[random.nextInt(8)];
                random.nextBytes(junk);
                out.writeBytes(junk);
                yield out.toByteArray();
            }
            default -> bytes;
        };
    }

    static FuzzHarness.Expected split(byte[] input, int fieldBytes, int limit) {
        List<Object> frames = new ArrayList<>();
        int at = 0;
        while (at < input.length) {
            if (input.length - at < fieldBytes) return new FuzzHarness.Expected(frames, EOFException.class);
            long length = 0;
            for (int k = 0; k < fieldBytes; k++) length = (length << 8) | (input[at + k] & 0xff);
            if (length > limit) return new FuzzHarness.Expected(frames, LimitExceededException.class);
            if (input.length - at - fieldBytes < length) return new FuzzHarness.Expected(frames, EOFException.class);
            frames.add(Arrays.copyOfRange(input, at + fieldBytes, at + fieldBytes + (int) length));
            at += fieldBytes + (int) length;
        }
        return new FuzzHarness.Expected(frames, null);
    }
}
