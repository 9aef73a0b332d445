package dev.weft.examples.http;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The bytes of one connection that the {@link RequestDecoder} has not decoded yet, and the search
 * for the end of the current line in them. It never grows beyond the longest line the limits
 * allow, plus 2: only a line longer than the buffer fills it, and the decoder refuses any line
 * beyond the limits before that.
 *
 * <p>State (owner thread only, one connection): {@code buf[start, end)} holds the bytes not yet
 * decoded; {@code scan} is where the search for the current line's end resumes (a search starts
 * at {@code start} if {@code scan} is behind it).
 */
final class InputBuffer {
    private static final int INITIAL_BUFFER = 16 * 1024;
    /** Room kept at the end of the buffer before a read; less, and decoded bytes are dropped first. */
    private static final int MIN_READ = 4 * 1024;

    private final int maxBuffer;
    private byte[] buf;
    private ByteBuffer view;
    private int start;
    private int end;
    private int scan;

    /** @param longestLine the longest line the limits allow, without its line end */
    InputBuffer(long longestLine) {
        this.maxBuffer = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(INITIAL_BUFFER, longestLine + 2));
        this.buf = new byte[Math.min(INITIAL_BUFFER, maxBuffer)];
        this.view = ByteBuffer.wrap(buf);
    }

    /** @see RequestDecoder#readBuffer() */
    ByteBuffer readBuffer() {
        if (start == end) {
            scan -= start;
            start = end = 0;
            if (scan < 0) scan = 0;
        }
        if (buf.length - end < MIN_READ && start > 0) {
            int n = end - start;
            System.arraycopy(buf, start, buf, 0, n);
            scan -= start;
            start = 0;
            end = n;
        }
        if (end == buf.length) {
            // Only a line longer than the buffer fills it; the decoder has refused any beyond the limits.
            buf = Arrays.copyOf(buf, (int) Math.min(maxBuffer, 2L * buf.length));
            view = ByteBuffer.wrap(buf);
        }
        view.limit(buf.length).position(end);
        return view;
    }

    /** @see RequestDecoder#filled(int) */
    void filled(int n) {
        if (n < 0 || n > buf.length - end) throw new IllegalArgumentException("filled " + n + " of " + (buf.length - end));
        end += n;
    }

    /** @return how many bytes are buffered and not decoded yet */
    int buffered() {
        return end - start;
    }

    /** @return whether no byte is buffered */
    boolean isEmpty() {
        return start == end;
    }

    /** @return the size of the buffer, in bytes */
    int capacity() {
        return buf.length;
    }

    /** @return the buffer; the bytes not decoded yet are at {@link #start()} */
    byte[] bytes() {
        return buf;
    }

    /** @return the index of the first byte not decoded yet */
    int start() {
        return start;
    }

    /** @return the index of the LF ending the current line, or -1 (then {@code scan} remembers) */
    int findLineEnd() {
        if (scan < start) scan = start;
        for (int i = scan; i < end; i++) {
            if (buf[i] == '\n') return i;
        }
        scan = end;
        return -1;
    }

    /** @return where the current line's content ends: before its CR, if it has one, else at {@code lf} */
    int contentEnd(int lf) {
        return lf > start && buf[lf - 1] == '\r' ? lf - 1 : lf;
    }

    /** Drops the current line, which ends at {@code lf}. */
    void consumeLine(int lf) {
        start = lf + 1;
        scan = start;
    }

    /**
     * Moves buffered bytes out: as many as there are, up to {@code max}.
     *
     * @return the count moved into {@code to} at {@code at}
     */
    int take(byte[] to, int at, long max) {
        int n = (int) Math.min(end - start, max);
        System.arraycopy(buf, start, to, at, n);
        start += n;
        return n;
    }

    /** Drops {@code n} buffered bytes that are no line's content (the line end after chunk data). */
    void skip(int n) {
        start += n;
        scan = start;
    }
}
