package dev.weft.examples.redis.resp;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A bounded, incremental RESP2 decoder: requests for a server ({@link #decodeRequest}: an array
 * of bulk strings, or an inline command line) and any RESP2 value for a client
 * ({@link #decodeValue}: simple strings, errors, integers, bulk strings, nested arrays).
 *
 * {@snippet :
 * RespDecoder d = new RespDecoder(RespLimits.DEFAULT);
 * byte[] in = "*2\r\n$3\r\nGET\r\n$1\r\nk\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII);
 * byte[][] get = d.decodeRequest(in, 0, in.length);              // {"GET", "k"}
 * byte[][] ping = d.decodeRequest(in, d.consumed(), in.length);  // {"PING"} (inline)
 * }
 *
 * <p>Each call decodes one whole request or value starting at {@code from}; when the bytes end
 * first it answers {@code null}, consumes nothing, and {@link #needed()} says how far the bytes
 * must reach before another try can get further. Limits are checked as soon as the offending
 * header or the bytes that break them are seen, so a peer cannot make its caller buffer more than
 * {@link RespLimits#maxRequestBytes()} (plus one read) while waiting for the rest of a request.
 *
 * <p>Empty requests ({@code *0}, {@code *-1}, blank inline lines) decode to a zero-length array,
 * which the caller skips, as Redis does. Not thread-safe: one decoder per connection.
 */
public final class RespDecoder {
    private static final byte[][] EMPTY = new byte[0][];

    private final RespLimits limits;
    private int consumed;
    private int needed;
    /** Where the request being decoded started (for the maxRequestBytes check). */
    private int start;

    /** @param limits the bounds to enforce */
    public RespDecoder(RespLimits limits) {
        this.limits = limits;
    }

    /** @return the limits this decoder enforces */
    public RespLimits limits() {
        return limits;
    }

    /** @return how many bytes the last successful decode used, from its {@code from} */
    public int consumed() {
        return consumed;
    }

    /**
     * @return after a decode that answered {@code null}: the index the bytes must reach (the
     *     {@code to} of the next call) before decoding can progress further
     */
    public int needed() {
        return needed;
    }

    /**
     * Decodes one request from {@code a[from, to)}.
     *
     * @param a the buffered bytes
     * @param from where the request starts
     * @param to where the buffered bytes end
     * @return the request's arguments (empty for an empty request), or {@code null} if the bytes
     *     end before the request does
     * @throws RespProtocolException if the bytes are not a request or break a limit
     */
    public byte[][] decodeRequest(byte[] a, int from, int to) throws RespProtocolException {
        start = from;
        if (from >= to) return incomplete(to + 1);
        return a[from] == '*' ? multibulk(a, from, to) : inline(a, from, to);
    }

    /**
     * Decodes one RESP2 value from {@code a[from, to)}: a {@link String} for a simple string, a
     * {@link RespError}, a {@link Long}, a {@code byte[]} for a bulk string, an {@code Object[]}
     * for an array, {@link RespNull#NULL} for a null bulk string or array.
     *
     * @param a the buffered bytes
     * @param from where the value starts
     * @param to where the buffered bytes end
     * @return the value, or {@code null} if the bytes end before the value does
     * @throws RespProtocolException if the bytes are not RESP2 or break a limit
     */
    public Object decodeValue(byte[] a, int from, int to) throws RespProtocolException {
        start = from;
        int[] at = {from};
        Object v = value(a, at, to, 1);
        if (v == null) return null;
        consumed = at[0] - from;
        return v;
    }

    private Object value(byte[] a, int[] at, int to, int depth) throws RespProtocolException {
        int p = at[0];
        if (p >= to) return incomplete(to + 1);
        byte type = a[p];
        int eol = lineEnd(a, p + 1, to, "too big header line");
        if (eol < 0) return null;
        int next = eol + 1;
        int lineTo = stripCr(a, p + 1, eol);
        switch (type) {
            case '+' -> {
                at[0] = next;
                return new String(a, p + 1, lineTo - p - 1, StandardCharsets.UTF_8);
            }
            case '-' -> {
                at[0] = next;
                return new RespError(new String(a, p + 1, lineTo - p - 1, StandardCharsets.UTF_8));
            }
            case ':' -> {
                at[0] = next;
                return number(a, p + 1, lineTo, "invalid integer");
            }
            case '$' -> {
                long len = number(a, p + 1, lineTo, "invalid bulk length");
                if (len == -1) {
                    at[0] = next;
                    return RespNull.NULL;
                }
                byte[] b = bulk(a, next, to, len);
                if (b == null) return null;
                at[0] = next + b.length + 2;
                return b;
            }
            case '*' -> {
                long n = number(a, p + 1, lineTo, "invalid multibulk length");
                if (n == -1) {
                    at[0] = next;
                    return RespNull.NULL;
                }
                if (n < 0 || n > limits.maxArrayCount()) throw new RespProtocolException("invalid multibulk length");
                if (depth > limits.maxDepth()) throw new RespProtocolException("nesting too deep");
                Object[] items = new Object[(int) Math.min(n, 1024)];
                at[0] = next;
                for (int i = 0; i < n; i++) {
                    Object item = value(a, at, to, depth + 1);
                    if (item == null) return null;
                    if (i == items.length) items = Arrays.copyOf(items, (int) Math.min(n, 2L * items.length));
                    items[i] = item;
                }
                return items;
            }
            default -> throw new RespProtocolException("unknown type byte " + printable(type));
        }
    }

    private byte[][] multibulk(byte[] a, int from, int to) throws RespProtocolException {
        int eol = lineEnd(a, from + 1, to, "too big mbulk count string");
        if (eol < 0) return null;
        long n = number(a, from + 1, stripCr(a, from + 1, eol), "invalid multibulk length");
        int p = eol + 1;
        if (n <= 0) {
            consumed = p - from;
            return EMPTY;
        }
        if (n > limits.maxArrayCount()) throw new RespProtocolException("invalid multibulk length");
        byte[][] args = new byte[(int) Math.min(n, 1024)][];
        for (int i = 0; i < n; i++) {
            if (p >= to) return incomplete(to + 1);
            if (a[p] != '$') throw new RespProtocolException("expected '$', got '" + printable(a[p]) + "'");
            int e = lineEnd(a, p + 1, to, "too big bulk count string");
            if (e < 0) return null;
            long len = number(a, p + 1, stripCr(a, p + 1, e), "invalid bulk length");
            if (len < 0) throw new RespProtocolException("invalid bulk length");
            byte[] b = bulk(a, e + 1, to, len);
            if (b == null) return null;
            if (i == args.length) args = Arrays.copyOf(args, (int) Math.min(n, 2L * args.length));
            args[i] = b;
            p = e + 1 + b.length + 2;
        }
        consumed = p - from;
        return args;
    }

    /** The body of a bulk string of {@code len} bytes at {@code p}, or {@code null} if incomplete. */
    private byte[] bulk(byte[] a, int p, int to, long len) throws RespProtocolException {
        if (len < 0 || len > limits.maxBulkLength()) throw new RespProtocolException("invalid bulk length");
        long end = p + len + 2;
        if (end - start > limits.maxRequestBytes()) throw new RespProtocolException("request too big");
        if (end > to) return incomplete((int) end);
        if (a[p + (int) len] != '\r' || a[p + (int) len + 1] != '\n') {
            throw new RespProtocolException("expected CRLF after bulk string");
        }
        return Arrays.copyOfRange(a, p, p + (int) len);
    }

    private byte[][] inline(byte[] a, int from, int to) throws RespProtocolException {
        int eol = lineEnd(a, from, to, "too big inline request");
        if (eol < 0) return null;
        byte[][] args = InlineSplitter.split(a, from, stripCr(a, from, eol), limits.maxArrayCount());
        consumed = eol + 1 - from;
        return args;
    }

    /**
     * The index of the {@code '\n'} ending the line that starts at {@code p}, or {@code -1} if the
     * bytes end first (then {@link #needed()} is set).
     */
    private int lineEnd(byte[] a, int p, int to, String tooLong) throws RespProtocolException {
        int max = limits.maxLineLength();
        long reach = (long) p + max + 2; // the '\n' of a longest line is at p + max + 1
        int limit = (int) Math.min(to, reach);
        for (int i = p; i < limit; i++) {
            if (a[i] == '\n') {
                if (stripCr(a, p, i) - p > max) throw new RespProtocolException(tooLong);
                return i;
            }
        }
        if (reach <= to || (reach - 1 == to && a[p + max] != '\r')) throw new RespProtocolException(tooLong);
        if ((long) to - start > limits.maxRequestBytes()) throw new RespProtocolException("request too big");
        incomplete(to + 1);
        return -1;
    }

    private static int stripCr(byte[] a, int lineStart, int eol) {
        return eol > lineStart && a[eol - 1] == '\r' ? eol - 1 : eol;
    }

    /** Parses a signed decimal in {@code a[p, end)} as Redis's string2ll does: no '+', no spaces. */
    private static long number(byte[] a, int p, int end, String error) throws RespProtocolException {
        if (p >= end || end - p > 20) throw new RespProtocolException(error);
        boolean negative = a[p] == '-';
        int i = negative ? p + 1 : p;
        if (i >= end) throw new RespProtocolException(error);
        long v = 0;
        for (; i < end; i++) {
            int d = a[i] - '0';
            if (d < 0 || d > 9) throw new RespProtocolException(error);
            if (v > (Long.MAX_VALUE - d) / 10) throw new RespProtocolException(error);
            v = v * 10 + d;
        }
        return negative ? -v : v;
    }

    private <T> T incomplete(int need) {
        needed = need;
        return null;
    }

    private static String printable(byte b) {
        return b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b & 0xff);
    }
}
