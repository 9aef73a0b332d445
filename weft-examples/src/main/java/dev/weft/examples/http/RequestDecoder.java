package dev.weft.examples.http;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Decodes HTTP/1.x requests from the bytes of one connection, incrementally and within its
 * {@link Limits}: request line, header fields, and a body framed by {@code Content-Length} or
 * {@code Transfer-Encoding: chunked} (chunk extensions skipped, trailer fields kept).
 *
 * {@snippet :
 * RequestDecoder decoder = new RequestDecoder(Limits.DEFAULT);
 * byte[] bytes = "GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
 * decoder.readBuffer().put(bytes); // a socket read would put them there
 * decoder.filled(bytes.length);    // the count the read returned
 * Request r = decoder.next(); // GET /plaintext; null if more bytes are needed
 * }
 *
 * <p>Memory stays bounded whatever the input: the input buffer never grows beyond the longest line
 * the limits allow (plus 2), a body never beyond {@link Limits#maxBody()}, header strings never
 * beyond {@link Limits#maxHeaderBytes()}; {@link #retainedBytes()} tells what it holds. A request
 * that breaks the syntax or a limit makes {@link #next()} throw {@link ProtocolError}, then and on
 * every later call.
 *
 * <p>State (owner thread only, one connection): {@code buf[start, end)} holds the bytes not yet
 * decoded; {@code scan} is where the search for the current line's end resumes; the fields below
 * {@code state} describe the request being decoded.
 */
public final class RequestDecoder {
    private enum State { REQUEST_LINE, HEADERS, BODY, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS }

    private static final int INITIAL_BUFFER = 16 * 1024;
    /** Room kept at the end of the buffer before a read; less, and decoded bytes are dropped first. */
    private static final int MIN_READ = 4 * 1024;
    private static final int MAX_CHUNK_LINE = 1024;
    private static final byte[] NO_BODY = new byte[0];
    private static final Headers NO_FIELDS = new Headers();

    private final Limits limits;
    private final int maxBuffer;
    private byte[] buf;
    private ByteBuffer view;
    private int start;
    private int end;
    private int scan;
    private ProtocolError failed;

    private State state = State.REQUEST_LINE;
    private int headBytes;
    private int fields;
    private String method;
    private String target;
    private int minor;
    private Headers headers;
    private Headers trailers;
    private long contentLength;
    private boolean lengthSeen;
    private boolean chunked;
    private boolean close;
    private boolean keepAliveAsked;
    private boolean expectContinue;
    private boolean continueTaken;
    private int hosts;
    private byte[] body;
    private int bodyLength;
    private long chunkLeft;

    /**
     * @param limits the bounds of every request
     */
    public RequestDecoder(Limits limits) {
        this.limits = limits;
        long longestLine = Math.max(Math.max(limits.maxRequestLine(), limits.maxHeaderBytes()), MAX_CHUNK_LINE);
        this.maxBuffer = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(INITIAL_BUFFER, longestLine + 2));
        this.buf = new byte[Math.min(INITIAL_BUFFER, maxBuffer)];
        this.view = ByteBuffer.wrap(buf);
    }

    /**
     * Where the next read goes: a buffer positioned at the first free byte, its limit the end of
     * the free space (always at least one byte). Call {@link #filled(int)} with the count read.
     *
     * @return the read buffer (the same object until the decoder grows it)
     */
    public ByteBuffer readBuffer() {
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
            // Only a line longer than the buffer fills it; next() has refused any beyond the limits.
            buf = Arrays.copyOf(buf, (int) Math.min(maxBuffer, 2L * buf.length));
            view = ByteBuffer.wrap(buf);
        }
        view.limit(buf.length).position(end);
        return view;
    }

    /**
     * Takes in the bytes a read put into {@link #readBuffer()}.
     *
     * @param n the count read (not negative)
     * @throws IllegalArgumentException if {@code n} is negative or more than the free space
     */
    public void filled(int n) {
        if (n < 0 || n > buf.length - end) throw new IllegalArgumentException("filled " + n + " of " + (buf.length - end));
        end += n;
    }

    /** @return how many bytes are buffered and not decoded yet */
    public int buffered() {
        return end - start;
    }

    /** @return the bytes this decoder holds now: its input buffer and the body being collected */
    public long retainedBytes() {
        return buf.length + (body == null ? 0 : body.length);
    }

    /** @return whether the decoder waits for a request to begin and holds none of its bytes */
    public boolean idle() {
        return state == State.REQUEST_LINE && start == end && failed == null;
    }

    /** @return whether the request being decoded is still in its head (request line and fields) */
    public boolean inHead() {
        return state == State.REQUEST_LINE || state == State.HEADERS;
    }

    /**
     * Whether to send {@code 100 Continue} now: true once per request that asked for it
     * ({@code Expect: 100-continue}), when its head is decoded and none of its body has arrived.
     *
     * @return whether the caller must write {@code HTTP/1.1 100 Continue} before reading on
     */
    public boolean takeContinue() {
        if (!expectContinue || continueTaken || bodyLength > 0 || start != end) return false;
        if (state != State.BODY && state != State.CHUNK_SIZE) return false;
        continueTaken = true;
        return true;
    }

    /**
     * Decodes the next complete request from the buffered bytes.
     *
     * @return the request, or {@code null} if its bytes have not all arrived yet
     * @throws ProtocolError if the bytes break the syntax or a limit (then on every later call too)
     */
    public Request next() throws ProtocolError {
        if (failed != null) throw failed;
        try {
            return decode();
        } catch (ProtocolError e) {
            failed = e;
            throw e;
        }
    }

    private Request decode() throws ProtocolError {
        while (true) {
            switch (state) {
                case REQUEST_LINE -> {
                    int lf = findLineEnd();
                    if (lf < 0) {
                        if (end - start > limits.maxRequestLine() + 1) throw new ProtocolError(414, "request line too long");
                        return null;
                    }
                    int to = trimCr(lf);
                    if (to == start) { // an empty line before a request: allowed, skipped
                        consumeLine(lf);
                        continue;
                    }
                    if (to - start > limits.maxRequestLine()) throw new ProtocolError(414, "request line too long");
                    parseRequestLine(start, to);
                    consumeLine(lf);
                    state = State.HEADERS;
                }
                case HEADERS, TRAILERS -> {
                    int lf = findLineEnd();
                    if (lf < 0) {
                        if (headBytes + (end - start) > limits.maxHeaderBytes()) {
                            throw new ProtocolError(431, "header fields too large");
                        }
                        return null;
                    }
                    headBytes += lf + 1 - start;
                    if (headBytes > limits.maxHeaderBytes()) throw new ProtocolError(431, "header fields too large");
                    int to = trimCr(lf);
                    boolean last = to == start;
                    if (!last) {
                        if (++fields > limits.maxHeaders()) throw new ProtocolError(431, "too many header fields");
                        parseField(start, to, state == State.HEADERS);
                    }
                    consumeLine(lf);
                    if (last) {
                        if (state == State.TRAILERS) return complete();
                        Request r = endOfHead();
                        if (r != null) return r;
                    }
                }
                case BODY -> {
                    int n = (int) Math.min(end - start, contentLength - bodyLength);
                    System.arraycopy(buf, start, body, bodyLength, n);
                    bodyLength += n;
                    start += n;
                    if (bodyLength == contentLength) return complete();
                    return null;
                }
                case CHUNK_SIZE -> {
                    int lf = findLineEnd();
                    if (lf < 0) {
                        if (end - start > MAX_CHUNK_LINE) throw new ProtocolError(400, "chunk size line too long");
                        return null;
                    }
                    long size = parseChunkSize(start, trimCr(lf));
                    consumeLine(lf);
                    if (size == 0) {
                        trailers = new Headers();
                        state = State.TRAILERS;
                    } else {
                        reserveBody(size);
                        chunkLeft = size;
                        state = State.CHUNK_DATA;
                    }
                }
                case CHUNK_DATA -> {
                    int n = (int) Math.min(end - start, chunkLeft);
                    if (n == 0) return null;
                    System.arraycopy(buf, start, body, bodyLength, n);
                    bodyLength += n;
                    start += n;
                    scan = start;
                    chunkLeft -= n;
                    if (chunkLeft == 0) state = State.CHUNK_END;
                }
                case CHUNK_END -> {
                    if (end == start) return null;
                    if (buf[start] == '\n') {
                        start++;
                    } else if (buf[start] == '\r') {
                        if (end - start < 2) return null;
                        if (buf[start + 1] != '\n') throw new ProtocolError(400, "chunk data not followed by CRLF");
                        start += 2;
                    } else {
                        throw new ProtocolError(400, "chunk data longer than its size");
                    }
                    scan = start;
                    state = State.CHUNK_SIZE;
                }
            }
        }
    }

    /** @return the index of the LF ending the current line, or -1 (then {@code scan} remembers) */
    private int findLineEnd() {
        if (scan < start) scan = start;
        for (int i = scan; i < end; i++) {
            if (buf[i] == '\n') return i;
        }
        scan = end;
        return -1;
    }

    private int trimCr(int lf) {
        return lf > start && buf[lf - 1] == '\r' ? lf - 1 : lf;
    }

    private void consumeLine(int lf) {
        start = lf + 1;
        scan = start;
    }

    private void parseRequestLine(int from, int to) throws ProtocolError {
        int sp1 = indexOf(' ', from, to);
        if (sp1 <= from) throw new ProtocolError(400, "malformed request line");
        for (int i = from; i < sp1; i++) {
            if (!Syntax.isTokenChar(buf[i])) throw new ProtocolError(400, "malformed method");
        }
        int sp2 = indexOf(' ', sp1 + 1, to);
        if (sp2 < 0 || sp2 == sp1 + 1) throw new ProtocolError(400, "malformed request line");
        for (int i = sp1 + 1; i < sp2; i++) {
            if (!Syntax.isTargetChar(buf[i])) throw new ProtocolError(400, "malformed request target");
        }
        minor = RequestLine.minorVersion(buf, sp2 + 1, to);
        method = RequestLine.method(buf, from, sp1 - from);
        target = RequestLine.target(buf, sp1 + 1, sp2 - sp1 - 1);
        headers = new Headers();
        headBytes = 0;
        fields = 0;
    }

    private void parseField(int from, int to, boolean header) throws ProtocolError {
        int colon = indexOf(':', from, to);
        if (colon <= from) throw new ProtocolError(400, "malformed header field");
        for (int i = from; i < colon; i++) {
            if (!Syntax.isTokenChar(buf[i])) throw new ProtocolError(400, "malformed header field name");
        }
        int v = colon + 1;
        int w = to;
        while (v < w && Syntax.isWhite(buf[v])) v++;
        while (w > v && Syntax.isWhite(buf[w - 1])) w--;
        for (int i = v; i < w; i++) {
            if (!Syntax.isFieldValueChar(buf[i])) throw new ProtocolError(400, "malformed header field value");
        }
        String name = Syntax.ascii(buf, from, colon - from);
        String value = Syntax.ascii(buf, v, w - v);
        if (!header) {
            trailers.add(name, value);
            return;
        }
        headers.add(name, value);
        switch (FieldRules.nameOf(buf, from, colon - from)) {
            case CONTENT_LENGTH -> {
                long n = FieldRules.contentLength(value);
                if (lengthSeen && n != contentLength) throw new ProtocolError(400, "conflicting Content-Length");
                if (n > limits.maxBody()) throw new ProtocolError(413, "body larger than " + limits.maxBody() + " bytes");
                lengthSeen = true;
                contentLength = n;
            }
            case TRANSFER_ENCODING -> {
                if (chunked || FieldRules.chunkedCodings(value) > 1) throw new ProtocolError(400, "chunked applied twice");
                chunked = true;
            }
            case CONNECTION -> {
                int options = FieldRules.connectionOptions(value);
                close |= (options & FieldRules.CLOSE) != 0;
                keepAliveAsked |= (options & FieldRules.KEEP_ALIVE) != 0;
            }
            case EXPECT -> {
                if (!value.equalsIgnoreCase("100-continue")) throw new ProtocolError(417, "unknown expectation");
                expectContinue = minor >= 1;
            }
            case HOST -> {
                if (++hosts > 1) throw new ProtocolError(400, "more than one Host");
            }
            case OTHER -> { }
        }
    }

    private Request endOfHead() throws ProtocolError {
        if (minor >= 1 && hosts == 0) throw new ProtocolError(400, "HTTP/1.1 request without Host");
        if (chunked && lengthSeen) throw new ProtocolError(400, "both Content-Length and Transfer-Encoding");
        if (chunked && minor == 0) throw new ProtocolError(400, "Transfer-Encoding in an HTTP/1.0 request");
        if (chunked) {
            state = State.CHUNK_SIZE;
            return null;
        }
        if (contentLength > 0) {
            body = new byte[(int) contentLength];
            state = State.BODY;
            return null;
        }
        return complete();
    }

    private long parseChunkSize(int from, int to) throws ProtocolError {
        long size = 0;
        int i = from;
        for (; i < to; i++) {
            int d = Character.digit(buf[i], 16);
            if (d < 0) break;
            if (i - from >= 8) throw new ProtocolError(413, "chunk larger than the body limit");
            size = size * 16 + d;
        }
        if (i == from) throw new ProtocolError(400, "malformed chunk size");
        while (i < to && Syntax.isWhite(buf[i])) i++;
        if (i < to && buf[i] != ';') throw new ProtocolError(400, "malformed chunk size");
        for (; i < to; i++) {
            if (!Syntax.isFieldValueChar(buf[i])) throw new ProtocolError(400, "malformed chunk extension");
        }
        if (size > limits.maxBody() - bodyLength) {
            throw new ProtocolError(413, "body larger than " + limits.maxBody() + " bytes");
        }
        return size;
    }

    private void reserveBody(long more) {
        long need = bodyLength + more;
        if (body == null) {
            body = new byte[(int) Math.min(limits.maxBody(), Math.max(need, 256))];
        } else if (need > body.length) {
            body = Arrays.copyOf(body, (int) Math.min(limits.maxBody(), Math.max(need, 2L * body.length)));
        }
    }

    private Request complete() {
        byte[] b = body == null ? NO_BODY : bodyLength == body.length ? body : Arrays.copyOf(body, bodyLength);
        boolean keepAlive = minor >= 1 ? !close : keepAliveAsked && !close;
        Request r = new Request(method, target, minor, headers, b, trailers == null ? NO_FIELDS : trailers, keepAlive);
        state = State.REQUEST_LINE;
        method = null;
        target = null;
        headers = null;
        trailers = null;
        contentLength = 0;
        lengthSeen = chunked = close = keepAliveAsked = expectContinue = continueTaken = false;
        hosts = 0;
        body = null;
        bodyLength = 0;
        chunkLeft = 0;
        headBytes = 0;
        fields = 0;
        return r;
    }

    private int indexOf(char c, int from, int to) {
        for (int i = from; i < to; i++) if (buf[i] == c) return i;
        return -1;
    }
}
