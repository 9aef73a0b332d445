package dev.weft.io.codec;

import dev.weft.io.InvalidDataException;
import dev.weft.io.LimitExceededException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The reference for lines, written as plainly as possible over the whole input at once: split at
 * each {@code '\n'}, drop one {@code '\r'} before it, a last piece without {@code '\n'} is a line
 * if not empty; a line over the limit or (strict) not UTF-8 ends the input with its exception.
 */
final class LineReference {
    private static final byte[][] PIECES = {
        {'a'}, {'b'}, {'a'}, {'\n'}, {'\n'}, {'\r'}, {'\r', '\n'}, {(byte) 0xC3, (byte) 0xA9}, {(byte) 0xE2, (byte) 0x82, (byte) 0xAC},
        {(byte) 0xF0, (byte) 0x9D, (byte) 0x84, (byte) 0x9E}, {(byte) 0xFF}, {(byte) 0xC3}, {(byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
    };

    private LineReference() {}

    static int randomLimit(Random random) {
        return new int[] {1, 2, 3, 5, 8, 16, 40}[random.nextInt(7)];
    }

    /** @return text-like bytes: letters, terminators, multi-byte characters, and bytes that are not UTF-8 */
    static byte[] randomInput(Random random, int limit) {
        int pieces = random.nextInt(4 * limit + 10);
        boolean clean = random.nextInt(3) == 0; // a third of the inputs are valid UTF-8 throughout
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < pieces; i++) {
            byte[] p = PIECES[random.nextInt(clean ? 10 : PIECES.length)];
            if (!clean && random.nextInt(40) == 0) p = new byte[] {(byte) random.nextInt(256)};
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static FuzzHarness.Expected split(byte[] input, int limit, boolean lossy) {
        List<Object> lines = new ArrayList<>();
        int from = 0;
        while (from < input.length) {
            int nl = from;
            while (nl < input.length && input[nl] != '\n') nl++;
            int end = nl > from && input[nl - 1] == '\r' ? nl - 1 : nl;
            byte[] line = Arrays.copyOfRange(input, from, end);
            if (line.length > limit) return new FuzzHarness.Expected(lines, LimitExceededException.class);
            if (lossy) {
                lines.add(new String(line, StandardCharsets.UTF_8));
            } else {
                try {
                    lines.add(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(line)).toString());
                } catch (CharacterCodingException e) {
                    return new FuzzHarness.Expected(lines, InvalidDataException.class);
                }
            }
            from = nl + 1;
        }
        return new FuzzHarness.Expected(lines, null);
    }
}
