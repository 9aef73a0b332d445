package dev.weft.examples.redis;

import java.util.ArrayDeque;

/**
 * Counts the whole RESP2 replies in a byte stream fed in pieces, as a client would frame them, and
 * says whether the stream stops between two replies or inside one (a half-written reply). Skips
 * bulk payloads without looking at them, so gigabytes pass quickly.
 *
 * {@snippet :
 * ReplyFrames f = new ReplyFrames();
 * f.feed("+OK\r\n$3\r\nab".getBytes(), 0, 11);
 * f.replies(); // 1
 * f.whole();   // false: the bulk string has 1 byte and its CRLF to come
 * }
 *
 * <p>Not thread-safe: one feeding thread, then readers after it stopped (or racy progress reads of
 * {@link #replies()}, which is volatile).
 */
final class ReplyFrames {
    private final StringBuilder line = new StringBuilder();
    /** The elements still expected by each array open, innermost first. */
    private final ArrayDeque<Long> open = new ArrayDeque<>();
    /** Bytes of a bulk payload and its CRLF still to come. */
    private long bulkLeft;
    private volatile long replies;
    private String error;

    /** Feeds {@code n} bytes of the stream. */
    void feed(byte[] b, int off, int n) {
        int i = off;
        int end = off + n;
        while (i < end) {
            if (bulkLeft > 0) {
                int take = (int) Math.min(bulkLeft, end - i);
                bulkLeft -= take;
                i += take;
                if (bulkLeft == 0) elementDone();
                continue;
            }
            char c = (char) (b[i++] & 0xff);
            line.append(c);
            if (c == '\n' && line.length() >= 2 && line.charAt(line.length() - 2) == '\r') header();
        }
    }

    private void header() {
        String h = line.substring(0, line.length() - 2);
        line.setLength(0);
        if (h.isEmpty()) {
            fail("an empty line");
            return;
        }
        switch (h.charAt(0)) {
            case '+', '-', ':' -> elementDone();
            case '$' -> {
                long len = number(h);
                if (len < 0) elementDone();
                else bulkLeft = len + 2;
            }
            case '*' -> {
                long count = number(h);
                if (count <= 0) elementDone();
                else open.push(count);
            }
            default -> fail("a line that is no RESP2 header: " + h);
        }
    }

    private long number(String h) {
        try {
            return Long.parseLong(h.substring(1));
        } catch (NumberFormatException e) {
            fail("a bad length: " + h);
            return -1;
        }
    }

    private void elementDone() {
        while (!open.isEmpty()) {
            long left = open.pop() - 1;
            if (left > 0) {
                open.push(left);
                return;
            }
        }
        replies++;
    }

    private void fail(String what) {
        if (error == null) error = what + " after " + replies + " replies";
    }

    /** @return the whole replies seen so far */
    long replies() {
        return replies;
    }

    /** @return whether the bytes so far end between two replies, every one well formed */
    boolean whole() {
        return error == null && bulkLeft == 0 && open.isEmpty() && line.isEmpty();
    }

    @Override
    public String toString() {
        if (error != null) return "malformed: " + error;
        return replies + " replies" + (whole() ? "" : ", then a half reply (" + (bulkLeft > 0 ? bulkLeft + " bytes of a bulk string missing"
                : open.isEmpty() ? "a header cut: " + line : open.size() + " arrays open") + ")");
    }
}
