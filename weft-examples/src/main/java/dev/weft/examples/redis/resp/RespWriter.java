package dev.weft.examples.redis.resp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Encodes RESP2 replies straight into a connection's output buffer (direct, so the socket write
 * copies nothing); the buffer grows as replies need, and {@link #reset()} shrinks it back after a
 * large reply was flushed.
 *
 * {@snippet :
 * RespWriter out = new RespWriter(16 * 1024);
 * out.array(2);
 * out.bulk("a".getBytes());
 * out.integer(42);
 * await(stream.writeAll(out.flipped()));
 * out.reset();
 * }
 *
 * <p>Not thread-safe: one writer per connection, used by its task.
 */
public final class RespWriter {
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] OK = "+OK\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL_BULK = "$-1\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL_ARRAY = "*-1\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[][] SMALL = new byte[1024][];

    static {
        for (int i = 0; i < SMALL.length; i++) SMALL[i] = (":" + i + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    private final int initialCapacity;
    private final byte[] digits = new byte[20];
    private ByteBuffer buf;

    /** @param initialCapacity the buffer's starting (and resting) size in bytes */
    public RespWriter(int initialCapacity) {
        this.initialCapacity = initialCapacity;
        this.buf = ByteBuffer.allocateDirect(initialCapacity);
    }

    /** {@code +OK}. */
    public void ok() {
        raw(OK);
    }

    /** @param line a simple string ({@code +line}); must not hold CR or LF */
    public void simple(String line) {
        put((byte) '+');
        raw(line.getBytes(StandardCharsets.UTF_8));
        raw(CRLF);
    }

    /** @param text an error reply ({@code -text}), e.g. {@code ERR syntax error}; CR and LF become spaces */
    public void error(String text) {
        put((byte) '-');
        raw(text.replace('\r', ' ').replace('\n', ' ').getBytes(StandardCharsets.UTF_8));
        raw(CRLF);
    }

    /** @param v an integer reply ({@code :v}) */
    public void integer(long v) {
        if (v >= 0 && v < SMALL.length) {
            raw(SMALL[(int) v]);
            return;
        }
        put((byte) ':');
        decimal(v);
        raw(CRLF);
    }

    /** @param b a bulk string reply ({@code $len} and the bytes), or the null bulk string if {@code null} */
    public void bulk(byte[] b) {
        if (b == null) {
            raw(NULL_BULK);
            return;
        }
        ensure(b.length + 24);
        buf.put((byte) '$');
        decimal(b.length);
        buf.put(CRLF).put(b).put(CRLF);
    }

    /** The null bulk string {@code $-1} (GET of a missing key). */
    public void nullBulk() {
        raw(NULL_BULK);
    }

    /** @param n the header of an array reply of {@code n} elements ({@code *n}); the elements follow */
    public void array(int n) {
        put((byte) '*');
        decimal(n);
        raw(CRLF);
    }

    /** The null array {@code *-1}. */
    public void nullArray() {
        raw(NULL_ARRAY);
    }

    /** @param encoded bytes that already are RESP, written as they are */
    public void raw(byte[] encoded) {
        ensure(encoded.length);
        buf.put(encoded);
    }

    /** @return how many bytes are buffered */
    public int size() {
        return buf.position();
    }

    /** @return the buffered bytes, flipped for a write (position 0, limit the size) */
    public ByteBuffer flipped() {
        return buf.flip();
    }

    /** Empties the buffer after a flush, returning it to its resting size if a large reply grew it. */
    public void reset() {
        if (buf.capacity() > 4 * initialCapacity) buf = ByteBuffer.allocateDirect(initialCapacity);
        else buf.clear();
    }

    private void put(byte b) {
        ensure(1);
        buf.put(b);
    }

    private void decimal(long v) {
        if (v == Long.MIN_VALUE) {
            raw("-9223372036854775808".getBytes(StandardCharsets.US_ASCII));
            return;
        }
        boolean negative = v < 0;
        long u = negative ? -v : v;
        int i = digits.length;
        do {
            digits[--i] = (byte) ('0' + u % 10);
            u /= 10;
        } while (u != 0);
        if (negative) digits[--i] = '-';
        ensure(digits.length - i);
        buf.put(digits, i, digits.length - i);
    }

    private void ensure(int n) {
        if (buf.remaining() >= n) return;
        long want = Math.max(2L * buf.capacity(), (long) buf.position() + n);
        if (want > Integer.MAX_VALUE - 8) throw new IllegalStateException("reply too large: " + want + " bytes");
        ByteBuffer bigger = ByteBuffer.allocateDirect((int) want);
        bigger.put(buf.flip());
        buf = bigger;
    }
}
