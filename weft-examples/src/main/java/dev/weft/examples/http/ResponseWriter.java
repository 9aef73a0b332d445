package dev.weft.examples.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Encodes responses into one connection's output buffer, so that a batch of pipelined answers
 * leaves in one write. Adds {@code Server}, {@code Date}, the framing ({@code Content-Length} or
 * {@code Transfer-Encoding: chunked}) and {@code Connection} when the connection is to close (or to
 * stay open for an HTTP/1.0 client that asked). A {@code HEAD} answer gets the head of the
 * {@code GET} answer and no body.
 *
 * <p>State (owner thread only): {@code out[0, size)} holds what is encoded and not yet written.
 */
final class ResponseWriter {
    private static final byte[] OK_LINE = ascii("HTTP/1.1 200 OK\r\n");
    private static final byte[] SERVER = ascii("Server: weft\r\n");
    private static final byte[] CONTENT_LENGTH = ascii("Content-Length: ");
    private static final byte[] CHUNKED = ascii("Transfer-Encoding: chunked\r\n");
    private static final byte[] CLOSE = ascii("Connection: close\r\n");
    private static final byte[] KEEP_ALIVE = ascii("Connection: keep-alive\r\n");
    private static final byte[] CONTINUE = ascii("HTTP/1.1 100 Continue\r\n\r\n");
    private static final byte[] CRLF = ascii("\r\n");
    private static final byte[] LAST_CHUNK = ascii("0\r\n\r\n");
    private static final byte[] ERROR_TYPE = ascii("Content-Type: text/plain; charset=utf-8\r\n");

    private final HttpDate date;
    private byte[] out = new byte[16 * 1024];
    private int size;
    private ByteBuffer view = ByteBuffer.wrap(out);

    ResponseWriter(HttpDate date) {
        this.date = date;
    }

    /**
     * Encodes the answer to {@code request}.
     *
     * @param close whether the connection closes after it ({@code Connection: close} is sent)
     */
    void write(Request request, Response response, boolean close) {
        int status = response.status();
        statusLine(status);
        put(SERVER);
        put(date.line());
        put(response.fieldLines());
        if (!close && request.minorVersion() == 0) put(KEEP_ALIVE);
        if (close) put(CLOSE);
        boolean head = request.isHead();
        if (Status.bodiless(status)) {
            put(CRLF);
        } else if (response.isChunked() && request.minorVersion() >= 1) {
            put(CHUNKED);
            put(CRLF);
            if (!head) {
                for (byte[] chunk : response.chunks()) {
                    if (chunk.length == 0) continue;
                    hex(chunk.length);
                    put(CRLF);
                    put(chunk);
                    put(CRLF);
                }
                put(LAST_CHUNK);
            }
        } else {
            byte[] body = response.wholeBody();
            contentLength(body.length);
            put(CRLF);
            if (!head) put(body);
        }
    }

    /** Encodes the answer to a refused request: its status, a one-line text body, and close. */
    void writeError(int status, String message) {
        byte[] body = (message + "\n").getBytes(StandardCharsets.UTF_8);
        statusLine(status);
        put(SERVER);
        put(date.line());
        put(ERROR_TYPE);
        put(CLOSE);
        contentLength(body.length);
        put(CRLF);
        put(body);
    }

    /** Encodes the interim {@code 100 Continue}. */
    void writeContinue() {
        put(CONTINUE);
    }

    /** @return how many bytes are encoded and not yet written */
    int pending() {
        return size;
    }

    /** @return the encoded bytes as a buffer to write whole; call {@link #clear()} once written */
    ByteBuffer output() {
        view.limit(size).position(0);
        return view;
    }

    /** Forgets the written bytes; a buffer grown past 256 KiB (a large body) is given back. */
    void clear() {
        size = 0;
        if (out.length > 256 * 1024) {
            out = new byte[16 * 1024];
            view = ByteBuffer.wrap(out);
        }
    }

    private void statusLine(int status) {
        if (status == 200) {
            put(OK_LINE);
        } else {
            put(ascii("HTTP/1.1 " + status + " " + Status.reason(status) + "\r\n"));
        }
    }

    private void contentLength(int n) {
        put(CONTENT_LENGTH);
        decimal(n);
        put(CRLF);
    }

    private void decimal(int n) {
        if (n == 0) {
            putByte('0');
            return;
        }
        int digits = 0;
        for (int m = n; m > 0; m /= 10) digits++;
        ensure(digits);
        for (int i = size + digits - 1; i >= size; i--, n /= 10) out[i] = (byte) ('0' + n % 10);
        size += digits;
    }

    private void hex(int n) {
        String h = Integer.toHexString(n);
        ensure(h.length());
        for (int i = 0; i < h.length(); i++) out[size++] = (byte) h.charAt(i);
    }

    private void putByte(char c) {
        ensure(1);
        out[size++] = (byte) c;
    }

    private void put(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, out, size, b.length);
        size += b.length;
    }

    private void ensure(int more) {
        if (size + more <= out.length) return;
        out = Arrays.copyOf(out, Math.max(size + more, 2 * out.length));
        view = ByteBuffer.wrap(out);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
