package dev.weft.examples.http;

/** Test helper: the most bytes a decoder under given limits may retain (its documented bound). */
final class Bounds {
    private Bounds() {}

    /** Input buffer (the longest allowed line plus a line end, at least 16 KiB) plus the body. */
    static long of(Limits l) {
        long line = Math.max(Math.max(l.maxRequestLine(), l.maxHeaderBytes()), 1024) + 2;
        return Math.max(16 * 1024, line) + l.maxBody();
    }
}
