package dev.weft.examples.http;

import java.nio.charset.StandardCharsets;

/** Byte-level rules of HTTP/1.1 (RFC 9110/9112) that the decoder checks: tokens, field values. */
final class Syntax {
    private static final boolean[] TCHAR = new boolean[256];

    static {
        for (char c = '0'; c <= '9'; c++) TCHAR[c] = true;
        for (char c = 'a'; c <= 'z'; c++) TCHAR[c] = true;
        for (char c = 'A'; c <= 'Z'; c++) TCHAR[c] = true;
        for (char c : "!#$%&'*+-.^_`|~".toCharArray()) TCHAR[c] = true;
    }

    private Syntax() {}

    /** @return whether {@code b} may appear in a token (a method or a field name) */
    static boolean isTokenChar(byte b) {
        return TCHAR[b & 0xFF];
    }

    /** @return whether {@code b} may appear in a field value: visible, obs-text, space or tab */
    static boolean isFieldValueChar(byte b) {
        int c = b & 0xFF;
        return c >= 0x20 && c != 0x7F || c == '\t';
    }

    /** @return whether {@code b} may appear in a request target: visible ASCII */
    static boolean isTargetChar(byte b) {
        return b > 0x20 && b < 0x7F;
    }

    static boolean isWhite(byte b) {
        return b == ' ' || b == '\t';
    }

    /** @return whether {@code buf[from, from+len)} equals the ASCII {@code lower}, ignoring case */
    static boolean equalsIgnoreCase(byte[] buf, int from, int len, String lower) {
        if (len != lower.length()) return false;
        for (int i = 0; i < len; i++) {
            int c = buf[from + i];
            if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
            if (c != lower.charAt(i)) return false;
        }
        return true;
    }

    /** @return the index of the first {@code c} in {@code buf[from, to)}, or -1 */
    static int indexOf(byte[] buf, char c, int from, int to) {
        for (int i = from; i < to; i++) if (buf[i] == c) return i;
        return -1;
    }

    static String ascii(byte[] buf, int from, int len) {
        return new String(buf, from, len, StandardCharsets.ISO_8859_1);
    }
}
