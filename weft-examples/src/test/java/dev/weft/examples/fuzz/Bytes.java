package dev.weft.examples.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Byte array edits the generators and the shrinker share, and the escaped form failures print. */
public final class Bytes {
    private Bytes() {}

    /** @return {@code b} with bytes [from, to) replaced by {@code insert} */
    public static byte[] splice(byte[] b, int from, int to, byte[] insert) {
        byte[] out = new byte[b.length - (to - from) + insert.length];
        System.arraycopy(b, 0, out, 0, from);
        System.arraycopy(insert, 0, out, from, insert.length);
        System.arraycopy(b, to, out, from + insert.length, b.length - to);
        return out;
    }

    /** @return the parts one after the other */
    public static byte[] concat(List<byte[]> parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    /** @return {@code s} one byte a character (ISO 8859-1) */
    public static byte[] latin1(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * @param b bytes
     * @param max the most shown
     * @return the first {@code max} bytes as Java string text: printable ASCII as is, CR, LF and
     *     backslash escaped, the rest as {@code \xNN}; "..." if some are left out
     */
    public static String show(byte[] b, int max) {
        StringBuilder s = new StringBuilder("\"");
        for (int i = 0; i < Math.min(b.length, max); i++) {
            int c = b[i] & 0xFF;
            switch (c) {
                case '\r' -> s.append("\\r");
                case '\n' -> s.append("\\n");
                case '\\', '"' -> s.append('\\').append((char) c);
                default -> s.append(c >= 0x20 && c < 0x7F ? Character.toString(c) : String.format("\\x%02x", c));
            }
        }
        return s.append(b.length > max ? "\"..." : "\"").toString();
    }
}
